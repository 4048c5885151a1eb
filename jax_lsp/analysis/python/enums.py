"""Enumerations as Python makes them: the plain assignments of an `enum.Enum` subclass's body
are its members, each an instance of the class (its methods bound to it) holding `value` and
`name`; `Mode("fast")` looks a member up by value (`Enum.__call__`), `Mode["FAST"]` by name.

A member keeps its value's constant too (`Value.const`), as the evaluator read members
before: `mode is Act.HOST` is decided on distinct values (`expressions._is_distinct`) and a
dict keyed by members is keyed by their values.
"""

from __future__ import annotations

import ast
import enum
from collections.abc import Callable

from jax_lsp.analysis.values import (
    NOCONST,
    UNKNOWN,
    Api,
    ClassObj,
    Closure,
    Decorator,
    Instance,
    Value,
)

#: the bases that make a class an enumeration
ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag",
                        "enum.IntFlag", "enum.ReprEnum"})
#: the scalar values a member's constant is kept for (compared and hashed as Python does)
_SCALARS = (str, int, float, bytes)


def is_enum(cls: ClassObj, seen: frozenset = frozenset()) -> bool:
    """Whether a class is an enumeration: a base is `enum.Enum` (or a kind of it), or one."""
    return any(
        (isinstance(f, Api) and f.name in ENUM_BASES)
        or (isinstance(f, ClassObj) and f not in seen and is_enum(f, seen | {cls}))
        for b in cls.bases
        for f in b.fns
    )


#: the kinds of enumeration whose `auto()` values are bits, and whose members combine with
#: `|`, `&`, `^` and test membership with `in` (`Flag.__contains__`)
_FLAG_BASES = frozenset({"enum.Flag", "enum.IntFlag"})


def _kind(cls: ClassObj, seen: frozenset = frozenset()) -> str | None:
    """The `enum` base a class derives from (`enum.Flag`, `enum.StrEnum`...), or None."""
    for b in cls.bases:
        for f in b.fns:
            if isinstance(f, Api) and f.name in ENUM_BASES:
                return f.name
            if isinstance(f, ClassObj) and f not in seen:
                found = _kind(f, seen | {cls})
                if found is not None:
                    return found
    return None


def _auto(kind: str | None, name: str, earlier: list[object]) -> object:
    """The value `enum.auto()` gives member `name` after the values `earlier` (Python 3.11's
    `_generate_next_value_`: a `StrEnum`'s lower-cased name, a flag's next power of two, an
    enumeration's last integer plus one, 1 for the first); NOCONST where one earlier value
    is not a known integer."""
    if kind == "enum.StrEnum":
        return name.lower()
    ints = [v for v in earlier if type(v) is int]
    if len(ints) < len(earlier):
        return NOCONST
    if not ints:
        return 1
    if kind in _FLAG_BASES:
        return 2 ** max(max(ints), 0).bit_length()
    return ints[-1] + 1


def make_members(cls: ClassObj, stmt: ast.ClassDef,
                 is_auto: Callable[[ast.expr], bool] = lambda _: False) -> None:
    """Turn the class attributes an enumeration's body assigns into its members (not a
    `_sunder_` or `__dunder__` name, nor a function or descriptor: those are its methods).
    A member assigned `enum.auto()` (`is_auto` of its value's node) gets the value Python
    generates for it."""
    kind = _kind(cls)
    earlier: list[object] = []
    for s in stmt.body:
        if not (isinstance(s, ast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], ast.Name)):
            continue
        name = s.targets[0].id
        value = cls.attrs.get(name)
        if name.startswith("_") or value is None or any(
                isinstance(f, (Closure, Decorator)) for f in value.fns):
            continue
        if is_auto(s.value):
            value = Value(const=_auto(kind, name, earlier))
        earlier.append(value.const)
        label = Value(const=name)
        member = Instance(cls, attrs={"value": value, "_value_": value, "name": label,
                                      "_name_": label})
        const = value.const if isinstance(value.const, _SCALARS) else NOCONST
        cls.attrs[name] = cls.members[name] = Value(fns=(member,), const=const)


def by_value(cls: ClassObj, value: Value) -> Value | None:
    """`Mode(v)`: the member whose value is the constant `v` (None: not known, or no
    member has it, which raises ValueError in Python)."""
    if value.const is NOCONST:
        return None
    for member in cls.members.values():
        inst = member.fns[0]
        held = inst.attrs["value"].const
        if held is not NOCONST and type(held) is type(value.const) and held == value.const:
            return member
    return None


def same_member(a: Value, b: Value) -> bool | None:
    """`mode is Precision.EXACT` when both are one member each: a member is one object (the
    class makes each once), so the same member is True (different ones are False). None when
    either may be something else."""
    if len(a.fns) != 1 or len(b.fns) != 1:
        return None
    ma, mb = a.fns[0], b.fns[0]
    if not (type(ma) is Instance and type(mb) is Instance and _is_member(ma)
            and _is_member(mb)):
        return None
    return ma is mb


def same_constant(a: Value, b: Value) -> bool | None:
    """`p.kind is p.VAR_KEYWORD` when both hold a known member of a library's enum (Python's
    own object as the constant: `inspect.Parameter`'s kinds, `jax/signatures.py`): each member
    is one object, so identity is decided by theirs. None when either is something else."""
    ca, cb = a.const, b.const
    if not (isinstance(ca, enum.Enum) and isinstance(cb, enum.Enum)) or a.fns or b.fns:
        return None
    return ca is cb


def _is_member(inst: Instance) -> bool:
    """Whether `inst` is one of its class's members (not a value made by `|` of flags)."""
    return any(m.fns[0] is inst for m in inst.cls.members.values())


def by_name(cls: ClassObj, name: Value) -> Value | None:
    """`Mode[n]`: the member named by the constant `n` (None: not known)."""
    return cls.members.get(name.const) if isinstance(name.const, str) else None


def _flag(v: Value) -> tuple[ClassObj, int] | None:
    """The flag class and integer value of a member of an `enum.Flag` (or a combination of
    members), or None."""
    if len(v.fns) != 1 or type(v.const) is not int:
        return None
    inst = v.fns[0]
    if not isinstance(inst, Instance) or _kind(inst.cls) not in _FLAG_BASES:
        return None
    return inst.cls, v.const


def combine(a: Value, b: Value, op: ast.operator) -> Value | None:
    """`Sink.FILE | Sink.CONSOLE` (`&`, `^`) of members of one flag class: the member of the
    combined value, as `Flag.__or__` makes it (None: not two such members)."""
    fa, fb = _flag(a), _flag(b)
    if fa is None or fb is None or fa[0] is not fb[0]:
        return None
    if isinstance(op, ast.BitOr):
        bits = fa[1] | fb[1]
    elif isinstance(op, ast.BitAnd):
        bits = fa[1] & fb[1]
    elif isinstance(op, ast.BitXor):
        bits = fa[1] ^ fb[1]
    else:
        return None
    cls = fa[0]
    known = next((m for m in cls.members.values() if m.const == bits), None)
    if known is not None:
        return known
    held = Value(const=bits, intish=True)
    member = Instance(cls, attrs={"value": held, "_value_": held, "name": UNKNOWN,
                                  "_name_": UNKNOWN})
    return Value(fns=(member,), const=bits)


def contains(item: Value, flags: Value) -> bool | None:
    """`Sink.FILE in sink` for members of one flag class (`Flag.__contains__`: every bit of
    the item is set in `flags`); None: not two such members."""
    fi, ff = _flag(item), _flag(flags)
    if fi is None or ff is None or fi[0] is not ff[0]:
        return None
    return fi[1] & ff[1] == fi[1]
