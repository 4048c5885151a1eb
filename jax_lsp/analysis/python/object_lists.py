"""Lists of objects compared by identity: `obs in subject._observers`, `.remove(obs)`.

Python's `x in lst` and `lst.remove(x)` look for an item equal to `x`; for objects whose
classes define no `__eq__` (their own or a base's), equal is `is`. Where the list's items are
known and each is one object of such a class made once (`Instance.singular`: made by the
module's own statements on a certain path), which item `x` is is known: `in` is decided (a
subject's `attach` guarded by `if obs not in self._observers`), and `remove` leaves the list
less that item (its `detach`). A detached observer is then not notified by a callback's host
(JAX011 of a host that runs what is attached). Anything else is left undecided, the list as
it was (an over-approximation: the item may still be there)."""

from __future__ import annotations

import ast

from jax_lsp.analysis.values import ClassObj, Closure, Instance, Value


def _one_object(v: Value) -> Instance | Closure | None:
    """The one object `v` is, compared by identity: a singular instance of a class of the
    module with no `__eq__` of its own or a base's (every base a class of the module), or a
    function a module's top-level `def` made (the statement runs once: one function object,
    and a function is equal only to itself: an event bus's `off(topic, handler)`)."""
    if len(v.fns) != 1:
        return None
    f = v.fns[0]
    if type(f) is Closure:
        node = f.func.node
        top = (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
               and node.col_offset == 0 and f.scope is f.scope.module)
        return f if top else None
    if type(f) is not Instance or not v.fns[0].singular:
        return None
    obj = f
    if obj.cls.lookup("__eq__") is not None or not _plain_bases(obj.cls, frozenset()):
        return None
    return obj


def _plain_bases(cls: ClassObj, seen: frozenset[int]) -> bool:
    if id(cls) in seen:
        return True
    for b in cls.bases:
        for f in b.fns:
            if type(f) is not ClassObj or not _plain_bases(f, seen | {id(cls)}):
                return False
    return True


def without(old: Value, x: Value) -> list[Value] | None:
    """The items of the list `old` after `old.remove(x)`, when which item goes is known; None
    otherwise (the caller keeps `old`)."""
    if old.items is None or old.keys is not None:
        return None
    gone = _one_object(x)
    if gone is None:
        return None
    for i, item in enumerate(old.items):
        obj = _one_object(item)
        if obj is None:
            return None  # (it may be equal to `x`: not known)
        if obj is gone:
            return [*old.items[:i], *old.items[i + 1:]]
    return None  # (not there: Python raises ValueError)


def contains(seq: Value, x: Value) -> bool | None:
    """`x in seq` of a list (or tuple) of such objects; None where not known."""
    if seq.items is None or seq.keys is not None:
        return None
    wanted = _one_object(x)
    if wanted is None:
        return None
    for item in seq.items:
        obj = _one_object(item)
        if obj is None:
            return None
        if obj is wanted:
            return True
    return False
