"""`configparser` as the evaluator runs it: a `ConfigParser()` given its text by
`read_string(TEXT)` (a string the evaluator knows) answers `cfg["s"]["k"]`, `cfg.get("s",
"k")`, `cfg.getboolean(...)` / `getint` / `getfloat` (and the same of a section,
`cfg["s"].getboolean("k", fallback=False)`) as configparser does: its own parser holds the
text, and is asked.

Why: an INI document embedded in the program (`[callback]\\nordered = yes`) decides what JAX
does; unmodelled, each value is unknown. A parser read from a file (`read(path)`), given a
dict or text not known, made with options not followed (a converter, an interpolation of
its own), or asked what it would raise on, gives nothing known.
"""

from __future__ import annotations

import configparser
from dataclasses import dataclass, field
from typing import Any

from jax_lsp.analysis.values import NOCONST, UNKNOWN, Value

#: the constructors, by canonical name
PARSERS = frozenset({"configparser.ConfigParser", "configparser.RawConfigParser"})
#: keywords of the constructor that are constants configparser is handed as they are
_KEYWORDS = frozenset({"allow_no_value", "delimiters", "comment_prefixes",
                       "inline_comment_prefixes", "strict", "empty_lines_in_values",
                       "default_section"})
#: the getters, by name: what configparser's own method is
_GETTERS = frozenset({"get", "getboolean", "getint", "getfloat"})


@dataclass(eq=False)
class Config:
    """A parser: configparser's own, holding the texts read; None once one is not known."""

    real: configparser.RawConfigParser | None = field(default=None)

    __hash__ = object.__hash__


@dataclass(frozen=True)
class Section:
    """`cfg["name"]`: a section of a parser."""

    config: Config
    name: str


@dataclass(frozen=True)
class Method:
    """A method read off a parser or a section."""

    owner: Config | Section
    name: str


def new_parser(name: str, args: Any) -> Value:
    """The value of `configparser.ConfigParser(...)`."""
    kw = {k: v.const for k, v in args.kw.items()}
    known = (not args.pos and args.star is None and args.dstar is None
             and all(k in _KEYWORDS and c is not NOCONST for k, c in kw.items()))
    cls = configparser.ConfigParser if name.endswith(".ConfigParser") else (
        configparser.RawConfigParser)
    try:
        real = cls(**kw) if known else None
    except (TypeError, ValueError):
        real = None
    return Value(fns=(Config(real),))


def attribute(owner: Config | Section, name: str) -> Value:
    return Value(fns=(Method(owner, name),))


def subscript(owner: Config | Section, index: Value) -> Value:
    """`cfg["section"]`, `section["key"]`."""
    key = index.const
    if not isinstance(key, str):
        return UNKNOWN
    if isinstance(owner, Config):
        if owner.real is None or not owner.real.has_section(key) and (
                key != owner.real.default_section):
            return UNKNOWN
        return Value(fns=(Section(owner, key),))
    return _asked(owner.config, "get", (owner.name, key), {})


def call(method: Method, args: Any) -> Value:
    """Calling a parser's or a section's method."""
    owner, name = method.owner, method.name
    if args.star is not None or args.dstar is not None:
        if isinstance(owner, Config):
            owner.real = None
        return UNKNOWN
    pos = [v.const for v in args.pos]
    kw = {k: v.const for k, v in args.kw.items()}
    if isinstance(owner, Section):
        if name in _GETTERS and len(pos) == 1:
            return _asked(owner.config, name, (owner.name, pos[0]), kw)
        if name == "get" and len(pos) == 2:  # `section.get(key, default)`
            return _asked(owner.config, name, (owner.name, pos[0]), {"fallback": pos[1]})
        return UNKNOWN
    if name == "read_string" and len(pos) == 1 and isinstance(pos[0], str) and not kw:
        if owner.real is not None:
            try:
                owner.real.read_string(pos[0])
            except configparser.Error:
                owner.real = None
        return Value(const=None)
    if name in _GETTERS and len(pos) == 2:
        return _asked(owner, name, tuple(pos), kw)
    if name in ("sections", "has_section", "has_option", "items", "options", "defaults",
                "getboolean", "getint", "getfloat", "get"):
        return UNKNOWN  # (a read not followed: nothing changes)
    owner.real = None  # (`read(path)`, `read_dict`, `set`, anything else: not followed)
    return UNKNOWN


def _asked(config: Config, getter: str, where: tuple, kw: dict[str, Any]) -> Value:
    """configparser's answer, as a constant; unknown where it is not known or would raise."""
    if config.real is None or NOCONST in where or set(kw) - {"fallback"} or (
            NOCONST in kw.values()) or not all(isinstance(w, str) for w in where):
        return UNKNOWN
    try:
        got = getattr(config.real, getter)(*where, **kw)
    except (configparser.Error, ValueError, TypeError):
        return UNKNOWN
    if got is None or isinstance(got, (str, int, float, bool)):
        return Value(const=got, intish=type(got) in (int, bool))
    return UNKNOWN
