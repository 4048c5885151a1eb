"""Probe the installed JAX and write the API table the analysis reads (jax_lsp/analysis/jax/data).

Why: what a JAX function does to tangents (argsort's result carries none, `reduce_precision`'s
does, `bincount`'s weights do), what dtype it returns, which arguments it calls, and which
custom rules or loops it runs inside are facts of one JAX version. Typed in by hand they drift
and miss; here they are measured by running JAX: each public callable is traced with a few
small argument signatures (`jax.eval_shape`), its JVP is staged (`jax.make_jaxpr` of `jax.jvp`)
and the jaxpr's data flow says which inputs' tangents reach which outputs (symbolic zeros and
float0 tangents reach nothing); the primal jaxpr names the custom rules and loops inside, and
running `jax.jvp` / `jax.vjp` says which error forward or reverse differentiation raises.
A function no signature fits is recorded as "unknown": the analysis then assumes nothing.

Usage:
    python scripts/gen_jax_api.py                  # rewrite jax_lsp/analysis/jax/data/jax_api.json
    python scripts/gen_jax_api.py --check          # exit 1 when the table drifted from JAX
    python scripts/gen_jax_api.py --only jax.nn --print   # probe a subset, print it
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import inspect
import json
import signal
import sys
import types
import warnings
from pathlib import Path
from typing import Any

import jax
import jax.extend.core
import jax.numpy as jnp
import numpy as np

OUT = Path(__file__).resolve().parents[1] / "jax_lsp" / "analysis" / "jax" / "data" / "jax_api.json"

#: the modules whose public callables are probed (submodules of jax.scipy and
#: jax.experimental are found by walking them)
MODULES = [
    "jax.numpy",
    "jax.numpy.linalg",
    "jax.numpy.fft",
    "jax.lax",
    "jax.lax.linalg",
    "jax.nn",
    "jax.random",
    "jax.tree",
    "jax.tree_util",
]
WALKED = ["jax.scipy", "jax.experimental"]
#: experimental modules that are not array APIs (or need a device mesh / a backend plugin)
SKIP_MODULES = (
    "jax.experimental.jax2tf",
    "jax.experimental.mosaic",
    "jax.experimental.pallas",
    "jax.experimental.serialize_executable",
    "jax.experimental.compilation_cache",
    "jax.experimental.colocated_python",
    "jax.experimental.multihost_utils",
    "jax.experimental.profiler",
    "jax.experimental.jax2tf",
    "jax.experimental.buffer_callback",
    "jax.experimental.mesh_utils",
    "jax.experimental.topologies",
    "jax.experimental.array_serialization",
    "jax.experimental.rnn",
)
FOREIGN = ("numpy", "builtins", "typing", "functools", "ml_dtypes", "collections", "abc", "scipy")
#: parameter names that take a function
CALLABLE_PARAMS = frozenset(
    {
        "f",
        "fun",
        "func",
        "fn",
        "fun_or_ndarray",
        "pyfunc",
        "function",
        "body_fun",
        "cond_fun",
        "true_fun",
        "false_fun",
        "branches",
        "funclist",
        "matvec",
        "solve",
        "transpose_solve",
        "callback",
        "computation",
        "A",
        "M",
        "func1d",
        "mask_func",
        "jac",
        "hess",
        "f_jvp",
    }
)


def _arrays() -> dict[str, Any]:
    key = jax.random.key(0)
    return {
        "S": jnp.float32(0.5),
        "V": jnp.array([0.3, 0.5, 0.7], jnp.float32),
        "M": jnp.array([[2.0, 0.1, 0.2], [0.1, 3.0, 0.3], [0.2, 0.3, 4.0]], jnp.float32),
        "I": jnp.array([0, 1, 2], jnp.int32),
        "IM": jnp.array([[2, 0, 1], [0, 3, 1], [1, 1, 4]], jnp.int32),
        "I0": jnp.int32(1),
        "B": jnp.array([True, False, True]),
        "i": 1,
        "shape": (3,),
        "K": key,
        "dtype": jnp.float32,
    }


#: argument signatures tried in order (letters are the entries of `_arrays`)
SIGNATURES = [
    "V", "M", "S", "V V", "M M", "M V", "S S", "V S", "V V V", "S S S", "M M M",
    "V I", "I V", "V i", "M i", "i S", "B V V", "V i i", "V V i", "V i V", "I V i i", "I",
    "i", "i i", "I I", "B", "shape", "IM",
]  # fmt: skip
RANDOM_SIGNATURES = [
    "i", "K", "K shape", "K V", "K S", "K S S", "K shape dtype S S", "K V V", "K V shape", "K i",
    "K I", "K V i", "K shape i i",
]  # fmt: skip
FLOAT_KEYS = ("S", "V", "M")


class _Timeout(Exception):
    pass


@contextlib.contextmanager
def _time_limit(seconds: int):
    def handler(signum, frame):  # noqa: ARG001
        raise _Timeout()

    old = signal.signal(signal.SIGALRM, handler)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# --------------------------------------------------------------------------- jaxpr data flow


def _sub_jaxpr(eqn: Any) -> Any:
    """The inner jaxpr of a call-like equation whose inputs and outputs map one to one."""
    for v in eqn.params.values():
        j = getattr(v, "jaxpr", v)
        if isinstance(j, jax.extend.core.Jaxpr) and len(j.invars) == len(eqn.invars):
            if len(j.outvars) == len(eqn.outvars):
                return j
    return None


def _flow(jaxpr: Any, ins: list[frozenset]) -> list[frozenset]:
    """For each output of `jaxpr`, the set of input labels it depends on."""
    env: dict[Any, frozenset] = dict(zip(jaxpr.invars, ins))

    def read(a: Any) -> frozenset:
        return frozenset() if isinstance(a, jax.extend.core.Literal) else env.get(a, frozenset())

    for eqn in jaxpr.eqns:
        vals = [read(a) for a in eqn.invars]
        sub = _sub_jaxpr(eqn)
        if sub is not None:
            outs = _flow(sub, vals)
        else:
            u = frozenset().union(*vals) if vals else frozenset()
            outs = [u] * len(eqn.outvars)
        for v, s in zip(eqn.outvars, outs):
            env[v] = s
    return [read(v) for v in jaxpr.outvars]


_STRUCTURAL = (
    "custom_jvp_call",
    "custom_vjp_call",
    "while",
    "scan",
    "cond",
    "custom_linear_solve",
    "pure_callback",
    "io_callback",
    "shard_map",
    "remat",
    "checkpoint",
)


def _primitives(jaxpr: Any, out: set[str]) -> None:
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if any(name.startswith(s) for s in _STRUCTURAL):
            out.add(name)
        for v in eqn.params.values():
            for j in v if isinstance(v, (tuple, list)) else (v,):
                j = getattr(j, "jaxpr", j)
                if isinstance(j, jax.extend.core.Jaxpr):
                    _primitives(j, out)


def _kind(dtype: Any) -> str:
    if jax.dtypes.issubdtype(dtype, jax.dtypes.extended):
        return "key"
    d = np.dtype(dtype)
    if d == jax.dtypes.float0:
        return "float0"
    for kind, base in (
        ("bool", np.bool_),
        ("int", jnp.integer),
        ("complex", jnp.complexfloating),
        ("float", jnp.floating),
    ):
        if jnp.issubdtype(d, base):
            return kind
    return "other"


def _error_kind(e: BaseException) -> str:
    """What a differentiation error says, in the words of the analysis' codes."""
    msg = str(e)
    if "custom_vjp" in msg and "forward-mode" in msg:
        return "custom_vjp_forward"  # JAX005
    if "Reverse-mode differentiation does not work for lax.while_loop" in msg:
        return "while_loop_reverse"  # JAX009
    if "Transpose rule" in msg and "custom_vjp_call" in msg:
        return "custom_vjp_transpose"  # JAX006
    return "error"


# --------------------------------------------------------------------------- probing


def _recorder(calls: list[int], scalar: bool = False, ranks: list[int] | None = None):
    """A function for a higher-order API to call: counts its calls, returns the sum of its
    array arguments (summed to a scalar for APIs that want scalar functions: minimize), and
    notes the ranks of the arrays it gets in `ranks`."""
    ranks = ranks if ranks is not None else []

    def g(*a, **k):
        calls.append(len(a))
        arrays = [x for x in a if hasattr(x, "dtype")]
        ranks.extend(len(x.shape) for x in arrays)
        if not arrays:
            return a[0] if a else jnp.float32(0.0)
        out = arrays[0]
        for x in arrays[1:]:
            with contextlib.suppress(Exception):
                out = out + x
        return jnp.sum(out) if scalar else out

    return g


def _list_length_is_fixed(fn: Any, args: list[Any], n: int) -> bool:
    """Whether a list result is a fixed set of outputs (top_k's [values, indices], each with
    its own dtype), not a sequence whose length a Python int argument sets (split's
    sections): its length stays `n` when each int argument is raised by one."""
    for i, a in enumerate(args):
        if type(a) is not int:
            continue
        bumped = list(args)
        bumped[i] = a + 1
        try:
            out = jax.eval_shape(lambda: fn(*bumped))  # noqa: B023 (called at once)
        except Exception:
            return False
        if not isinstance(out, list) or len(out) != n:
            return False
    return True


def _probe_call(fn: Any, args: list[Any]) -> dict[str, Any] | None:
    """Probe `fn(*args)`; None when JAX rejects the signature."""
    floats = [i for i, a in enumerate(args) if _is_float(a)]

    def call(*fl: Any) -> Any:
        full = list(args)
        for i, x in zip(floats, fl):
            full[i] = x
        out = fn(*full)
        if callable(out) and not hasattr(out, "dtype"):
            raise TypeError("returned a function")
        return out

    prims = [args[i] for i in floats]
    try:
        closed, shape = jax.make_jaxpr(call, return_shape=True)(*prims)
    except _Timeout:
        raise
    except Exception as e:
        if floats and isinstance(
            e, (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError)
        ):
            # a float that must be concrete: traced code can only pass it static values
            return {"sig": None, "static": floats}
        return None
    leaves = jax.tree_util.tree_leaves(shape)
    if not leaves or not all(hasattr(x, "dtype") for x in leaves):
        return None
    kinds = [_kind(x.dtype) for x in leaves]
    result: dict[str, Any] = {"outputs": kinds}
    if isinstance(shape, (tuple, list)) and all(hasattr(x, "dtype") for x in shape):
        if isinstance(shape, tuple) or _list_length_is_fixed(fn, args, len(shape)):
            result["tuple"] = len(leaves)
    prims_set: set[str] = set()
    _primitives(closed.jaxpr, prims_set)
    result["primitives"] = sorted(prims_set)
    if not floats:
        result["from"] = [[] for _ in leaves]
        return result
    # which inputs' tangents reach which outputs: the JVP's data flow
    n = len(prims)
    try:
        closed = jax.make_jaxpr(lambda p, t: jax.jvp(call, p, t))(prims, prims)
    except Exception as e:
        result["forward"] = _error_kind(e)
        result["from"] = None
    else:
        j = closed.jaxpr
        labels = [frozenset()] * n + [frozenset({floats[i]}) for i in range(n)]
        flows = _flow(j, labels)
        tangents = flows[len(leaves) :]
        result["from"] = [sorted(s) for s in tangents]
    if any(k == "float" for k in kinds) and prims_set & {"while", "custom_vjp_call"}:
        # only loops and custom rules make one mode fail where the other works; the errors
        # are raised when differentiating eagerly (a staged jvp of a custom_vjp does not raise)
        try:
            jax.jvp(call, tuple(prims), tuple(prims))
        except Exception as e:
            result["forward"] = _error_kind(e)
        try:
            out, back = jax.vjp(call, *prims)
            back(jax.tree_util.tree_map(jnp.ones_like, out))
        except Exception as e:
            result["reverse"] = _error_kind(e)
    if any(k == "float" for k in kinds) and "custom_vjp_call" in prims_set:
        # linear_transpose stages the function and transposes its jaxpr: a custom_vjp on the
        # linear path has no transpose rule (JAX006). Other errors (the function is not
        # linear) say nothing about custom rules and are not recorded.
        try:
            out = call(*prims)
            jax.linear_transpose(call, *prims)(jax.tree_util.tree_map(jnp.ones_like, out))
        except Exception as e:
            if _error_kind(e) == "custom_vjp_transpose":
                result["transpose"] = "custom_vjp_transpose"
    return result


def _is_float(a: Any) -> bool:
    return isinstance(a, (jax.Array, np.ndarray, np.generic)) and _kind(a.dtype) == "float"


def _params(fn: Any) -> list[str] | None:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    out = []
    for p in sig.parameters.values():
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            out.append(p.name)
        elif p.kind == p.VAR_POSITIONAL:
            out.append("*" + p.name)
    return out


def _callable_params(params: list[str] | None, fn: Any) -> list[str]:
    if not params:
        return []
    found = []
    try:
        hints = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        hints = {}
    for name in params:
        p = hints.get(name)
        ann = "" if p is None or p.annotation is p.empty else str(p.annotation)
        if "Callable" in ann or (not ann and name in CALLABLE_PARAMS):
            found.append(name)
    return found


def probe(qual: str, fn: Any, arrays: dict[str, Any], random: bool) -> dict[str, Any]:
    params = _params(fn)
    entry: dict[str, Any] = {"params": params}
    callables = _callable_params(params, fn)
    if callables:
        entry["callables"] = callables
        return _probe_higher_order(fn, entry, params or [], callables, arrays)
    sigs = RANDOM_SIGNATURES if random else SIGNATURES
    probes, static = _probe_signatures(fn, sigs, arrays)
    sizes = _static_sizes(fn)
    if not probes and static and sizes:
        # it needs a static size to be traced (bincount's `length`, nonzero's `size`): give one
        probes, static = _probe_signatures(functools.partial(fn, **sizes), sigs, arrays)
        if probes:
            entry["sizes"] = sorted(sizes)
    return _summarise(entry, probes, static)


def _static_sizes(fn: Any) -> dict[str, int]:
    """Keyword-only integer parameters defaulting to None (`length`, `size`): the static sizes
    that make a data-dependent shape traceable."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {
        p.name: 3
        for p in params
        if p.kind == p.KEYWORD_ONLY and p.default is None and "int" in str(p.annotation)
    }


def _probe_signatures(fn: Any, sigs: list[str], arrays: dict) -> tuple[list[dict], set[int]]:
    probes: list[dict] = []
    static: set[int] = set()
    for sig in sigs:
        args = [arrays[k] for k in sig.split()]
        try:
            with warnings.catch_warnings(), _time_limit(60):
                warnings.simplefilter("ignore")
                r = _probe_call(fn, args)
        except _Timeout:
            break
        except Exception:
            r = None
        if r is None:
            continue
        if r.get("sig") is None and "static" in r:
            static.update(r["static"])
            continue
        r["sig"] = sig
        probes.append(r)
        if sum(any(k in FLOAT_KEYS for k in p["sig"].split()) for p in probes) >= 4:
            break
    # whether integer inputs give integer results (meshgrid, stack): the first float
    # signature again with integer arrays, unless an integer-only signature was probed
    # (a float scalar becomes a Python int, or else an integer vector: array methods)
    if not any(all(k in ("I", "IM", "I0", "i", "B") for k in p["sig"].split()) for p in probes):
        first = next((p["sig"] for p in probes if set(p["sig"].split()) & set(FLOAT_KEYS)), None)
        for scalar in ("i", "I0", "I") if first is not None else ():
            ints = {"V": "I", "M": "IM", "S": scalar}
            sig = " ".join(ints.get(k, k) for k in first.split())
            try:
                with warnings.catch_warnings(), _time_limit(60):
                    warnings.simplefilter("ignore")
                    r = _probe_call(fn, [arrays[k] for k in sig.split()])
            except Exception:
                r = None
            if r is not None and r.get("sig") is None and "outputs" in r:
                r["sig"] = sig
                probes.append(r)
                break
    return probes, static


def _summarise(entry: dict[str, Any], probes: list[dict], static: set[int]) -> dict[str, Any]:
    if not probes:
        entry["status"] = "static" if static else "unknown"
        if static:
            entry["static"] = sorted(static)
        return entry
    entry["status"] = "probed"
    entry["probes"] = probes
    reach: dict[int, bool] = {}
    unknown_flow = False
    for p in probes:
        floats = [i for i, k in enumerate(p["sig"].split()) if k in FLOAT_KEYS]
        if p.get("from") is None:
            unknown_flow = True
            for i in floats:
                reach[i] = True
            continue
        hit = set().union(*map(set, p["from"])) if p["from"] else set()
        for i in floats:
            reach[i] = reach.get(i, False) or i in hit
    for i in static:
        reach.setdefault(i, False)
    n = max(reach) + 1 if reach else 0
    # per position: True (tangent reaches the result), False (never), None (not probed with a
    # float there)
    entry["reach"] = [reach.get(i) for i in range(n)]
    kinds = {k for p in probes for k in p["outputs"]}
    entry["out"] = (
        "int" if kinds <= {"int", "bool"} else "key" if kinds == {"key"} else "float"
    )
    entry["tangent_free"] = not unknown_flow and not any(reach.values())
    for what in ("forward", "reverse", "transpose"):
        errs = {p.get(what) for p in probes if p.get(what)}
        if errs:
            entry[what] = sorted(errs)[0]
    prims = sorted({x for p in probes for x in p.get("primitives", ())})
    if prims:
        entry["primitives"] = prims
    return entry


_FN, _ARRAY, _BOOL = object(), object(), object()


def _letter(a: Any, arrays: dict) -> str:
    if a is _FN or (callable(a) and not hasattr(a, "dtype")):
        return "g"
    if isinstance(a, list):
        return "[" + " ".join(_letter(x, arrays) for x in a) + "]"
    for k, v in arrays.items():
        if v is a:
            return k
    return repr(a)


def _source_strings(fn: Any) -> list[str]:
    """The short string constants of `fn`'s own source: the values a `method: str` parameter
    accepts are among them (minimize's "BFGS")."""
    import ast
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except Exception:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            v = node.value
            if 0 < len(v) <= 16 and v.isidentifier() and v not in found:
                found.append(v)
    return found[:12]


def _fillers(
    fn: Any, callables: list[str], filler: str, arrays: dict
) -> list[tuple[list[Any], dict[str, Any]]]:
    """Candidate arguments for the required parameters of a higher-order function: the
    callable parameters get a recording function (a list of them for a sequence), `str`
    parameters the strings of its source, `int` parameters 0, tuple parameters an empty
    tuple, the rest arrays
    (float, or boolean for conditions)."""
    params = [
        p
        for p in inspect.signature(fn).parameters.values()
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD,
                                               p.KEYWORD_ONLY)
    ]
    options: list[list[Any]] = []
    for p in params:
        ann = "" if p.annotation is p.empty else str(p.annotation)
        if p.name in callables:
            listy = "sequence" in ann.lower() or "list" in ann.lower()
            options.append([[_FN]] if listy else [_FN])
        elif "str" in ann and "Array" not in ann:
            options.append(_source_strings(fn) or [_ARRAY])
        elif ann in ("int", "<class 'int'>"):
            options.append([0])  # an axis (apply_along_axis's): a Python int, not an array
        elif "tuple" in ann.lower() or p.name == "args":
            options.append([()])
        elif "sequence" in ann.lower():
            options.append([_ARRAY, _BOOL, [_BOOL]])
        else:
            options.append([_ARRAY, _BOOL])
    combos: list[list[Any]] = [[]]
    for opts in options:
        combos = [c + [o] for c in combos for o in opts][:24]
    out = []
    for c in combos:
        vals = [
            arrays[filler] if a is _ARRAY
            else arrays["B"] if a is _BOOL
            else [arrays["B"]] if isinstance(a, list) and a and a[0] is _BOOL
            else a
            for a in c
        ]
        pos = [v for p, v in zip(params, vals) if p.kind != p.KEYWORD_ONLY]
        kw = {p.name: v for p, v in zip(params, vals) if p.kind == p.KEYWORD_ONLY}
        out.append((pos, kw))
    return out


def _with_fn(
    template: Any, calls: list[int], scalar: bool = False, ranks: list[int] | None = None
) -> Any:
    if template is _FN:
        return _recorder(calls, scalar, ranks)
    if isinstance(template, list) and len(template) == 1 and template[0] is _FN:
        return [_recorder(calls, scalar, ranks)]
    return template


def _host_fn(scalar: bool, scale: Any = None) -> Any:
    """A function JAX cannot differentiate nor transpose (a pure_callback), shaped like its
    first argument (summed for APIs that want scalar functions), optionally scaled by a
    closed-over `scale` (whose tangent then reaches it)."""

    def g(*a: Any, **k: Any) -> Any:
        x = a[0] if scale is None else a[0] * scale
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        y = jax.pure_callback(lambda v: np.asarray(v), shape, x)
        return jnp.sum(y) if scalar else y

    return g


def _host_error(call: Any) -> str | None:
    """Which callback error `call()` raises: "transpose", "jvp", "vmap" (the callback, which
    has no `vmap_method`, is batched), "other" or None."""
    try:
        with warnings.catch_warnings(), _time_limit(60):
            warnings.simplefilter("ignore")
            call()
    except Exception as e:  # noqa: BLE001 - any other error is "other"
        text = str(e)
        if "do not support transpose" in text:
            return "transpose"
        if "vmap_method" in text:
            return "vmap"
        return "jvp" if "do not support JVP" in text else "other"
    return None


def _with_host(template: list[Any], host: Any, others: Any, only: int | None = None) -> list:
    """`template` with `host` for its function slots (only slot `only` if given; the others
    get `others`)."""
    out = []
    slot = 0
    for a in template:
        is_fn = a is _FN or (isinstance(a, list) and len(a) == 1 and a[0] is _FN)
        if not is_fn:
            out.append(a)
            continue
        f = host if only is None or only == slot else others
        out.append([f] if isinstance(a, list) else f)
        slot += 1
    return out


def _callee_facts(
    fn: Any, entry: dict[str, Any], template: list[Any], kw: dict[str, Any], scalar: bool,
    params: list[str],
) -> None:
    """What `fn` does to the functions it is given, measured by giving it pure_callbacks:
    whether tracing it transposes them (gmres's non-symmetric custom_linear_solve),
    differentiates them (minimize's BFGS takes gradients) or batches them (piecewise) with no
    transform around it; and,
    under `jax.grad`, which of them the outer derivative never differentiates (cg's
    preconditioner M, applied inside the solve)."""
    hosted = _with_host(template, _host_fn(scalar), None)
    err = _host_error(lambda: jax.eval_shape(lambda: fn(*hosted, **kw)))
    if err is None:
        # given matrices where it was given vectors: one that maps its function over the
        # rows (apply_along_axis) batches it then, and only then
        rows = [jnp.stack([a, a]) if _is_float(a) and a.ndim == 1 else a for a in hosted]
        if _host_error(lambda: jax.eval_shape(lambda: fn(*rows, **kw))) == "vmap":
            entry["maps"] = True
    if err == "transpose":
        entry["transposes"] = True
    elif err == "jvp":
        entry["differentiates"] = True
    elif err == "vmap":
        # it calls them under its own vmap (piecewise's switch): a callback there is batched
        entry["maps"] = True
    if err is not None:
        return
    slots = [p for p in params if p in entry.get("callables", ())]
    n = sum(1 for a in template if a is _FN or (isinstance(a, list) and a[:1] == [_FN]))
    # the function slots of the template, then the optional function parameters (keywords)
    probes = [(slots[i] if i < len(slots) else None, i, None) for i in range(n)]
    probes += [(p, None, p) for p in slots[n:] if p not in kw]
    data = next((i for i, a in enumerate(template) if _is_float(a)), None)
    one, x0 = jnp.float32(1.0), template[data] if data is not None else None
    plain = []
    for name, slot, keyword in probes:
        if name is None or data is None:
            continue

        def run(s: Any, x: Any, slot: int | None = slot, keyword: str | None = keyword) -> Any:
            host = _host_fn(scalar, s)
            args = _with_host(template, host, _recorder([], scalar), only=-1 if keyword else slot)
            args[data] = x
            kws = {**kw, keyword: host} if keyword else kw
            leaves = [x for x in jax.tree.leaves(fn(*args, **kws)) if hasattr(x, "dtype")]
            floats = [x for x in leaves if jnp.issubdtype(x.dtype, jnp.inexact)]
            return jnp.sum(floats[0]).real if floats else jnp.float32(0.0)

        # differentiated neither through the data (`b`) nor through what it closes over
        # (a JAX error other than the callback's there: it does not reach the callback)
        through_data = _host_error(lambda run=run: jax.grad(run, 1)(None, x0))
        through_closure = _host_error(lambda run=run: jax.grad(run)(one, x0))
        if through_data is None and through_closure in (None, "other"):
            plain.append(name)
    if plain:
        entry["undifferentiated"] = plain


def _probe_higher_order(
    fn: Any, entry: dict[str, Any], params: list[str], callables: list[str], arrays: dict
) -> dict[str, Any]:
    """How a function that takes a function calls it: at once ("calls") or through the function
    it returns ("wrapper"), and with how many arguments."""
    probes = []
    for filler, scalar in (("V", False), ("S", False), ("M", False), ("V", True)):
        try:
            candidates = _fillers(fn, callables, filler, arrays)
        except (TypeError, ValueError):
            break
        for template, kw in candidates:
            calls: list[int] = []
            args = [_with_fn(a, calls, scalar) for a in template]
            try:
                with warnings.catch_warnings(), _time_limit(60):
                    warnings.simplefilter("ignore")
                    try:
                        # staged, not run: fast, and what a function that calls at once needs
                        out = jax.eval_shape(lambda args=args, kw=kw: fn(*args, **kw))
                    except Exception:
                        calls.clear()
                        out = fn(*args, **kw)
                    if callable(out) and not hasattr(out, "dtype"):
                        calls.clear()
                        ranks: list[int] = []
                        out = fn(*[_with_fn(a, calls, scalar, ranks) for a in template], **kw)
                        jax.eval_shape(out, arrays["M"])
                        if calls:
                            entry["calling"] = "wrapper"
                            entry["callee_arity"] = max(calls)
                            # the function sees slices of its arguments: it is vmapped
                            entry["maps"] = bool(ranks) and max(ranks) < 2
                            break
                        continue
            except Exception:
                continue
            if not calls:
                continue
            entry["calling"] = "calls"
            entry["callee_arity"] = max(calls)
            _callee_facts(fn, entry, template, kw, scalar, params)
            r = None
            try:
                with warnings.catch_warnings(), _time_limit(120):
                    warnings.simplefilter("ignore")
                    r = _probe_call(
                        functools.partial(fn, **kw),
                        [_with_fn(a, [], scalar) for a in template],
                    )
            except Exception:
                r = None
            if r is not None and "outputs" in r:
                r["sig"] = " ".join(
                    _letter(a, arrays)
                    for a in template
                )
                probes.append(r)
            break
        if "calling" in entry:
            break
    if not probes:
        entry["status"] = "probed" if "calling" in entry else "unknown"
        return entry
    return _summarise(entry, probes, set())


# --------------------------------------------------------------------------- walking JAX


def _modules(only: list[str] | None = None) -> list[str]:
    import pkgutil

    names = list(MODULES)
    for root in WALKED:
        if only and not any(o.startswith(root) or root.startswith(o) for o in only):
            continue
        mod = importlib.import_module(root)
        names.append(root)
        for info in pkgutil.walk_packages(mod.__path__, root + "."):
            n = info.name
            if any(part.startswith("_") for part in n.split(".")):
                continue
            if n.startswith(SKIP_MODULES):
                continue
            names.append(n)
    return names


def _public_callables(modname: str) -> list[tuple[str, Any]]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            mod = importlib.import_module(modname)
    except Exception:
        return []
    out = []
    for name in sorted(getattr(mod, "__all__", None) or dir(mod)):
        if name.startswith("_"):
            continue
        try:
            obj = getattr(mod, name)
        except Exception:
            continue
        if isinstance(obj, types.ModuleType) or inspect.isclass(obj) or not callable(obj):
            continue
        owner = getattr(obj, "__module__", "") or ""
        if owner.startswith(FOREIGN):
            continue  # a re-export of numpy, typing, ...: not JAX's to describe
        out.append((f"{modname}.{name}", obj))
    return out


def _targets(only: list[str] | None) -> list[tuple[str, Any, str | None]]:
    """(qualified name, function, the name it repeats or None) for everything to probe."""
    out: list[tuple[str, Any, str | None]] = []
    seen: set[str] = set()
    by_id: dict[int, str] = {}
    for modname in _modules(only):
        if only and not any(modname == o or modname.startswith(o + ".") for o in only):
            continue
        for qual, fn in _public_callables(modname):
            if qual in seen:
                continue
            seen.add(qual)
            first = by_id.get(id(fn))
            if first is None:
                by_id[id(fn)] = qual
            out.append((qual, fn, first))
    if not only or "jax.Array" in only:
        out += [(q, fn, None) for q, fn in _array_methods()]
    return out


def _worker(only: list[str] | None, skip: set[str]) -> None:
    """Probe in this process, one JSON line per function (a "start" line before each, so that
    the parent knows which one crashed the process, if one does)."""
    jax.config.update("jax_traceback_filtering", "off")
    arrays = _arrays()
    for qual, fn, first in _targets(only):
        if qual in skip:
            continue
        print(json.dumps({"start": qual}), flush=True)
        if first is not None:
            entry: dict[str, Any] = {"same_as": first}
        else:
            random = qual.startswith("jax.random.")
            entry = probe(qual, fn, arrays, random=random)
        print(json.dumps({"done": qual, "entry": entry}), flush=True)


def build(only: list[str] | None = None) -> dict[str, Any]:
    """Probe in worker processes: a probe that crashes the interpreter (a segfault in a
    runtime method) costs one row ("crashed", unknown), not the table."""
    import subprocess
    import tempfile

    functions: dict[str, Any] = {}
    crashed: set[str] = set()
    while True:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(sorted(set(functions) | crashed), f)
        cmd = [sys.executable, "-W", "ignore", __file__, "--worker", "--skip", f.name]
        for o in only or ():
            cmd += ["--only", o]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        Path(f.name).unlink()
        started = None
        for line in proc.stdout.splitlines():
            try:
                msg = json.loads(line)
            except json.JSONDecodeError:
                continue
            if "start" in msg:
                started = msg["start"]
            elif "done" in msg:
                functions[msg["done"]] = msg["entry"]
                started = None
        if proc.returncode == 0:
            break
        if started is None:
            raise RuntimeError(f"probe worker failed: {proc.stderr[-2000:]}")
        crashed.add(started)
        functions[started] = {"status": "unknown", "crashed": True}
    return {"jax_version": jax.__version__, "functions": functions, "dtypes": _dtypes()}


def _array_methods() -> list[tuple[str, Any]]:
    """The methods of a traced array, as functions of the array (`x.argmax()`)."""
    x = jnp.zeros(3)
    out = []
    for name in sorted(dir(x)):
        try:
            if name.startswith("_") or not callable(getattr(x, name, None)):
                continue
        except Exception:
            continue

        def method(arr: Any, *a: Any, _name: str = name) -> Any:
            return getattr(arr, _name)(*a)

        out.append((f"jax.Array.{name}", method))
    return out


def _dtypes() -> dict[str, str]:
    """Dtype names (jax.numpy's and numpy's scalar types, and dtype strings such as "int32" or
    "i4") by kind: a cast to an integer kind kills tangents."""
    out = {}
    for modname, mod in (("jax.numpy", jnp), ("numpy", np)):
        for name in dir(mod):
            obj = getattr(mod, name, None)
            is_type = inspect.isclass(obj) and issubclass(obj, np.generic)
            if not is_type and not isinstance(getattr(obj, "dtype", None), np.dtype):
                continue
            if not is_type and not inspect.isclass(type(obj)) or hasattr(obj, "shape"):
                continue
            with contextlib.suppress(Exception):
                out[f"{modname}.{name}"] = _kind(np.dtype(obj))
    for name in ("int", "bool", "float", "complex"):
        out[f"builtins.{name}"] = _kind(np.dtype(name))
    codes = [f"{c}{n}" for c in "iuf" for n in (1, 2, 4, 8)] + list("bhilqBHILQefdg?")
    for name in [*np.sctypeDict, *codes]:
        if isinstance(name, str):
            with contextlib.suppress(Exception):
                out[f"'{name}'"] = _kind(np.dtype(name))
    return out


def coverage(table: dict[str, Any]) -> dict[str, int]:
    fns = table["functions"]
    own = [e for e in fns.values() if "same_as" not in e]
    return {
        "names": len(fns),
        "probed": len(own),
        "recorded": sum(e.get("status") in ("probed", "static") for e in own),
        "unknown": sum(e.get("status") == "unknown" for e in own),
        "tangent_free": sum(bool(e.get("tangent_free")) for e in own),
        "higher_order": sum("callables" in e for e in own),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the stored table")
    ap.add_argument("--only", action="append", help="probe only these modules (repeatable)")
    ap.add_argument("--print", action="store_true", help="print instead of writing")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--skip", type=Path, help=argparse.SUPPRESS)
    ns = ap.parse_args(argv)
    if ns.worker:
        _worker(ns.only, set(json.loads(ns.skip.read_text())) if ns.skip else set())
        return 0
    table = build(ns.only)
    if ns.check:
        stored = json.loads(ns.out.read_text())
        drift = diff(stored, table, ns.only)
        for line in drift[:50]:
            print(line)
        print(f"{len(drift)} differences", file=sys.stderr)
        return 1 if drift else 0
    text = json.dumps(table, indent=1, sort_keys=True) + "\n"
    if ns.print:
        print(text)
    else:
        ns.out.parent.mkdir(parents=True, exist_ok=True)
        ns.out.write_text(text)
    print(json.dumps(coverage(table)), file=sys.stderr)
    return 0


def diff(stored: dict[str, Any], fresh: dict[str, Any], only: list[str] | None) -> list[str]:
    """The entries of `stored` that `fresh` (a probe of the installed JAX) disagrees with."""
    out = []
    if stored.get("jax_version") != fresh.get("jax_version"):
        out.append(f"jax_version {stored.get('jax_version')} != {fresh.get('jax_version')}")
    a, b = stored["functions"], fresh["functions"]

    def wanted(q: str) -> bool:
        return not only or any(q.startswith(o + ".") for o in only)

    for q in sorted(set(a) | set(b)):
        if not wanted(q):
            continue
        if a.get(q) != b.get(q):
            was, now = json.dumps(a.get(q))[:200], json.dumps(b.get(q))[:200]
            out.append(f"{q}: stored {was} != now {now}")
    return out


if __name__ == "__main__":
    sys.exit(main())
