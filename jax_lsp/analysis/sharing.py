"""Calls that differ only in which differentiation levels their values carry.

Every entry point creates its own levels, so the memo of the interpreter, keyed by the values of
a call, never matches a call of another entry point: each one re-interpreted every function it
reaches (the cost per line grew with the module). A level matters to a callee only by what it
is (mode, transform, batched, deferred) and how it relates to the other levels of the call, not
by which application made it. `canonical_call` names the levels of a call by their rank, so that
two such calls share one key; `rename` carries the result of one over to the other.

Only plain values qualify: values holding an object that may hide a level where this module does
not look (a closure over a function's scope, a partial application, an object whose attributes
hold a level...) keep their own key.
"""

from __future__ import annotations

from typing import Any

from jax_lsp.analysis.python.hooks import HOOKS
from jax_lsp.analysis.values import (
    Api,
    BatchedBy,
    ClassObj,
    Closure,
    Decorator,
    Instance,
    LazyName,
    Level,
    TangentOf,
    UserModule,
    Value,
)

#: above this many levels in one call, naming them costs more than it saves
_MAX_LEVELS = 8

#: the callables a value may hold and still be named canonically: none of them holds a value
_PLAIN = (Api, UserModule, LazyName, Decorator, ClassObj)


class _NotPlain(Exception):
    """A value holds something `canonical_call` does not look into."""


def plain_closure(closure: Closure) -> bool:
    """A function defined at a module's top level: its scope holds no level of a call."""
    return closure.scope.func is None


def _plain_fn(f: Any, depth: int = 0) -> bool:
    t = type(f)
    if t is Instance:
        return _plain_instance(f, depth)
    return isinstance(f, _PLAIN) or (t is Closure and plain_closure(f))


def _plain_instance(inst: Instance, depth: int) -> bool:
    """An object whose attributes hold no level and only plain callables (a level there
    would be the same object in every call, not one to rename)."""
    if depth > 2:
        return False
    return all(_level_free(v, depth + 1) for v in inst.attrs.values())


def _level_free(v: Value, depth: int) -> bool:
    if v.tan or not all(_plain_fn(f, depth) for f in v.fns):
        return False
    return v.items is None or all(_level_free(i, depth) for i in v.items)


def _levels_of(v: Value, into: set[Level], fixed: Any) -> None:
    for f in v.fns:
        if not _plain_fn(f):
            raise _NotPlain
    for m in v.tan:
        t = type(m)
        if t is Level:
            lv = m
        elif t is TangentOf or t is BatchedBy:
            lv = m.level
        else:  # a loop's tangent (its findings wait on a gate) or an unknown mark
            raise _NotPlain
        if not fixed(lv):
            into.add(lv)
    if v.items is not None:
        for i in v.items:
            _levels_of(i, into, fixed)


def _named(v: Value, rank: dict[Level, int]) -> tuple:
    tan: Any = v.tan
    if tan:
        marks: list = []
        for m in tan:
            t = type(m)
            lv = m if t is Level else m.level
            if lv not in rank:  # a level of the module's own statements: itself
                marks.append(m)
            elif t is Level:
                marks.append((0, rank[m]))
            elif t is TangentOf:
                marks.append((1, rank[m.level]))
            else:
                marks.append((2, rank[m.level]))
        tan = frozenset(marks)
    items = tuple(_named(i, rank) for i in v.items) if v.items is not None else None
    return (tan, v.fns, items, v.keys, v.const, v.traced, v.intish, v.choices, v.prng_key,
            v.min_items, v.arr, v.runs_as)


def _behaviour(lv: Level) -> tuple:
    """What the interpreter asks of a level besides its identity. Its transform's name only
    words the findings (a finding is recorded once, by the first call that reaches it),
    except for the two questions asked here."""
    return (
        lv.mode,
        lv.batched,
        lv.defer,
        bool(lv.pending),
        lv.name in HOOKS.param_only_transforms,
        lv.name.endswith("linearize"),
    )


def levels_of_call(
    values: list[Value | None], level_sets: tuple[frozenset, ...], fixed: Any
) -> set[Level] | None:
    """The levels of a call with `values` in a context holding `level_sets`, but the `fixed`
    ones; None when a value is not plain."""
    levels: set[Level] = set()
    try:
        for v in values:
            if v is not None:
                _levels_of(v, levels, fixed)
        for s in level_sets:
            for m in s:
                if type(m) is not Level:
                    return None
                if not fixed(m):
                    levels.add(m)
    except _NotPlain:
        return None
    return levels


def canonical_call(
    values: list[Value | None],
    level_sets: tuple[frozenset, ...],
    fixed: Any,
    level_free: bool = False,
) -> tuple[tuple, tuple[Level, ...]] | None:
    """A key for a call with `values` (arguments) in a context holding `level_sets`, in which
    levels are named by their rank (except the `fixed` ones, which the module's globals may
    hold too: themselves); and the ranked levels, in order. None when a value is not plain,
    and when no level is ranked (the plain key is as good within one analysis) unless
    `level_free` asks for a key anyway (one the next version's analysis can look up, see
    `carried_calls`)."""
    levels = levels_of_call(values, level_sets, fixed)
    if levels is None or len(levels) > _MAX_LEVELS or not (levels or level_free):
        return None
    ordered = tuple(sorted(levels, key=lambda lv: lv.order))
    rank = {lv: i for i, lv in enumerate(ordered)}
    key = (
        tuple(_behaviour(lv) for lv in ordered),
        tuple(None if v is None else _named(v, rank) for v in values),
        tuple(frozenset(rank.get(m, m) for m in s) for s in level_sets),
    )
    return key, ordered


def rename(v: Value, mapping: dict[Level, Level], keep: Any) -> Value | None:
    """`v` with the levels of `mapping` replaced; None if it holds a level neither mapped nor
    kept (`keep(level)`), or something that is not plain."""
    for f in v.fns:
        if not _plain_fn(f):
            return None
    tan = v.tan
    if tan:
        marks = []
        for m in tan:
            t = type(m)
            lv = m if t is Level else getattr(m, "level", None)
            new = mapping.get(lv)  # type: ignore[arg-type]
            if new is None:
                if t not in (Level, TangentOf, BatchedBy) or not keep(lv):
                    return None
                marks.append(m)
            elif t is Level:
                marks.append(new)
            elif t is TangentOf:
                marks.append(new.tangent_mark)
            else:
                marks.append(new.batch_mark)
        tan = frozenset(marks)
    items = None
    if v.items is not None:
        renamed = [rename(i, mapping, keep) for i in v.items]
        if any(i is None for i in renamed):
            return None
        items = tuple(renamed)  # type: ignore[arg-type]
    return v.rebuilt(tan, items, v.const, v.traced)
