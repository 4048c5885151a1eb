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
  by a back reference (they may refer to themselves).

Past `_MAX_PARTS` parts a fingerprint gives up and is a new object (changed).
"""

from __future__ import annotations

import ast
import dataclasses
from typing import Any

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.interp_state import Scope
from jax_lsp.analysis.values import (
    MAYBE_NONE,
    NOCONST,
    ClassObj,
    Closure,
    FuncInfo,
    ModuleInfo,
    Value,
)

__all__ = ["fingerprint"]

#: the most parts one fingerprint describes (a larger value counts as changed)
_MAX_PARTS = 4000

_ATOMS = (str, int, float, complex, bool, bytes, type(None), type(Ellipsis))


class _TooLarge(Exception):
    pass


def fingerprint(
    value: Any,
    created: dict[Any, ast.AST] | None = None,
    classes: dict[ClassObj, object] | None = None,
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
        if t in _ATOMS:
            return (t.__name__, x)
        if t is Value:
            return (
                "V",
                self._marks(x.tan),
                tuple(self.walk(f) for f in x.fns),
                None if x.items is None else tuple(self.walk(i) for i in x.items),
                None if x.keys is None else tuple(self.walk(k) for k in x.keys),
                self.walk(x.const),
                x.traced,
                x.intish,
            )
        if isinstance(x, ast.AST):
            return x  # compared by identity
        if t is Span:
            return "span"
        if t is Closure:
            scope = x.scope
            return (
                "C",
                self.walk(x.func),
                "module" if scope.func is None else self._mutable(scope),
                tuple(self.walk(d) for d in x.defaults),
                tuple((k, self.walk(d)) for k, d in x.kw_defaults),
            )
        if t is FuncInfo:
            return ("F", x.node, self._module(x.module))
        if t is ModuleInfo:
            return self._module(x)
        if t is Scope:
            return self._mutable(x)
        if t is ClassObj and self.classes is not None:
            fp = self.classes.get(x)
            if fp is None:
                fp = self.classes[x] = fingerprint(x, self.created)
            return ("class", fp)
        if t in (tuple, list):
            return (t.__name__, tuple(self.walk(i) for i in x))
        if t in (frozenset, set):
            return (t.__name__, frozenset(self.walk(i) for i in x))
        if t is dict:
            return ("dict", tuple((self.walk(k), self.walk(v)) for k, v in x.items()))
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            params = getattr(t, "__dataclass_params__", None)
            if params is not None and params.frozen and params.eq and self._is_transformed(x):
                return ("T", self._fields(x), self.created.get(x))
            if params is not None and params.frozen and params.eq:
                return (t.__name__, self._fields(x))
            return self._mutable(x)
        if x is NOCONST or x is MAYBE_NONE:
            return repr(x)
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

    def _is_transformed(self, x: Any) -> bool:
        return type(x).__name__ == "Transformed"

    def _fields(self, x: Any) -> tuple:
        return tuple(self.walk(getattr(x, f.name)) for f in dataclasses.fields(x))

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
