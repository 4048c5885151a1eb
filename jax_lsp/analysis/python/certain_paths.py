"""Where a store into an object's attribute replaces its value instead of joining with it.

An abstract `Instance` may stand for many objects (made in a loop, returned by a memoised
call), and a store may run on a path the interpreter only guessed; so an attribute store joins
the old value with the new one. That loses the state of a fluent builder
(`ClipBuilder().cotangent_form("bare").build()`: `__init__`'s `"tuple"` joined with `"bare"`
decides nothing). A store replaces the value only when both are certain:

- the object is one object at run time: made by the module's own statements (not an entry
  point's, which may run any number of times) or a call they make (`main()` building
  `EvaluatorBuilder().batched().sequential()`), outside a loop run to a fixpoint, a
  comprehension and a `try` body, on a path not guessed (`Instance.singular`). Made in a
  call, each call up the stack is then not memoised (`strong_updates`), so an equal call
  (a factory called twice) makes another object; made as a `for` loop's own iterable
  (`for i, b in enumerate(Minibatches(data, 2, limit))`), nothing but that loop reaches it,
  and the call it is made in, storing into it, is not memoised;
- the store runs on such a path too, in the module's statements or the calls they make (no
  entry point, no callback's host run, no undecided branch anywhere up the stack).

A call whose interpretation made such a store is not memoised (a later equal call must store
again: `b.form("a"); b.form("b"); b.form("a")`), and a call receiving such an object is keyed
on its `version`, so a method reading it after a replacement is interpreted again.
"""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import MODULE_ROOT


def certain(ev: Any) -> bool:
    """Whether the code being interpreted certainly runs, once, where it is met."""
    return (
        ev.root is MODULE_ROOT
        and ev.uncertain == 0
        and not ev.ctx.guessed
        and ev.host_run is None
    )


def singular_here(ev: Any, node: ast.AST | None = None) -> bool:
    """Whether an object made here (by the call `node`) is one object at run time. Made in a
    call (`main()` building `EvaluatorBuilder().batched().sequential()`), the calls up the
    stack are then not memoised (`strong_updates`), so an equal call makes another object."""
    if not certain(ev):
        return False
    if ev.depth and not (node is not None and node in ev.loop_made):
        ev.strong_updates += 1
    return True


def loop_made(iterable: ast.expr) -> frozenset[ast.AST]:
    """The calls of a `for`'s iterable whose result only the loop reaches: the iterable
    itself, or the arguments of an `enumerate`/`zip` it is (`enumerate(Loader(3))`)."""
    if not isinstance(iterable, ast.Call):
        return frozenset()
    f = iterable.func
    if isinstance(f, ast.Name) and f.id in ("enumerate", "zip"):
        return frozenset(a for a in iterable.args if isinstance(a, ast.Call))
    return frozenset({iterable})
