"""Python's builtins and `str` methods applied to constants the evaluator knows.

A converter or a switch that reads a flag (`str(v).strip().lower() in {"1", "true"}`,
`f"{mode}-{n}"`, `max(1, n)`, `name.startswith("eval")`) decides a branch only when its
result is known. Where every input is a known Python scalar (or a tuple, range or frozenset
of them), this module computes the result with Python's own builtin on those constants:
never a program's code (no `__str__`, `__format__` or `__eq__` of an analysed class is
reached, since only builtin scalar types are given to it), and never a result larger than
the evaluator keeps (`MAX_STR` characters, `MAX_ITEMS` items). Anything else is None
(unknown), and the caller keeps what it did before.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import MAX_ITEMS, Args
from jax_lsp.analysis.values import NOCONST, Value

#: the longest string a computation may make (as `binop`'s `"a" * n`)
MAX_STR = 1000

#: Python's scalars: the constants whose builtins (`str`, `format`, `==`, `callable`...) run no
#: program code and answer the same whatever made the constant (a tuple constant may be a list
#: at run time, and `[1] == (1,)` is False); the one table of the modules that decide such a
#: builtin (this one, `expressions`' comparisons, `jax_calls`' `callable()`)
SCALARS = (str, int, float, bool, type(None), bytes)

#: containers of scalars a builtin may read (a list display's constant is a tuple)
_CONTAINERS = (tuple, range, frozenset)


def _known(v: Value) -> Any:
    """`v`'s constant when it is a scalar, or a tuple/range/frozenset of scalars (a list or
    tuple display's items all known); NOCONST otherwise, for a traced value (a tracer), and
    for a program object that carries a constant (an enum member: `str(Mode.A)` is
    "Mode.A", not its value)."""
    if v.traced or v.fns:
        return NOCONST
    c = v.const
    if type(c) in SCALARS:
        return c
    if type(c) in _CONTAINERS and len(c) <= MAX_ITEMS and all(type(i) in SCALARS for i in c):
        return c
    return NOCONST


def scalar(v: Value) -> Any:
    """`v`'s constant when it is a Python scalar (`SCALARS`), else NOCONST (as `_known`: a
    tracer, a program object carrying a constant): what a builtin of `v` is decided on, here
    and by `callable(v)` (`jax_calls`; no scalar is callable)."""
    c = _known(v)
    return c if type(c) in SCALARS else NOCONST


def value_of(result: object) -> Value | None:
    """The evaluator's value of a computed result, or None when it is not one the evaluator
    keeps exactly (too long, or of another type). A list is a sequence of its items, as a
    list display is (its constant the tuple of them)."""
    if isinstance(result, (str, bytes)):
        return Value(const=result) if len(result) <= MAX_STR else None
    if type(result) in (int, bool):
        return Value(const=result, intish=True)
    if type(result) is frozenset:
        ok = len(result) <= MAX_ITEMS and all(type(i) in SCALARS for i in result)
        return Value(const=result) if ok else None
    if type(result) in (float, type(None)):
        return Value(const=result)
    if isinstance(result, (list, tuple)):
        if len(result) > MAX_ITEMS:
            return None
        known: list[Value] = []
        for i in result:
            item = value_of(i)
            if item is None or type(item.const) not in SCALARS:
                return None
            known.append(item)
        return Value(items=tuple(known), const=tuple(i.const for i in known),
                     intish=bool(known) and all(i.intish for i in known))
    return None


def _sequence(c: object) -> bool:
    return type(c) in _CONTAINERS or isinstance(c, (str, bytes))


def _round(x: Any, *nd: Any) -> Any:
    return round(x, *nd)


def _plain_number(c: object) -> bool:
    return type(c) in (int, float, bool)


#: the builtins computed, each with the check its constant arguments must pass
_BUILTINS: dict[str, tuple[Callable[..., Any], Callable[[tuple], bool]]] = {
    "builtins.str": (str, lambda a: len(a) <= 1 and all(type(x) in SCALARS for x in a)),
    "builtins.repr": (repr, lambda a: len(a) == 1 and type(a[0]) in SCALARS),
    "builtins.int": (int, lambda a: 1 <= len(a) <= 2 and type(a[0]) in SCALARS),
    "builtins.float": (float, lambda a: len(a) == 1 and type(a[0]) in SCALARS),
    "builtins.bool": (bool, lambda a: len(a) == 1),
    # (not of a list's or set's items, which may be stale: `fresh_lists` decides those)
    "builtins.len": (len, lambda a: len(a) == 1 and isinstance(a[0], (str, bytes, range))),
    "builtins.abs": (abs, lambda a: len(a) == 1 and _plain_number(a[0])),
    "builtins.round": (_round, lambda a: 1 <= len(a) <= 2 and all(_plain_number(x) for x in a)),
    "builtins.min": (min, lambda a: len(a) >= 1 and (len(a) > 1 or _sequence(a[0]))),
    "builtins.max": (max, lambda a: len(a) >= 1 and (len(a) > 1 or _sequence(a[0]))),
    "builtins.sum": (sum, lambda a: len(a) == 1 and type(a[0]) in _CONTAINERS
                     and all(_plain_number(x) for x in a[0])),
    "builtins.any": (any, lambda a: len(a) == 1 and _sequence(a[0])),
    "builtins.all": (all, lambda a: len(a) == 1 and _sequence(a[0])),
    "builtins.sorted": (sorted, lambda a: len(a) == 1 and _sequence(a[0])),
    # an immutable set: a set display's items known for good
    "builtins.frozenset": (frozenset, lambda a: len(a) == 0 or (len(a) == 1 and _sequence(a[0]))),
    # a new set of the known items it is given, as a set display's (`set_display`): its
    # name's own `s.add(v)` changes it (`set_after`); one filled through another name is not
    # seen, as a display's is not. Not `set()`: an empty set is made to be filled, often
    # where the evaluator does not look (`self.seen = set()`, added to by another method)
    "builtins.set": (frozenset, lambda a: len(a) == 1 and _sequence(a[0])),
    "builtins.divmod": (divmod, lambda a: len(a) == 2 and all(_plain_number(x) for x in a)),
}

NAMES = frozenset(_BUILTINS)


def call(name: str, args: Args) -> Value | None:
    """`name(*args)` (a builtin of `NAMES`) when its positional arguments are all known
    constants and it takes no keyword (`sorted(key=...)` would call a program's function):
    Python's builtin applied to them. None when not known, or when Python raises."""
    if args.kw or args.star is not None or args.dstar is not None:
        return None
    consts = tuple(_known(v) for v in args.pos)
    if any(c is NOCONST for c in consts):
        return None
    fn, accepts = _BUILTINS[name]
    if not accepts(consts):
        return None
    if name == "builtins.int" and len(consts) == 2 and not isinstance(consts[0], (str, bytes)):
        return None
    try:
        result = fn(*consts)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        return None  # Python raises: the call never returns a value
    return value_of(list(result) if isinstance(result, list) else result)


#: `str` methods computed on a known string, with the kinds of arguments they may take
_STR_METHODS = frozenset({
    "lower", "upper", "casefold", "title", "capitalize", "swapcase", "strip", "lstrip",
    "rstrip", "split", "rsplit", "splitlines", "startswith", "endswith", "replace",
    "removeprefix", "removesuffix", "partition", "rpartition", "find", "rfind", "count",
    "isdigit", "isdecimal", "isnumeric", "isalpha", "isalnum", "isspace", "islower",
    "isupper", "isidentifier", "istitle", "zfill", "ljust", "rjust", "center", "join",
    "format",
})

#: the methods whose arguments may make the result long: the width they pad to is bounded
_PADDING = frozenset({"zfill", "ljust", "rjust", "center"})

STR_METHODS = _STR_METHODS


def str_method(text: str, name: str, args: Args) -> Value | None:
    """`text.name(*args, **kw)` for a known string and known arguments: scalars, or tuples
    of them (`startswith(("a", "b"))`, `", ".join(("x", "y"))`); `format` only of scalars,
    so that no program object's `__format__` runs. None when not known or when Python
    raises."""
    if name not in _STR_METHODS or args.star is not None or args.dstar is not None:
        return None
    pos = tuple(_known(v) for v in args.pos)
    kw = {k: _known(v) for k, v in args.kw.items()}
    if any(c is NOCONST for c in (*pos, *kw.values())):
        return None
    if name == "format" and any(type(c) not in SCALARS for c in (*pos, *kw.values())):
        return None
    if name in _PADDING and any(isinstance(c, int) and c > MAX_STR for c in pos):
        return None
    if name == "format" and not _bounded_spec(text):
        return None
    if name == "replace" and len(pos) >= 2 and isinstance(pos[1], str) and (
            len(text) * (len(pos[1]) + 1) > MAX_STR):
        return None
    try:
        result = getattr(text, name)(*pos, **kw)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError, OverflowError):
        return None
    return value_of(result)


def formatted(node: ast.JoinedStr, values: list[Value]) -> Value | None:
    """An f-string's value when each of its replacement fields (`values`, in order, the
    format specs' own fields included) is a known scalar: Python's `format` of each with its
    conversion and spec. None otherwise."""
    it = iter(values)
    try:
        text = _joined(node, it)
    except (TypeError, ValueError, OverflowError, _Unknown):
        return None
    return value_of(text) if text is not None else None


class _Unknown(Exception):
    """A replacement field whose value is not a known scalar."""


def _joined(node: ast.JoinedStr, values: Any) -> str:
    out: list[str] = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            out.append(str(part.value))
            continue
        assert isinstance(part, ast.FormattedValue)
        c = scalar(next(values))
        if c is NOCONST:
            raise _Unknown
        spec = _joined(part.format_spec, values) if isinstance(part.format_spec,
                                                                ast.JoinedStr) else ""
        if not _bounded_spec(spec):
            raise _Unknown
        if part.conversion == ord("r"):
            c = repr(c)
        elif part.conversion == ord("s"):
            c = str(c)
        elif part.conversion == ord("a"):
            c = ascii(c)
        out.append(format(c, spec))
        if sum(map(len, out)) > MAX_STR:
            raise _Unknown
    return "".join(out)


def _bounded_spec(text: str) -> bool:
    """Whether no width or precision written in a format string exceeds `MAX_STR` (a
    `{:>100000}` would build a long string before its length could be checked)."""
    return all(int(n) <= MAX_STR for n in re.findall(r"[0-9]+", text))


def fields(node: ast.JoinedStr) -> list[ast.expr]:
    """The expressions of an f-string's replacement fields in the order `formatted` reads
    them (each field's value, then its format spec's fields)."""
    found: list[ast.expr] = []
    for part in node.values:
        if isinstance(part, ast.FormattedValue):
            found.append(part.value)
            if isinstance(part.format_spec, ast.JoinedStr):
                found.extend(fields(part.format_spec))
    return found


def set_display(values: list[Value]) -> Value | None:
    """A set display's value: the frozenset of its items when each is a known scalar (as a
    list display's is the tuple of its items). The program's `s.add(v)` (and the other
    `SET_MUTATORS`) on the name it is bound to changes it (`set_after`); a set filled
    through another name is not seen, as a list is not."""
    consts = [scalar(v) for v in values]
    if any(c is NOCONST for c in consts) or len(consts) > MAX_ITEMS:
        return None
    try:
        return Value(const=frozenset(consts))
    except TypeError:
        return None


def has_key(d: Value, key: Value, exact: bool = False) -> bool | None:
    """`key in d` for a dict the evaluator knows with `key` among its known keys: True. A key
    it does not list decides nothing (the dict may be filled where the analysis does not
    see), unless the caller knows the dict's keys are `exact` (`fresh_dicts.followed`):
    then False."""
    k = scalar(key)
    if k is NOCONST or d.keys is None or d.traced:
        return None
    if any(type(x) in SCALARS and x == k for x in d.keys):
        return True
    return False if exact and d.items is not None and not d.fns and all(
        type(x) in SCALARS for x in d.keys) else None


#: the builtin types `isinstance` is decided for: a known scalar's own type is one of them
_SCALAR_TYPES = {"builtins.str": str, "builtins.int": int, "builtins.float": float,
                 "builtins.bool": bool, "builtins.bytes": bytes, "builtins.complex": complex}


#: the builtin containers no array is an instance of (NumPy's or JAX's, nor a
#: `ShapeDtypeStruct`): `isinstance(leaf, dict)` of an array is False
_CONTAINER_TYPES = frozenset({"builtins.dict", "builtins.list", "builtins.tuple",
                              "builtins.set", "builtins.frozenset"})


def is_instance(args: Args) -> Value | None:
    """`isinstance(c, T)` of a known scalar (a value that is no program object) and a
    builtin scalar type or a tuple display of them: Python's answer; and of an array (its
    facts known: `array_facts`) and builtin containers, False (a recursive walk over a
    nested dict stops at its array leaves). Anything else None."""
    if len(args.pos) != 2 or args.kw or args.star is not None:
        return None
    v, t = args.pos
    if v.arr is not None and v.items is None and v.keys is None and not v.fns:
        kinds = t.items if t.items is not None and t.keys is None else (t,)
        if kinds and all(len(k.fns) == 1 and getattr(k.fns[0], "name", None) in
                         _CONTAINER_TYPES for k in kinds):
            return Value(const=False, intish=True)
        return None
    c = scalar(v)
    if c is NOCONST or v.fns:
        return None
    kinds = t.items if t.items is not None and t.keys is None else (t,)
    types = []
    for k in kinds:
        names = [getattr(f, "name", None) for f in k.fns]
        if len(names) != 1 or names[0] not in _SCALAR_TYPES:
            return None
        types.append(_SCALAR_TYPES[names[0]])  # type: ignore[index]
    return Value(const=isinstance(c, tuple(types)), intish=True)


#: the methods of a set that change it in place
SET_MUTATORS = frozenset({"add", "discard", "remove", "update", "clear", "pop",
                          "difference_update", "intersection_update",
                          "symmetric_difference_update"})


def set_after(old: frozenset, how: str, pos: list[Value]) -> Value:
    """A set of known scalars after `s.how(*pos)`: its new items when the arguments are
    known constants, else unknown (a value not known must not be read as absent)."""
    consts = [_known(v) for v in pos]
    if how == "pop" or any(c is NOCONST for c in consts):
        return Value()
    new = set(old)
    try:
        getattr(new, how)(*consts)
    except (TypeError, KeyError):
        return Value()
    return set_display([Value(const=c) for c in new]) or Value()
