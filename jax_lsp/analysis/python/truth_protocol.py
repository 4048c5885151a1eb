"""Python's truth test of an object of the analysed code: `if hist:` calls `__bool__`.

(A list attribute known to hold an item, `grown_lists`, tests true.)

`bool(obj)` calls the class's `__bool__`, or, lacking one, `__len__` (true when non-zero);
an `if`, `while`, conditional expression or `not` tests its operand so. The evaluator ran
neither: an instance's truth was not known (the branch guessed), and what `__bool__` runs
was never seen (a host function testing `if hist:` whose `__bool__` computes with `jnp`
runs JAX, JAX011). Here the test calls the method found on one instance whose class (or a
base of the analysed code) defines it, and its result, when known, decides the test.
"""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import grown_lists
from jax_lsp.analysis.values import NOCONST, Instance, Value


def tested(ev: Any, v: Value, node: ast.AST) -> Value:
    """`v` as a truth test sees it: the result of its `__bool__` (or `__len__` != 0) when
    `v` is one instance of a class defining one; true for a list known to hold an item
    (`grown_lists`); `v` itself otherwise."""
    if grown_lists.surely_true(v):
        return Value(const=True, intish=True)
    if len(v.fns) != 1 or type(v.fns[0]) is not Instance or v.const is not NOCONST:
        return v
    cls = v.fns[0].cls
    for name in ("__bool__", "__len__"):
        method = cls.lookup(name)
        if method is None:
            continue
        got = ev.call_value(ev.attribute(v, name), Args.of(), node)
        c = got.const
        if type(c) is bool or (type(c) is int and name == "__len__"):
            return Value(const=bool(c), intish=True)
        return Value(traced=got.traced)
    return v
