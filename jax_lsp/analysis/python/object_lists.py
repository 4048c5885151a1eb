"""Lists of objects compared by identity: `obs in subject._observers`, `.remove(obs)`.

Python's `x in lst` and `lst.remove(x)` look for an item equal to `x`; for objects whose
classes define no `__eq__` (their own or a base's), equal is `is`. Where the list's items are
known and each is one object of such a class made once (`Instance.singular`: made by the
module's own statements on a certain path), which item `x` is is known: `in` is decided (a
subject's `attach` guarded by `if obs not in self._observers`), and `remove` leaves the list
less that item (its `detach`). A detached observer is then not notified by a callback's host
(JAX011 of a host that runs what is attached). A function a `def` of the module's top level
makes is such an object too (functions compare by identity): an event bus's `off(topic,
handler)` removes that handler, which `emit` then does not call. Anything else is left
undecided, the list as it was (an over-approximation: the item may still be there)."""

from __future__ import annotations

import ast

from jax_lsp.analysis.values import NOCONST, ClassObj, Closure, Instance, Value

#: the class of the objects `object()` makes (a sentinel: `STOP = object()`)
_OBJECT = ast.parse("class object:\n    pass\n").body[0]


def sentinel(singular: bool) -> Value:
    """`object()`: a new object of no attribute (a sentinel: `STOP = object()`). Made on a
    certain path (`certain_paths`) it is one object, and its value carries that object as its
    constant too: a join with anything else keeps no constant, so a value whose constant is
    its one object is that object and nothing else (`identical`)."""
    obj = Instance(ClassObj("object", _OBJECT), singular=singular)  # type: ignore[arg-type]
    return Value(fns=(obj,), const=obj if singular else NOCONST)


def identical(a: Value, b: Value) -> bool | None:
    """`a is b` where one side is certainly one sentinel (`sentinel`): the same object when
    the other certainly is it too, a different one when the other is another such sentinel, a
    known constant or a container display of known items; None where either may be
    something else (a join: `item` taken from a queue of jobs and a sentinel)."""
    oa, ob = _sentinel(a), _sentinel(b)
    if oa is None and ob is None:
        return None
    if oa is not None and ob is not None:
        return oa is ob
    other = b if oa is not None else a
    if not other.fns and (other.items is not None or other.const is not NOCONST):
        return False
    return None


def _sentinel(v: Value) -> Instance | None:
    """The one object `v` certainly is, made by `sentinel`; else None."""
    if len(v.fns) != 1 or v.const is not v.fns[0]:
        return None
    return v.fns[0] if type(v.fns[0]) is Instance and v.fns[0].singular else None


def _one_object(v: Value) -> Instance | Closure | None:
    """The one object `v` is, compared by identity: a singular instance of a class of the
    module with no `__eq__` of its own or a base's (every base a class of the module), or a
    function a `def` of a module's top level made (not in a loop the evaluator summarises:
    each run of a `def` is another `Closure`)."""
    if len(v.fns) == 1 and type(v.fns[0]) is Closure:
        c = v.fns[0]
        top = isinstance(c.func.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
            c.scope is not None and c.scope.module is c.scope)
        return c if top else None
    if len(v.fns) != 1 or type(v.fns[0]) is not Instance or not v.fns[0].singular:
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
