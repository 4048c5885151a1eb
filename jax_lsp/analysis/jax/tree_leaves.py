"""`jax.tree_util.tree_map(f, tree, *rest)` over a tree whose structure is known to its leaves.

JAX flattens the trees, calls `f` once per leaf (a dict's entries in sorted key order) and
rebuilds the first tree's structure around the results. Where every leaf is known to be one
(an array whose facts are known, a Python number) and the other trees have the same
structure, the call is followed so: `f` called once per leaf, in JAX's order, and the result
the same dicts and sequences holding what `f` returned (a recursive walk over the mapped tree
then stops at its leaves as it does at run time). Anything else (a leaf that may be a
subtree, None, an object of the analysed code, `is_leaf=`, more than `MAX_UNROLL` leaves) is
None: the caller applies `f` to the whole trees, as before.
"""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import MAX_UNROLL, Args
from jax_lsp.analysis.values import EMPTY, NOCONST, Value

#: Python's numbers, each a leaf of its own
_NUMBERS = (int, float, bool, complex)


def _leaves(v: Value, out: list[Value], depth: int = 0) -> tuple | None:
    """`v`'s structure (a nested tuple of dict keys or sequence lengths), its leaves appended
    to `out` in JAX's order; None when a part of it is not known to be a leaf or a node."""
    if depth > 8 or v.fns or len(out) > MAX_UNROLL:
        return None
    if v.items is None:
        known_array = v.arr is not None and v.keys is None
        number = type(v.const) in _NUMBERS and not v.traced
        if not (known_array or number):
            return None
        out.append(v)
        return ()
    if v.keys is not None:
        try:
            order = sorted(range(len(v.keys)), key=lambda i: v.keys[i])  # type: ignore[index]
        except TypeError:  # (keys JAX cannot sort: it raises)
            return None
        parts = []
        for i in order:
            part = _leaves(v.items[i], out, depth + 1)
            if part is None:
                return None
            parts.append((v.keys[i], part))
        return ("dict", tuple(parts))
    parts = []
    for item in v.items:
        part = _leaves(item, out, depth + 1)
        if part is None:
            return None
        parts.append(part)
    return ("seq", tuple(parts))


def _rebuilt(shape: tuple, results: list[Value]) -> Value:
    """The structure `shape` around the next of `results` (consumed in order)."""
    if shape == ():
        return results.pop(0)
    kind, parts = shape
    if kind == "dict":
        vals = tuple(_rebuilt(p, results) for _, p in parts)
        return Value(tan=frozenset().union(*(v.tan for v in vals)) if vals else EMPTY,
                     items=vals, keys=tuple(k for k, _ in parts),
                     traced=any(v.traced for v in vals))
    items = [_rebuilt(p, results) for p in parts]
    consts = [v.const for v in items]
    return Value(tan=frozenset().union(*(v.tan for v in items)) if items else EMPTY,
                 items=tuple(items),
                 const=tuple(consts) if all(c is not NOCONST for c in consts) else NOCONST,
                 traced=any(v.traced for v in items))


def mapped(ev: Any, args: Args, node: ast.AST | None) -> Value | None:
    """`tree_map(f, tree, *rest)` followed leaf by leaf (see the module's docstring); None
    when the trees are not known to their leaves."""
    if args.kw or args.star is not None or args.dstar is not None or len(args.pos) < 2:
        return None
    fn, trees = args.pos[0], args.pos[1:]
    columns: list[list[Value]] = []
    shape = None
    for t in trees:
        leaves: list[Value] = []
        s = _leaves(t, leaves)
        if s is None or (shape is not None and s != shape) or len(leaves) > MAX_UNROLL:
            return None
        shape = s
        columns.append(leaves)
    assert shape is not None
    n = len(columns[0])
    saved = ev.unroll_factor
    ev.unroll_factor = min(saved * max(n, 1), MAX_UNROLL)  # (each leaf a context: `exec_for`)
    try:
        results = [ev.call_value(fn, Args.of(*(c[i] for c in columns)), node) for i in range(n)]
    finally:
        ev.unroll_factor = saved
    return _rebuilt(shape, results)
