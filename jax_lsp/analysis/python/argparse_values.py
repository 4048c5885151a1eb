"""`argparse` as the evaluator runs it: a parser built by `ArgumentParser(...)`,
`add_argument`, `set_defaults`, `add_subparsers().add_parser(...)`, then `parse_args(argv)` of
a command line whose words are all known (a list display, or one handed down through a
parameter: `main(["--bits", "6"])`), gives a namespace whose attributes are what argparse
gives: the defaults, what the words set (`store_true`, `store_const`, `append`, `count`,
`type=int`...), the chosen subcommand's `set_defaults(func=handler)` (so `args.func(args)`
calls that handler, on these values).

Why: which handler runs, and the values it reads (`ordered=args.ordered`), decide what JAX
does; unmodelled, every attribute is unknown and each branch on one is kept (a finding the
command line rules out) or dropped (a miss).

How: the calls are recorded as they are interpreted, and at `parse_args` the same parser is
built with Python's own argparse from the recorded constants and run on the words (argparse's
code, never the program's: a value that is not a constant, such as `func=handler`, is
handed to argparse as a token object and mapped back). Where argparse would need anything
else (a `type=` that is not a builtin, `parents=`, an action class, a word list not known,
an error: argparse exits), the namespace is unknown. `parse_args()` with no words (or None)
reads the process's own command line: the one the run is analysed for, the script run with no
arguments unless the project declares its words (`run_environment.declared_argv`), so the
parser's defaults (as `script_reach` reads it: no subcommand a run does not name is chosen).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any, NoReturn

from jax_lsp.analysis.python import namespaces
from jax_lsp.analysis.run_environment import declared_argv
from jax_lsp.analysis.values import NOCONST, UNKNOWN, Api, Value

#: the constructor, by canonical name
PARSER = "argparse.ArgumentParser"
#: the parsers' methods that parse a command line
_PARSES = frozenset({"parse_args", "parse_known_args", "parse_intermixed_args",
                     "parse_known_intermixed_args"})
#: `ArgumentParser(...)` keywords that change nothing of the namespace
_PARSER_KEYWORDS = frozenset({"prog", "usage", "description", "epilog", "add_help",
                              "allow_abbrev", "formatter_class", "help", "aliases"})
#: `add_argument` actions argparse names by a string
_ACTIONS = frozenset({"store", "store_const", "store_true", "store_false", "append",
                      "append_const", "count", "help", "version", "extend",
                      "BooleanOptionalAction"})
#: `type=` converters that are builtins (argparse calls them on a word)
_TYPES = {"builtins.int": int, "builtins.float": float, "builtins.str": str,
          "builtins.complex": complex}


@dataclass(eq=False)
class Parser:
    """An `ArgumentParser` (or a subcommand's) as built so far: its recorded calls; `opaque`
    once one is not followed."""

    keywords: dict[str, Any] = field(default_factory=dict)
    calls: list[tuple[str, tuple, dict[str, Any]]] = field(default_factory=list)
    opaque: bool = False
    #: the option strings of each optional argument whose `choices=` is not known
    unchecked: list[tuple[str, ...]] = field(default_factory=list)

    __hash__ = object.__hash__


@dataclass(eq=False)
class Subparsers:
    """The object `add_subparsers(...)` returns: its keywords and the parsers it adds."""

    owner: Parser
    keywords: dict[str, Any]
    parsers: list[tuple[str, tuple[str, ...], Parser]] = field(default_factory=list)

    __hash__ = object.__hash__


@dataclass(frozen=True)
class Method:
    """A method of a `Parser` or `Subparsers` read off it (`parser.add_argument`)."""

    owner: Parser | Subparsers
    name: str


class _Token:
    """A value argparse stores but never reads (`func=handler`): mapped back to its `Value`."""

    def __init__(self, value: Value) -> None:
        self.value = value


class _Stopped(Exception):
    """argparse would have written help, usage, a version or an error, and exited."""


class _Quiet(argparse.ArgumentParser):
    """Python's `ArgumentParser`, but what would write (to either stream) or exit raises
    `_Stopped` instead: a run on a program's command line leaves the process's streams
    alone."""

    def _print_message(self, message: str, file: Any = None) -> None:
        raise _Stopped(message)

    def print_usage(self, file: Any = None) -> None:
        raise _Stopped("usage")

    def print_help(self, file: Any = None) -> None:
        raise _Stopped("help")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise _Stopped(message)

    def error(self, message: str) -> NoReturn:
        raise _Stopped(message)


def new_parser(args: Any) -> Value:
    """The value of `argparse.ArgumentParser(...)` (`args`: the call's `Args`)."""
    parser = Parser()
    parser.opaque = bool(args.pos) or args.star is not None or args.dstar is not None
    for k, v in args.kw.items():
        if k not in _PARSER_KEYWORDS or (k != "formatter_class" and v.const is NOCONST):
            parser.opaque = True
        elif k != "formatter_class":
            parser.keywords[k] = v.const
    return Value(fns=(parser,))


def attribute(owner: Parser | Subparsers, name: str) -> Value:
    """Reading a method off a parser (or the subparsers object)."""
    return Value(fns=(Method(owner, name),))


def _constant(v: Value) -> Any:
    """A Python value argparse may be given for `v`: its constant, a tuple/list of
    constants, else a token standing for it."""
    if v.const is not NOCONST:
        return v.const
    if len(v.fns) == 1 and isinstance(v.fns[0], Api) and v.fns[0].name == "argparse.SUPPRESS":
        return argparse.SUPPRESS  # (no attribute unless the command line gives it)
    if v.items is not None and v.keys is None and all(i.const is not NOCONST for i in v.items):
        return [i.const for i in v.items]
    return _Token(v)


def call(method: Method, args: Any) -> Value:
    """Calling a parser's method: record it, or parse (`parse_args`)."""
    owner, name = method.owner, method.name
    if isinstance(owner, Subparsers):
        if name != "add_parser":
            return UNKNOWN
        label = args.pos[0].const if args.pos else args.kw.get("name", UNKNOWN).const
        child = Parser()
        if not isinstance(label, str) or len(args.pos) > 1 or args.star or args.dstar:
            owner.owner.opaque = True
            return Value(fns=(child,))
        aliases: tuple[str, ...] = ()
        for k, v in args.kw.items():
            if k == "aliases":
                got = _constant(v)  # (a list display of constants: its tuple)
                if not isinstance(got, (list, tuple)) or not all(
                        isinstance(a, str) for a in got):
                    owner.owner.opaque = True
                    got = ()
                aliases = tuple(got)
            elif k not in _PARSER_KEYWORDS or v.const is NOCONST:
                child.opaque = True
            else:
                child.keywords[k] = v.const
        owner.parsers.append((label, aliases, child))
        return Value(fns=(child,))
    if name in _PARSES:
        return _parse(owner, name, args)
    if args.star is not None or args.dstar is not None:
        owner.opaque = True
        return UNKNOWN
    if name == "add_argument":
        words = [v.const for v in args.pos]
        if not all(isinstance(w, str) for w in words):
            owner.opaque = True
            return UNKNOWN
        kw: dict[str, Any] = {}
        for k, v in args.kw.items():
            if k == "type":
                f = v.fns[0] if len(v.fns) == 1 else None
                if not isinstance(f, Api) or f.name not in _TYPES:
                    owner.opaque = True
                    return UNKNOWN
                kw[k] = _TYPES[f.name]
            elif k == "action":
                if v.const not in _ACTIONS:
                    owner.opaque = True
                    return UNKNOWN
                kw[k] = (argparse.BooleanOptionalAction if v.const == "BooleanOptionalAction"
                         else v.const)
            elif k in ("default", "const"):
                kw[k] = _constant(v)
            elif k == "choices" and isinstance(_constant(v), _Token) and words and all(
                    w.startswith("-") for w in words):
                # (argparse checks only a word the command line gives against `choices`,
                # never the default: known unless a command line names the option)
                owner.unchecked.append(tuple(words))
            else:
                kw[k] = _constant(v)
                if isinstance(kw[k], _Token):
                    owner.opaque = True
                    return UNKNOWN
        owner.calls.append((name, tuple(words), kw))
        return UNKNOWN
    if name == "set_defaults" and not args.pos:
        owner.calls.append((name, (), {k: _constant(v) for k, v in args.kw.items()}))
        return UNKNOWN
    if name == "add_subparsers":
        kw = {k: v.const for k, v in args.kw.items()}
        if args.pos or any(c is NOCONST for c in kw.values()):
            owner.opaque = True
        sub = Subparsers(owner, kw)
        owner.calls.append((name, (), {"": sub}))
        return Value(fns=(sub,))
    if name in ("add_argument_group",):
        return Value(fns=(owner,))  # (its arguments are the parser's own)
    if name in ("print_help", "print_usage", "format_help", "format_usage"):
        return UNKNOWN
    owner.opaque = True  # (a mutually exclusive group, `parents`, anything else)
    return UNKNOWN


def _build(parser: Parser, real: argparse.ArgumentParser, depth: int = 0) -> bool:
    """Replay `parser`'s calls on `real`; False where one is not followed."""
    if parser.opaque or depth > 4:
        return False
    for name, words, kw in parser.calls:
        if name == "add_argument":
            real.add_argument(*words, **kw)
        elif name == "set_defaults":
            real.set_defaults(**kw)
        else:
            sub: Subparsers = kw[""]
            made = real.add_subparsers(**{**sub.keywords, "parser_class": _Quiet})
            for label, aliases, child in sub.parsers:
                inner = made.add_parser(label, aliases=list(aliases), exit_on_error=False,
                                        **child.keywords)
                if not _build(child, inner, depth + 1):
                    return False
    return True


def _parse(parser: Parser, how: str, args: Any) -> Value:
    words = args.pos[0] if args.pos else args.kw.get("args")
    if len(args.pos) > 1 or set(args.kw) - {"args"}:
        return UNKNOWN  # (a namespace given)
    if words is None or words.const is None:  # the process's own command line
        argv = list(declared_argv())
    elif words.items is None or words.keys is not None or not all(
            isinstance(w.const, str) for w in words.items):
        return UNKNOWN  # (words not known)
    else:
        argv = [w.const for w in words.items]
    if _names_unchecked(parser, argv):
        return UNKNOWN  # (its word may not be among the choices: argparse exits)
    real = _Quiet(exit_on_error=False, **parser.keywords)
    try:
        if not _build(parser, real):
            return UNKNOWN
        parsed = getattr(real, how)(argv)
    except Exception:  # (`_Stopped`: the run would exit there; a call argparse refuses)
        return UNKNOWN
    known = parsed[0] if isinstance(parsed, tuple) else parsed
    attrs = {k: _value(v) for k, v in vars(known).items()}
    if any(v is None for v in attrs.values()):
        return UNKNOWN
    namespace = namespaces.simple_namespace(attrs)  # type: ignore[arg-type]
    if isinstance(parsed, tuple):  # `parse_known_args`: (namespace, the words left)
        rest = [Value(const=w) for w in parsed[1]]
        return Value(items=(namespace, Value(items=tuple(rest))))
    return namespace


def _names_unchecked(parser: Parser, argv: list[str], depth: int = 0) -> bool:
    """Whether a word of `argv` may give an optional argument whose `choices=` is not known
    (`Parser.unchecked`), in `parser` or a subcommand's: the word itself, an abbreviation
    of it, `--opt=value`, a short option with its value or among combined flags."""
    options = [o for words in parser.unchecked for o in words]
    for name, _, kw in parser.calls:
        if name == "add_subparsers" and depth < 4:
            if any(_names_unchecked(child, argv, depth + 1) for _, _, child in kw[""].parsers):
                return True
    for w in argv:
        if w == "--":
            break
        if not w.startswith("-"):
            continue
        head = w.split("=", 1)[0]
        for o in options:
            if o.startswith("--") and len(head) > 2 and o.startswith(head):
                return True
            if not o.startswith("--") and not w.startswith("--") and (
                    w.startswith(o) or o[1:] in w[1:]):
                return True
    return False


def _value(v: Any) -> Value | None:
    """The evaluator's value for what argparse stored (None: not one it can hold)."""
    if isinstance(v, _Token):
        return v.value
    if v is None or isinstance(v, (str, int, float, bool, complex)):
        return Value(const=v, intish=type(v) in (int, bool))
    if isinstance(v, list):
        items = [_value(i) for i in v]
        if any(i is None for i in items):
            return None
        return Value(items=tuple(items))  # type: ignore[arg-type]
    return None
