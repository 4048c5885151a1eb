"""`inspect.signature(f)` of one of JAX's functions whose parameters code tests: its
`parameters`, a mapping of the names JAX's function takes, measured on JAX 0.10.2.

Why: version-dependent code picks `jax.pure_callback`'s keywords by asking its signature
(`if "vectorized" in inspect.signature(jax.pure_callback).parameters or "kwargs" in ...`);
unmodelled, the test is undecided, both dicts of keywords join and the removed `vectorized=`
(JAX012) a branch certainly gives is lost. `parameters` is a read-only mapping whose names
are known for good: a name it lists reads as present, one it does not as absent (`"vectorized"
in params` is False on JAX 0.10.2), and `set(params)` is the set of its names (a filter
`key in set(inspect.signature(jax.pure_callback).parameters)` drops `vectorized`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import namespaces
from jax_lsp.analysis.values import UNKNOWN, Api, Value

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
    if len(fns) != 1 or not isinstance(fns[0], Api):
        return UNKNOWN
    names = PARAMETERS.get(fns[0].name)
    if names is None:
        return UNKNOWN
    # (its constant, the frozenset of its names: what membership and `set(...)` read)
    params = Value(items=tuple(UNKNOWN for _ in names), keys=names, const=frozenset(names))
    return namespaces.simple_namespace({"parameters": params})


#: the functions of Python's `inspect` this model computes (`HOOKS.functions`)
FUNCTIONS: dict[str, Callable[[Any, Args, ast.AST | None], Value]] = {
    "inspect.signature": signature}
