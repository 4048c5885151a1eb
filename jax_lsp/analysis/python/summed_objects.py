"""`sum(items)` of objects of the analysed code: Python's additions, dunders included.

`sum(xs, start=0)` computes `((start + xs[0]) + xs[1]) + ...`; with `start` the int 0 and
`xs[0]` an instance of a class of the analysed code, the first addition falls to
`xs[0].__radd__(0)` (int's `__add__` does not know the class), the next ones to
`__add__` of the running total (measured: a `Quantity` whose `__radd__` uses `jnp.add`
runs it under `sum(terms)`, and not under `functools.reduce(operator.add, terms)`). The
evaluator folds the items so, through `operator_dunder`, when they are known and one of
them is such an instance; any other `sum` is left to the API table.
"""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.values import Instance, Value

#: the most items folded one addition at a time
MAX_FOLDED = 16


def summed(ev: Any, args: Args, node: ast.AST | None) -> Value | None:
    """The value of `sum(items[, start])` folded addition by addition, or None when the
    items are not a known sequence holding an instance of the analysed code."""
    if not args.pos or len(args.pos) > 2 or args.star is not None or args.dstar is not None:
        return None
    if set(args.kw) - {"start"} or (len(args.pos) == 2 and args.kw):
        return None
    items = args.pos[0].items
    if items is None or args.pos[0].keys is not None or not 0 < len(items) <= MAX_FOLDED:
        return None
    if not any(type(f) is Instance for v in items for f in v.fns):
        return None
    total = args.pos[1] if len(args.pos) == 2 else args.kw.get("start", Value(const=0))
    add = ast.Add()
    for item in items:
        dunder = ev.operator_dunder(total, item, add, node)
        total = dunder if dunder is not None else ev.binop(total, item, add)
    return total
