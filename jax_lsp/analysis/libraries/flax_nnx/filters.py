"""flax nnx filters: which Variables of a module `nnx.grad` differentiates.

`nnx.grad(f, argnums=nnx.DiffState(0, filter))` differentiates the Variables of argument 0 that
`filter` selects (`nnx.Param` by default); a module's attributes that are no Variable are not
differentiated. A filter is evaluated on a Variable's type chain (its class and its bases) and
its attribute name; what cannot be told statically (a tag, a path above the attribute) counts
as not selected, so that no tangent is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jax_lsp.analysis.libraries.flax_nnx import VARIABLE_BASES as NNX_VARIABLE_BASES

#: the kind of an attribute holding a plain value (an array, a number), not a Variable
PLAIN = "plain"


@dataclass(frozen=True)
class Filter:
    """One filter: `kind` is "type" (`key` a type key), "all", "any", "not" (over `parts`),
    "everything", "nothing", "path" (`key` a name) or "unknown"."""

    kind: str
    parts: tuple[Filter, ...] = ()
    key: Any = None


@dataclass(frozen=True)
class DiffState:
    """`nnx.DiffState(argnum, filter)`."""

    argnum: Any
    filter: Filter


EVERYTHING = Filter("everything")
NOTHING = Filter("nothing")
UNKNOWN_FILTER = Filter("unknown")
PARAM = Filter("type", key="flax.nnx.Param")

#: the nnx functions that build filters, by the kind they build
CONSTRUCTORS: dict[str, str] = {
    "flax.nnx.All": "all",
    "flax.nnx.Any": "any",
    "flax.nnx.Not": "not",
    "flax.nnx.Everything": "everything",
    "flax.nnx.Nothing": "nothing",
    "flax.nnx.PathContains": "path",
    "flax.nnx.OfType": "type",
}


def type_chain(cls: Any, bases_of: Any) -> tuple | None:
    """The type keys of a Variable class, itself first: a flax name or a user class (whose
    `bases_of` gives the keys of its bases). None when it is no Variable."""
    chain: list = []
    todo = [cls]
    while todo:
        c = todo.pop(0)
        if c in chain:
            continue
        if isinstance(c, str):
            if c not in NNX_VARIABLE_BASES:
                continue
            chain.append(c)
            base = NNX_VARIABLE_BASES[c]
            if base:
                todo.append(base)
        else:
            bases = bases_of(c)
            chain.append(c)
            todo.extend(bases)
    variable = any(isinstance(k, str) for k in chain)
    return tuple(chain) if variable else None


def build(kind: str, parts: list[Filter], key: Any = None) -> Filter:
    """The filter an nnx constructor returns."""
    if kind in ("everything", "nothing"):
        return EVERYTHING if kind == "everything" else NOTHING
    if kind == "path":
        return Filter("path", key=key) if isinstance(key, str) else UNKNOWN_FILTER
    if kind == "type":
        return parts[0] if parts else UNKNOWN_FILTER
    if kind == "not":
        return Filter("not", (parts[0],)) if parts else UNKNOWN_FILTER
    return Filter(kind, tuple(parts))


def selects(f: Filter, chain: tuple, attr: str) -> bool | None:
    """Whether `f` selects a Variable of type `chain` held in attribute `attr`; None when it
    cannot be told."""
    k = f.kind
    if k == "type":
        return f.key in chain
    if k == "everything":
        return True
    if k == "nothing":
        return False
    if k == "path":
        return True if f.key == attr else None
    if k == "not":
        inner = selects(f.parts[0], chain, attr)
        return None if inner is None else not inner
    if k in ("all", "any"):
        got = [selects(p, chain, attr) for p in f.parts]
        decisive = k == "any"
        if decisive in got:
            return decisive
        return None if None in got else not decisive
    return None


def argnums_and_filter(items: list[Any]) -> tuple[tuple[int, ...], Filter] | None:
    """nnx.grad's `argnums` (its constant, or its items' constants): the differentiated
    argument numbers and the filter of their Variables. None when it cannot be read."""
    nums: list[int] = []
    filters: list[Filter] = []
    for c in items:
        if isinstance(c, bool):
            return None
        if isinstance(c, int):
            nums.append(c)
            filters.append(PARAM)
        elif isinstance(c, DiffState) and isinstance(c.argnum, int):
            nums.append(c.argnum)
            filters.append(c.filter)
        else:
            return None
    if not nums:
        return None
    # one filter per level: arguments with different filters share their union
    wrt = filters[0] if len(set(filters)) == 1 else Filter("any", tuple(dict.fromkeys(filters)))
    return tuple(nums), wrt
