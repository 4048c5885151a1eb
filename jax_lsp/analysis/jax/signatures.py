"""`inspect.signature(f)` of one of JAX's functions whose parameters code tests: its
`parameters`, a mapping of the names JAX's function takes, measured on JAX 0.10.2.

Why: version-dependent code picks `jax.pure_callback`'s keywords by asking its signature
(`if "vectorized" in inspect.signature(jax.pure_callback).parameters or "kwargs" in ...`);
unmodelled, the test is undecided, both dicts of keywords join and the removed `vectorized=`
(JAX012) a branch certainly gives is lost. `parameters` is a read-only mapping whose names
are known for good: a name it lists reads as present, one it does not as absent (`"vectorized"
in params` is False on JAX 0.10.2), and `set(params)` is the set of its names (a filter
`key in set(inspect.signature(jax.pure_callback).parameters)` drops `vectorized`). Each of its
values is a `Parameter` holding its `name` and `kind` (Python's own `inspect.Parameter.VAR_KEYWORD`
..., one object each: `p.kind is p.VAR_KEYWORD` is decided, `python/enums.same_constant`), so a
filter `any(p.kind is p.VAR_KEYWORD for p in params.values())` asking whether a function takes
any keyword is decided too (`jax.pure_callback` does: its `**kwargs` go to the host).

A function of the analysed code has the parameters its `def` lists, in order (`in_axes`
computed from `inspect.signature(fn).parameters` names which argument a vmap batches, JAX013).
Python follows `__wrapped__`: a def under `@functools.wraps(g)` has `g`'s parameters when `g`
is one function of the analysed code; any other decorator, or a module that writes
`__signature__` or `__wrapped__` itself, leaves the signature unknown. Its `bind(*args, **kw)`
maps what a call passes to the parameters as Python does, and `apply_defaults()` adds the
defaults (a keyword-only `ordered=True` default a wrapper forwards, JAX013).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import namespaces
from jax_lsp.analysis.values import UNKNOWN, Api, ClassObj, Closure, Instance, Partial, Value

#: the methods of the `Signature` / `BoundArguments` this model makes, by their names here
_BIND = "inspect.Signature.bind"
_APPLY = "inspect.BoundArguments.apply_defaults"

#: `list(inspect.signature(f).parameters)` on JAX 0.10.2 (tests/analysis/test_signatures.py
#: checks it against the installed JAX)
PARAMETERS: dict[str, tuple[str, ...]] = {
    "jax.pure_callback": ("callback", "result_shape_dtypes", "args", "sharding", "vmap_method",
                          "kwargs"),
    "jax.experimental.io_callback": ("callback", "result_shape_dtypes", "args", "sharding",
                                     "ordered", "kwargs"),
    "jax.debug.callback": ("callback", "args", "ordered", "partitioned", "kwargs"),
}

_P = inspect.Parameter
#: each parameter's `kind`, measured as `PARAMETERS` is (all three: the two leading ones
#: positional-or-keyword, `*args`, keyword-only ones, `**kwargs`)
KINDS: dict[str, tuple[inspect._ParameterKind, ...]] = {
    name: tuple(_P.VAR_POSITIONAL if p == "args" else _P.VAR_KEYWORD if p == "kwargs"
                else _P.KEYWORD_ONLY if "args" in names[:i] else _P.POSITIONAL_OR_KEYWORD
                for i, p in enumerate(names))
    for name, names in PARAMETERS.items()}

#: the kinds a `Parameter` also reads as attributes (`p.VAR_KEYWORD`), by name
_KIND_NAMES = {k.name: k for k in (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD,
                                    _P.VAR_POSITIONAL, _P.KEYWORD_ONLY, _P.VAR_KEYWORD)}


#: the class of the `inspect.Parameter` objects `parameters` maps each name to
_PARAMETER = ast.parse("class Parameter:\n    pass\n").body[0]
#: what `inspect.Parameter.empty` evaluates to: a parameter's `default` where it has none
EMPTY = Value(fns=(Api("inspect.Parameter.empty"),))


def _parameter(name: str, kind: inspect._ParameterKind, default: Value | None) -> Value:
    """An `inspect.Parameter`: its `name`, its `kind` and the kinds it reads as attributes
    (each Python's own object), and its `default` where known (`EMPTY` for a parameter
    without one; its annotation left unknown)."""
    inst = Instance(ClassObj("Parameter", _PARAMETER))  # type: ignore[arg-type]
    inst.attrs.update({n: Value(const=k) for n, k in _KIND_NAMES.items()})
    inst.attrs["name"] = Value(const=name)
    inst.attrs["kind"] = Value(const=kind)
    if default is not None:
        inst.attrs["default"] = default
    return Value(fns=(inst,))


def parameter_count(v: Value) -> int | None:
    """`len(sig.parameters)` of a signature this model made: how many parameters it lists
    (a read-only mapping: its length is known for good); None for any other value."""
    if v.keys is None or v.items is None or v.const != frozenset(v.keys) or not all(
            len(i.fns) == 1 and isinstance(i.fns[0], Instance)
            and i.fns[0].cls.node is _PARAMETER for i in v.items):
        return None
    return len(v.keys)


def _defaults(f: Closure) -> dict[str, Value]:
    """The defaults of `f`'s parameters by name; `*args` and `**kw` have none."""
    a = f.func.node.args
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    found: dict[str, Value] = dict(zip(positional[len(positional) - len(f.defaults):],
                                       f.defaults)) if f.defaults else {}
    found.update(f.kw_defaults)
    return found


def signature(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """`inspect.signature(f)`: for one JAX function of `PARAMETERS`, an object whose
    `parameters` holds its names as keys, exactly (each parameter's `name` known); for a
    function of the analysed code, each parameter's `default` too (`EMPTY` where the def
    gives none: `sum(1 for p in params if p.default is inspect.Parameter.empty)` counts the
    required ones); else unknown."""
    if len(args.pos) != 1 or args.kw or args.star is not None or args.dstar is not None:
        return UNKNOWN
    fns = args.pos[0].fns
    if len(fns) != 1:
        return UNKNOWN
    signed = _signed(fns[0]) if isinstance(fns[0], Closure) else None
    names = (PARAMETERS.get(fns[0].name) if isinstance(fns[0], Api)
             else None if signed is None else _names(signed.func.node))
    if names is None:
        return UNKNOWN
    kinds = (KINDS[fns[0].name] if isinstance(fns[0], Api)
             else _kinds(signed.func.node) if signed is not None else ())
    # (its constant, the frozenset of its names: what membership and `set(...)` read)
    defaults = _defaults(signed) if signed is not None else None
    params = Value(items=tuple(
        _parameter(n, k, None if defaults is None else defaults.get(n, EMPTY))
        for n, k in zip(names, kinds, strict=True)), keys=names, const=frozenset(names))
    attrs = {"parameters": params}
    if signed is not None:
        attrs["bind"] = Value(fns=(Partial(Api(_BIND), (Value(fns=(signed,)),)),))
    return namespaces.simple_namespace(attrs)


def _bind(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """`sig.bind(*args, **kwargs)` of a function of the analysed code: a `BoundArguments`
    whose `arguments` maps each parameter given to its value, in the signature's order, and
    whose `apply_defaults()` adds the others' defaults (an empty tuple / dict for `*args` /
    `**kw`); unknown where the call's arguments are not all known or Python would raise."""
    if args.star is not None or args.dstar is not None or not args.pos:
        return UNKNOWN
    f = args.pos[0].fns[0]
    a = f.func.node.args
    given = args.pos[1:]
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    bound: dict[str, Value] = dict(zip(positional, given))
    extra = given[len(positional):]
    if extra and a.vararg is None:
        return UNKNOWN
    if a.vararg is not None and extra:
        bound[a.vararg.arg] = Value(items=tuple(extra))
    by_name = {p.arg for p in (*a.args, *a.kwonlyargs)}
    spare: dict[str, Value] = {}
    for k, v in args.kw.items():
        if k in bound:
            return UNKNOWN  # (Python: multiple values for an argument)
        if k in by_name:
            bound[k] = v
        elif a.kwarg is not None:
            spare[k] = v
        else:
            return UNKNOWN
    if spare and a.kwarg is not None:
        bound[a.kwarg.arg] = Value(items=tuple(spare.values()), keys=tuple(spare))
    defaults = _defaults(f)
    if a.vararg is not None:
        defaults.setdefault(a.vararg.arg, Value(items=()))
    if a.kwarg is not None:
        defaults.setdefault(a.kwarg.arg, Value(items=(), keys=()))
    order = _names(f.func.node) or ()
    if any(n not in bound and n not in defaults for n in order):
        return UNKNOWN  # (Python: a missing required argument)
    given_dict = _dict([(n, bound[n]) for n in order if n in bound])
    full = _dict([(n, bound[n] if n in bound else defaults[n]) for n in order])
    ns = namespaces.simple_namespace({"arguments": given_dict}, singular=True)
    made = ns.fns[0]  # (the object being made: its method holds the object itself)
    assert isinstance(made, Instance)
    made.attrs["apply_defaults"] = Value(fns=(Partial(Api(_APPLY), (ns, full)),))
    return ns


def _apply_defaults(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """`bound.apply_defaults()`: its `arguments` now hold every parameter."""
    ev.set_attribute(args.pos[0], "arguments", args.pos[1])
    return Value(const=None)


def _dict(pairs: list[tuple[str, Value]]) -> Value:
    return Value(items=tuple(v for _, v in pairs), keys=tuple(k for k, _ in pairs))


def _signed(f: Closure, depth: int = 0) -> Closure | None:
    """The function of the analysed code whose def gives `f`'s signature (`f`, or the `g`
    of its `@functools.wraps(g)`); None where it is not certain."""
    node = f.func.node
    module = f.func.module
    lines = getattr(module, "lines", None)
    if (not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) or depth > 8
            or lines is None or any("__signature__" in ln or "__wrapped__" in ln
                                    for ln in lines)):
        return None
    wraps = [d for d in getattr(node, "decorator_list", []) if _is_wraps(d)]
    if wraps:
        wrapped = _wrapped(f, wraps)
        return None if wrapped is None else _signed(wrapped, depth + 1)
    return f


def _names(node: Any) -> tuple[str, ...]:
    """The parameter names of a def, in `inspect.signature`'s order."""
    a = node.args
    names = [p.arg for p in (*a.posonlyargs, *a.args)]
    if a.vararg is not None:
        names.append(a.vararg.arg)
    names.extend(p.arg for p in a.kwonlyargs)
    if a.kwarg is not None:
        names.append(a.kwarg.arg)
    return tuple(names)


def _kinds(node: Any) -> tuple[inspect._ParameterKind, ...]:
    """The kinds of a def's parameters, in `_names`' order."""
    a = node.args
    kinds: list[inspect._ParameterKind] = [_P.POSITIONAL_ONLY] * len(a.posonlyargs)
    kinds.extend([_P.POSITIONAL_OR_KEYWORD] * len(a.args))
    if a.vararg is not None:
        kinds.append(_P.VAR_POSITIONAL)
    kinds.extend([_P.KEYWORD_ONLY] * len(a.kwonlyargs))
    if a.kwarg is not None:
        kinds.append(_P.VAR_KEYWORD)
    return tuple(kinds)


def _is_wraps(d: ast.expr) -> bool:
    """`d` calls `functools.wraps` / `wraps` (a decorator setting `__wrapped__`)."""
    f = d.func if isinstance(d, ast.Call) else d
    return (isinstance(f, ast.Attribute) and f.attr == "wraps") or (
        isinstance(f, ast.Name) and f.id == "wraps")


def _wrapped(f: Closure, wraps: list[ast.expr]) -> Closure | None:
    """`g` of a def's one `@functools.wraps(g)`, `g` a name the def's enclosing scope binds
    to one function of the analysed code; else None. (The def's other decorators leave the
    function object the value holds as it is, or wrap it keeping its signature.)"""
    d = wraps[0]
    if not (len(wraps) == 1 and isinstance(d, ast.Call) and len(d.args) == 1
            and not d.keywords and isinstance(d.args[0], ast.Name)):
        return None
    scope = f.scope
    while scope is not None:
        v = scope.vars.get(d.args[0].id)
        if v is not None:
            return v.fns[0] if len(v.fns) == 1 and isinstance(v.fns[0], Closure) else None
        scope = scope.parent
    return None


#: the functions of Python's `inspect` this model computes (`HOOKS.functions`)
FUNCTIONS: dict[str, Callable[[Any, Args, ast.AST | None], Value]] = {
    "inspect.signature": signature, _BIND: _bind, _APPLY: _apply_defaults}
