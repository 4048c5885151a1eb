"""Enumerations as Python makes them: the plain assignments of an `enum.Enum` subclass's body
are its members, each an instance of the class (its methods bound to it) holding `value` and
`name`; `Mode("fast")` looks a member up by value (`Enum.__call__`), `Mode["FAST"]` by name.

A member keeps its value's constant too (`Value.const`), as the evaluator read members
before: `mode is Act.HOST` is decided on distinct values (`expressions._is_distinct`) and a
dict keyed by members is keyed by their values.
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.values import NOCONST, Api, ClassObj, Closure, Decorator, Instance, Value

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


def make_members(cls: ClassObj, stmt: ast.ClassDef) -> None:
    """Turn the class attributes an enumeration's body assigns into its members (not a
    `_sunder_` or `__dunder__` name, nor a function or descriptor: those are its methods)."""
    for s in stmt.body:
        if not (isinstance(s, ast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], ast.Name)):
            continue
        name = s.targets[0].id
        value = cls.attrs.get(name)
        if name.startswith("_") or value is None or any(
                isinstance(f, (Closure, Decorator)) for f in value.fns):
            continue
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


def by_name(cls: ClassObj, name: Value) -> Value | None:
    """`Mode[n]`: the member named by the constant `n` (None: not known)."""
    return cls.members.get(name.const) if isinstance(name.const, str) else None
