"""absl's flags as a script reads them (`FLAGS.method` in the `main` that `app.run` runs).

Why: which resampler a script picks (`RESAMPLERS[FLAGS.method]`), whether its callback is
`ordered=FLAGS.ledger_in_order`, or which branch of a sweep runs decides what JAX does;
unmodelled, every flag is unknown and each branch on one is kept (a finding the defaults rule
out) or dropped (a miss).

How: a `flags.DEFINE_*` call run at a module's top level (`FUNCTIONS`) notes the flag's kind
and its default (the evaluated value; absl's parse of a string default for a number or a
bool). `app.run(main, argv=...)` parses its command line as absl does (`--name=value`,
`--name value`, `--name` / `--noname` for a bool; `argv` None, or not given, is the process's
own command line: the script run with no arguments unless the project declares its words,
`run_environment.declared_argv`) and calls `main` (one argument,
unknown) where the module runs it, so the script's run is followed as Python runs it. A read
of `FLAGS.<name>` (`HOOKS.state_attributes`) once a command line was parsed gives the value
it leaves the flag: the word's, else the default. Unknown (the read is any API attribute's):
before any parse (absl refuses the read), a flag defined twice or away from a module's top
level, a command line not written out as words, a word absl would refuse, a list flag the
words set, and every flag of a module whose text changes flags otherwise (`FLAGS.name = v`,
`set_default`, `FLAGS(argv)`, `flagsaver`, `unparse_flags`). Defining, parsing and reading
count as `impure_effects` (as `jax/config_flags.py`): their statements are run again, never
replayed from a record, so an edit of a default reaches the read.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.run_environment import declared_argv
from jax_lsp.analysis.values import NOCONST, UNKNOWN, Value, literal

__all__ = ["FLAGS", "FUNCTIONS", "read"]

#: the flag registry, by qualified name (`HOOKS.state_attributes`)
FLAGS = "absl.flags.FLAGS"
#: the kinds of flag modelled: DEFINE_<suffix> -> kind
_KINDS = {"string": "string", "integer": "integer", "float": "float", "bool": "bool",
          "boolean": "bool", "enum": "enum", "list": "list", "spaceseplist": "list",
          "multi_string": "list", "multi_integer": "list", "multi_float": "list",
          "multi_enum": "list"}
_TRUE = frozenset({"true", "t", "1"})
_FALSE = frozenset({"false", "f", "0"})
#: text that changes flags other than by a definition or `app.run`'s command line
_OTHER_WRITES = re.compile(r"set_default\(|\bFLAGS\(|flagsaver|unparse_flags|mark_as_parsed|"
                           r"override_value|\bparse_flags_with_usage\(|FLAGS\.\w+\s*=(?!=)")


class _Flag:
    __slots__ = ("default", "kind")

    def __init__(self, kind: str, default: Value) -> None:
        self.kind = kind
        self.default = default


def _parsed(kind: str, text: str) -> object:
    """What absl makes of a word's value for a flag of `kind` (NOCONST where it refuses it
    or the model does not follow it)."""
    try:
        if kind == "integer":
            return int(text, 0)
        if kind == "float":
            return float(text)
    except ValueError:
        return NOCONST
    if kind == "bool":
        low = text.lower()
        return True if low in _TRUE else False if low in _FALSE else NOCONST
    if kind in ("string", "enum"):
        return text
    return NOCONST


def _define(kind: str) -> Any:
    def define(ev: Any, args: Args, node: ast.AST | None) -> Value:
        name = args.get(0, "name")
        default = args.get(1, "default")
        if name is None or type(name.const) is not str or "flag_values" in args.kw:
            return UNKNOWN  # (`flag_values=`: another registry than `FLAGS`)
        ev.impure_effects += 1  # (see the module's docstring)
        table = ev.absl_flags
        key = name.const
        if ev.frame is not None or key in table or default is None:
            table[key] = None  # (defined where it cannot be ordered, or twice: unknown)
            return UNKNOWN
        if type(default.const) is str and kind in ("integer", "float", "bool"):
            parsed = _parsed(kind, default.const)
            default = UNKNOWN if parsed is NOCONST else literal(parsed)
        table[key] = _Flag(kind, default)
        return UNKNOWN
    return define


FUNCTIONS: dict[str, Callable[[Any, Args, ast.AST | None], Value]] = {
    f"absl.flags.DEFINE_{suffix}": _define(kind) for suffix, kind in _KINDS.items()}


def _set_by(words: list[str], flags: dict[str, _Flag | None]) -> dict[str, object] | None:
    """The flags the words set, as absl parses them (NOCONST: set to what the model does
    not follow); None where absl would refuse the words."""
    out: dict[str, object] = {}
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if w == "--":
            break
        if not w.startswith("-") or w == "-":
            continue  # (a positional argument: left in argv)
        body = w.lstrip("-")
        name, eq, value = body.partition("=")
        flag = flags.get(name)
        if flag is None and not eq and name.startswith("no") and isinstance(
                flags.get(name[2:]), _Flag) and flags[name[2:]].kind == "bool":  # type: ignore[union-attr]
            out[name[2:]] = False
            continue
        if name not in flags:
            return None  # (absl: unknown flag)
        if flag is None:
            out[name] = NOCONST
            continue
        if not eq:
            if flag.kind == "bool":
                out[name] = True
                continue
            if i >= len(words):
                return None  # (absl: a flag with no value)
            value = words[i]
            i += 1
        parsed = _parsed(flag.kind, value)
        if parsed is NOCONST and flag.kind != "list":
            return None
        out[name] = parsed
    return out


def run(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """`app.run(main, argv)`: parse the command line (`ev.absl_set`: the flags it sets, None
    where it is not known), then call `main` as absl does."""
    main = args.get(0, "main")
    argv = args.get(1, "argv")
    ev.impure_effects += 1  # (see the module's docstring)
    words: list[str] | None = None
    if argv is None or argv.const is None:  # (sys.argv: the run's, `declared_argv`)
        words = list(declared_argv())
    elif argv.items is not None and all(type(w.const) is str for w in argv.items[1:]):
        words = [w.const for w in argv.items[1:]]
    if any(_OTHER_WRITES.search(line) for line in ev.main.lines):
        words = None
    ev.absl_set = None if words is None else _set_by(words, ev.absl_flags)
    if main is not None:
        ev.call_value(main, Args([UNKNOWN], {}, [None], {}, None, None), node)
    return UNKNOWN


FUNCTIONS["absl.app.run"] = run


def read(ev: Any, name: str) -> Value | None:
    """`FLAGS.<name>` read once a command line was parsed: the value it leaves the flag, or
    None (not known: read as any API attribute)."""
    flag = ev.absl_flags.get(name)
    set_by = ev.absl_set
    if flag is None or set_by is None:
        return None
    ev.impure_effects += 1  # (see the module's docstring)
    if name not in set_by:
        return flag.default  # type: ignore[no-any-return]
    value = set_by[name]
    return None if value is NOCONST else literal(value)
