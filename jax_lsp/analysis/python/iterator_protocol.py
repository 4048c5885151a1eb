"""Iterating an instance whose class defines `__next__`, as Python does: call by call.

Python drives such an iterator by calling `__next__` until it raises `StopIteration`
(`for batch in Minibatches(data, 2, limit)`, `next(levels, None)`). Without this the loop ran
to a fixpoint over an unknown element and `__next__` was never run: a callback inside it was
unseen, and a loop that stops at a limit (`if self.served >= self.limit: raise
StopIteration`) looked as if it could reach any pass (`if i == audit_at:` undecided).

The items are read only when every call's ending is exact (`Endings`): the call ran its own
body (not a memoised result), ended in its own frame by a `return` or a `raise
StopIteration` on a path the evaluator did not guess, and nothing it called raised; within
`MAX_UNROLL` items. Anything else (a guessed path, a raise elsewhere, a `try`/`with` in the
method, too many items) leaves the iterable as it was (the loop runs to a fixpoint): the
calls already made stand, as Python makes them too, and the analysis counts as cut
(`Interpreter.cuts`: the calls not followed may reach what no run reached).
"""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import GUESSED, MAX_UNROLL, Args
from jax_lsp.analysis.syntax import child_nodes
from jax_lsp.analysis.values import Closure, Instance, Value

#: how a `__next__` call ended: returned an item, raised `StopIteration`, or not known
ITEM, STOP, UNKNOWN_END = "item", "stop", "unknown"


class Endings:
    """How the `__next__` call running at `depth` ended (its `return`s and `raise`s)."""

    __slots__ = ("depth", "kinds")

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.kinds: set[str] = set()


def note_end(ev: Any, stmt: ast.stmt) -> None:
    """A `return` or `raise` ran while a `__next__` call is watched (`ev.endings` set)."""
    ends: Endings = ev.endings
    if ev.depth != ends.depth:
        if isinstance(stmt, ast.Raise):
            ends.kinds.add(UNKNOWN_END)  # (a callee raising: where it lands is not followed)
        return
    if ev.reads(GUESSED).guessed:
        ends.kinds.add(UNKNOWN_END)
    elif isinstance(stmt, ast.Return):
        ends.kinds.add(ITEM)
    else:
        ends.kinds.add(STOP if _stops(stmt) else UNKNOWN_END)


def _stops(stmt: ast.stmt) -> bool:
    """`raise StopIteration` or `raise StopIteration(...)`."""
    exc = getattr(stmt, "exc", None)
    if isinstance(exc, ast.Call):
        exc = exc.func
    return isinstance(exc, ast.Name) and exc.id == "StopIteration"


def _plain_method(found: Value | None) -> bool:
    """A `__next__` of the analysed code with no `try`/`with` of its own (where a raise may
    be caught or a context may end it), nor a `yield`."""
    if found is None or len(found.fns) != 1 or type(found.fns[0]) is not Closure:
        return False
    node = found.fns[0].func.node
    if not isinstance(node, ast.FunctionDef):
        return False
    todo: list[ast.AST] = list(node.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.Try, ast.With, ast.Yield, ast.YieldFrom)) or type(n).__name__ in (
                "TryStar",):
            return False
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(child_nodes(n))
    return True


def _next_call(ev: Any, it: Value, method: Value) -> tuple[str, Value]:
    """Call `__next__` once, watching how it ends. A call served by its memoised
    interpretation runs nothing: for one object (`Instance.singular`, whose state its
    `version` counts), it ended as the call it repeats did (`Interpreter.next_endings`)."""
    inst = it.fns[0]
    key = (inst, inst.version) if type(inst) is Instance and inst.singular else None
    outer, ev.endings = ev.endings, Endings(ev.depth + 1)
    try:
        out = ev.call_value(method, Args.of(), None)
        kinds = ev.endings.kinds
    finally:
        ev.endings = outer
    if not kinds and key is not None:
        return ev.next_endings.get(key, UNKNOWN_END), out
    if len(kinds) != 1:  # (none: a memoised result, or a body with no ending seen)
        return UNKNOWN_END, out
    kind = next(iter(kinds))
    if key is not None:
        ev.next_endings[key] = kind
    return kind, out


def iterator(ev: Any, it: Value) -> Value | None:
    """The iterator `iter(it)` gives, for one instance of an analysed class whose `__iter__`
    returns an instance with a plain `__next__`; None otherwise. (`__iter__` is called.)"""
    method = ev._instance_method(it, "__iter__")
    if method is None:
        return None
    got = ev.call_value(method, Args.of(), None)
    return got if stepper(got) else None


def stepper(it: Value) -> bool:
    """Whether `it` is one instance of an analysed class with a plain `__next__`."""
    return (it.items is None and len(it.fns) == 1 and type(it.fns[0]) is Instance
            and _plain_method(it.fns[0].cls.lookup("__next__")))


def drained(ev: Any, it: Value) -> Value | None:
    """The items of iterating the iterator `it` (a `stepper`) to its end, when every
    `__next__` call's ending is exact; None otherwise."""
    method = ev._instance_method(it, "__next__")
    if method is None:
        return None
    items: list[Value] = []
    for _ in range(MAX_UNROLL + 1):
        kind, out = _next_call(ev, it, method)
        if kind == STOP:
            return ev._seq(items)
        if kind != ITEM:
            return None
        items.append(out)
    return None


def next_of(ev: Any, it: Value, default: Value | None) -> Value | None:
    """`next(it)` / `next(it, default)` of a `stepper`: the item its `__next__` returns, or
    `default` where it raises `StopIteration`; None when not exact or with no default there
    (the program raises: the call's value is left to the caller, as before)."""
    if not stepper(it):
        return None
    method = ev._instance_method(it, "__next__")
    if method is None:
        return None
    kind, out = _next_call(ev, it, method)
    if kind == ITEM:
        return out
    if kind == STOP and default is not None:
        return default
    ev._cut()  # (where it ended is not followed: no run decides a line)
    return None


#: the builtins that make a new iterator over a sequence's items from its first
_FRESH_ITERATORS = frozenset({"iter", "reversed"})


def first_of_fresh(call: ast.AST | None, it: Value, default: Value | None) -> Value | None:
    """`next(reversed(seq))`, `next(iter(seq), d)`: the first item of an iterator made in
    the call itself (none drew from it before), when its items are known (`it`: what
    `reversed`/`iter` gave, a sequence of known items); its default (else Python raises
    `StopIteration`) when there are none. None when the iterator is not such a fresh one
    (a named iterator may have been drawn from: `next(it)` twice)."""
    if not (isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.Call)):
        return None
    made = call.args[0].func
    if not (isinstance(made, ast.Name) and made.id in _FRESH_ITERATORS):
        return None
    if it.items is None or it.keys is not None or it.fns:
        return None
    if it.items:
        return it.items[0]
    return default
