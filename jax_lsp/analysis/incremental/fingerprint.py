"""What an abstract value is, comparable between two analyses of successive versions of a module.

The incremental analysis (`incremental`) re-runs a module's statements after an edit and must
tell which module-level names now hold something else than before: an entry point that reads
none of them (and runs no changed code) would do exactly what it did last time. Values are
rebuilt by every analysis, so they cannot be compared by identity; their fingerprints can. A
fingerprint is a tree of tuples in which:

- syntax nodes stand for themselves (an unchanged statement keeps its nodes from one version
  to the next: a function of a changed statement is another function);
- objects made fresh by every analysis that no structure describes (differentiation levels,
  their marks) are a new object, equal to nothing: whatever holds one counts as changed;
- positions (`Span`) are left out: an edit above a statement moves it, and the findings carried
  over are moved with it;
- mutable objects (classes, instances, scopes) are described by their content, a second visit
  by a back reference (they may refer to themselves); a class and a custom derivative function
  are described once per analysis (the caller's `classes`, which it forgets when one may have
  changed), and a replayed one that holds what it held in the previous version keeps the
  previous version's description (`replay.StatementReplay.class_fingerprints`).

Past `_MAX_PARTS` parts a fingerprint gives up and is a new object (changed).
"""

from __future__ import annotations

import ast
import dataclasses
import enum
from typing import Any

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.interp_state import Scope
from jax_lsp.analysis.values import (
    MAYBE_NONE,
    NOCONST,
    Api,
    ClassObj,
    Closure,
    CustomFn,
    Decorator,
    FuncInfo,
    LazyName,
    ModuleInfo,
    Transformed,
    UserModule,
    Value,
)

__all__ = ["fingerprint"]

#: the most parts one fingerprint describes (a larger value counts as changed)
_MAX_PARTS = 4000

_ATOMS = (str, int, float, complex, bool, bytes, type(None), type(Ellipsis))
#: immutable, compared by value, made of atoms: their own fingerprint
_SELF_DESCRIBED = frozenset({Api, UserModule, LazyName, Decorator})


class _TooLarge(Exception):
    pass


#: how `_Walker.walk` describes each type of object
_KINDS: dict[type, str] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _kind(t: type) -> str:
    if t is Value:
        return "value"
    if t in _ATOMS:
        return "atom"
    if t in _SELF_DESCRIBED:
        return "self"
    if issubclass(t, ast.AST):
        return "ast"
    if issubclass(t, enum.Enum):
        return "atom"  # (a library's enum member: one object, `inspect.Parameter`'s kinds)
    simple = {
        Closure: "closure",
        FuncInfo: "func",
        Span: "span",
        ModuleInfo: "module",
        Scope: "scope",
        ClassObj: "class",
        CustomFn: "custom",
        tuple: "seq",
        list: "seq",
        frozenset: "set",
        set: "set",
        dict: "dict",
        type(NOCONST): "sentinel",
        type(MAYBE_NONE): "sentinel",
    }
    if t in simple:
        return simple[t]
    params = getattr(t, "__dataclass_params__", None)
    if params is None:
        return "other"
    return "frozen" if params.frozen and params.eq else "mutable"


def _field_names(t: type) -> tuple[str, ...]:
    names = _FIELDS.get(t)
    if names is None:
        # the compared fields (not a cached hash)
        names = _FIELDS[t] = tuple(
            f.name for f in dataclasses.fields(t) if f.compare  # type: ignore[arg-type]
        )
    return names


def fingerprint(
    value: Any,
    created: dict[Any, ast.AST] | None = None,
    classes: dict[Any, object] | None = None,
) -> object:
    """`value`'s fingerprint (see the module's docstring). `created`: the node that created
    each transformed function (part of what it is: whether it is called is decided by node).
    `classes`: the fingerprints of classes computed so far (a class is described once; the
    caller forgets them when a class may have changed)."""
    try:
        return _Walker(created or {}, classes).walk(value)
    except (_TooLarge, RecursionError):
        return object()


class _Walker:
    __slots__ = ("classes", "created", "parts", "seen")

    def __init__(self, created: dict[Any, ast.AST], classes: dict[ClassObj, object] | None) -> None:
        self.created = created
        self.classes = classes
        self.seen: dict[int, int] = {}
        self.parts = 0

    def walk(self, x: Any) -> object:
        self.parts += 1
        if self.parts > _MAX_PARTS:
            raise _TooLarge
        t = type(x)
        kind = _KINDS.get(t)
        if kind is None:
            kind = _KINDS[t] = _kind(t)
        if kind == "value":
            c = x.const
            if not x.tan and not x.fns and x.items is None and x.keys is None and (
                    not x.min_items) and x.arr is None and x.runs_as is NOCONST:
                if c is NOCONST:
                    return ("d", x.traced, x.intish, x.choices, x.prng_key)
                if type(c) in _ATOMS:  # data: the most common value by far
                    return ("d", type(c).__name__, c, x.traced, x.intish)
            return (
                "V",
                self._marks(x.tan),
                tuple([self.walk(f) for f in x.fns]),
                None if x.items is None else tuple([self.walk(i) for i in x.items]),
                None if x.keys is None else tuple([self.walk(k) for k in x.keys]),
                "noconst" if c is NOCONST else self.walk(c),
                x.traced,
                x.intish,
                x.choices,
                x.prng_key,
                x.min_items,
                x.arr,
                "norun" if x.runs_as is NOCONST else x.runs_as,
            )
        if kind == "atom":
            return (t.__name__, x)
        if kind == "self" or kind == "ast":
            return x  # compared by value / by identity
        if kind == "closure":
            scope = x.scope
            fi = x.func
            return (
                "C",
                fi.node,
                self._module(fi.module),
                "module" if scope.func is None else self._mutable(scope),
                tuple([self.walk(d) for d in x.defaults]),
                tuple([(k, self.walk(d)) for k, d in x.kw_defaults]),
            )
        if kind == "func":
            return ("F", x.node, self._module(x.module))
        if kind == "span":
            return "span"
        if kind == "sentinel":
            return repr(x)
        if (kind == "class" or kind == "custom") and self.classes is not None:
            fp = self.classes.get(x)
            if fp is None:
                fp = self.classes[x] = fingerprint(x, self.created)
            return (kind, fp)
        if kind == "frozen":
            fields = tuple(
                [
                    (type(v), v) if type(v) in _ATOMS else self.walk(v)
                    for v in [getattr(x, f) for f in _field_names(t)]
                ]
            )
            if t is Transformed:
                return ("T", fields, self.created.get(x))
            return (t.__name__, fields)
        if kind in ("mutable", "class", "custom", "scope"):
            return self._mutable(x)
        if kind == "module":
            return self._module(x)
        if kind == "seq":
            return (t.__name__, tuple([self.walk(i) for i in x]))
        if kind == "set":
            return (t.__name__, frozenset([self.walk(i) for i in x]) if x else None)
        if kind == "dict":
            return ("dict", tuple([(self.walk(k), self.walk(v)) for k, v in x.items()]))
        raise _TooLarge  # anything else (levels, their marks, unknown objects): changed

    def _marks(self, tan: frozenset) -> object:
        if not tan:
            return ()
        out = []
        for m in tan:
            if type(m) not in _ATOMS:
                raise _TooLarge  # a level's mark: made fresh by every analysis
            out.append(m)
        return frozenset(out)

    def _module(self, m: ModuleInfo | None) -> object:
        if m is None or m.is_main:
            return "main"
        return ("module", m.path)

    def _fields(self, x: Any) -> tuple:
        return tuple([self.walk(getattr(x, f)) for f in _field_names(type(x))])

    def _mutable(self, x: Any) -> object:
        """An object that may change and refer to itself: its content, once."""
        i = self.seen.get(id(x))
        if i is not None:
            return ("ref", i)
        self.seen[id(x)] = len(self.seen)
        if type(x) is Scope:
            return (
                "S",
                None if x.func is None else self.walk(x.func),
                self.walk(x.vars),
                None if x.parent is None or x.parent.func is None else self._mutable(x.parent),
            )
        return (type(x).__name__, self._fields(x))
