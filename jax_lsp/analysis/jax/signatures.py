"""`inspect.signature(f)` of one of JAX's functions whose parameters code tests: its
`parameters`, a mapping of the names JAX's function takes, measured on JAX 0.10.2.

Why: version-dependent code picks `jax.pure_callback`'s keywords by asking its signature
(`if "vectorized" in inspect.signature(jax.pure_callback).parameters or "kwargs" in ...`);
unmodelled, the test is undecided, both dicts of keywords join and the removed `vectorized=`
(JAX012) a branch certainly gives is lost. `parameters` is a read-only mapping whose names
are known for good: a name it lists reads as present, one it does not as absent (`"vectorized"
in params` is False on JAX 0.10.2), and `set(params)` is the set of its names (a filter
`key in set(inspect.signature(jax.pure_callback).parameters)` drops `vectorized`).

A function of the analysed code has the parameters its `def` lists, in order (`in_axes`
computed from `inspect.signature(fn).parameters` names which argument a vmap batches, JAX013).
Python follows `__wrapped__`: a def under `@functools.wraps(g)` has `g`'s parameters when `g`
is one function of the analysed code; any other decorator, or a module that writes
`__signature__` or `__wrapped__` itself, leaves the signature unknown.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import namespaces
from jax_lsp.analysis.values import UNKNOWN, Api, Closure, Value

#: `list(inspect.signature(f).parameters)` on JAX 0.10.2 (tests/analysis/test_signatures.py
#: checks it against the installed JAX)
PARAMETERS: dict[str, tuple[str, ...]] = {
    "jax.pure_callback": ("callback", "result_shape_dtypes", "args", "sharding", "vmap_method",
                          "kwargs"),
    "jax.experimental.io_callback": ("callback", "result_shape_dtypes", "args", "sharding",
                                     "ordered", "kwargs"),
    "jax.debug.callback": ("callback", "args", "ordered", "partitioned", "kwargs"),
}


def signature(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """`inspect.signature(f)`: for one JAX function of `PARAMETERS`, an object whose
    `parameters` holds its names as keys, exactly (each parameter itself unknown); else
    unknown."""
    if len(args.pos) != 1 or args.kw or args.star is not None or args.dstar is not None:
        return UNKNOWN
    fns = args.pos[0].fns
    if len(fns) != 1:
        return UNKNOWN
    names = (PARAMETERS.get(fns[0].name) if isinstance(fns[0], Api)
             else _def_parameters(fns[0]) if isinstance(fns[0], Closure) else None)
    if names is None:
        return UNKNOWN
    # (its constant, the frozenset of its names: what membership and `set(...)` read)
    params = Value(items=tuple(UNKNOWN for _ in names), keys=names, const=frozenset(names))
    return namespaces.simple_namespace({"parameters": params})


def _def_parameters(f: Closure, depth: int = 0) -> tuple[str, ...] | None:
    """The names `inspect.signature` lists for a function of the analysed code (following
    one `@functools.wraps(g)`); None where they are not certain."""
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
        return None if wrapped is None else _def_parameters(wrapped, depth + 1)
    a = node.args
    names = [p.arg for p in (*a.posonlyargs, *a.args)]
    if a.vararg is not None:
        names.append(a.vararg.arg)
    names.extend(p.arg for p in a.kwonlyargs)
    if a.kwarg is not None:
        names.append(a.kwarg.arg)
    return tuple(names)


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
    "inspect.signature": signature}
