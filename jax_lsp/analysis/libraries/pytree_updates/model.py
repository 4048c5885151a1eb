"""`optax.apply_updates(params, updates)` / `eqx.apply_updates(model, updates)`: the first
tree with each leaf moved by its update (optax's and equinox's own code: a `tree_map` of `+`
over the two trees, equinox's keeping the leaves whose update is None).

Why: the result is a pytree of the first argument's structure (a dict of parameters, an
`eqx.Module` of the same class, whose methods a later `model(x)` runs); unmodelled, it derives
from its arguments and is nothing callable, so what a training loop's last step leaves is
not followed. The leaves keep their shapes (the update must match them) and gain the marks the
updates carry (a step taken under a transform: the parameters are differentiated too).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import MAX_DEPTH_ITEMS, Args
from jax_lsp.analysis.values import Value, derived, inherit_marks


def apply_updates(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """The first tree, its leaves carrying the updates' marks; unknown for another call shape
    (the updates passed by keyword, unpacked arguments)."""
    if len(args.pos) != 2 or args.kw or args.star is not None or args.dstar is not None:
        return derived(args.all_values())
    tree, updates = args.pos
    if not tree.fns and tree.items is None:
        return derived([tree, updates])  # (nothing known of its structure: as before)
    return _moved(tree, updates, 0)


def _moved(v: Value, updates: Value, depth: int) -> Value:
    """`v` with each leaf moved: no longer the constant it was, its shape kept, carrying the
    updates' marks. An object (an `eqx.Module`) is the same class: its methods are kept."""
    if v.fns:
        return inherit_marks(v, updates.tan) if updates.tan else v
    if v.items is None or depth > MAX_DEPTH_ITEMS:
        return Value(v.tan | updates.tan, traced=v.traced or updates.traced, intish=v.intish,
                     arr=v.arr)
    items = tuple(_moved(i, updates, depth + 1) for i in v.items)
    keys = v.keys
    if keys is not None:  # (rebuilt by a `tree_map`: a dict's keys in sorted order)
        named = keys
        try:
            order = sorted(range(len(named)), key=lambda i: named[i])
        except TypeError:
            return derived([v, updates])
        keys, items = tuple(named[i] for i in order), tuple(items[i] for i in order)
    return Value(frozenset().union(*(i.tan for i in items)) if items else v.tan,
                 items=items, keys=keys, traced=any(i.traced for i in items))


#: the functions this model computes, by canonical name (`HOOKS.functions`)
FUNCTIONS: dict[str, Callable[[Any, Args, ast.AST | None], Value]] = {
    "optax.apply_updates": apply_updates, "equinox.apply_updates": apply_updates}
