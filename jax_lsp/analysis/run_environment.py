"""The environment variables and the command line of the run a program is analysed for.

A program is analysed in its default configuration: a variable the project does not declare
(`[tool.jax-lsp] environment = {NAME = "value"}`) is taken as unset where it runs, so
`os.environ.get(K, d)` is `d`, `os.getenv(K)` None and `K in os.environ` False, as a user who
runs it without setting anything sees it; a declared one has its declared value. The
evaluator (`python/calls.py`, `python/expressions.py`) and the script reach
(`script_reach.py`) both read variables through `Environment.lookup`, so the two passes never
disagree about which branch a run takes.

A variable the program sets itself (`os.environ[K] = v`, `os.environ.setdefault(K, v)`,
`os.putenv(K, v)`, `monkeypatch.setenv(K, v)`, `del os.environ[K]`) is not decided: where the
write happens relative to the read is not followed, so its value stays unknown, as every
variable was before this policy. A write whose variable is not a literal, or that hands
`os.environ` itself to other code (`mock.patch.dict(os.environ, ...)`, `env = os.environ`),
leaves every variable unknown.

The command line is the same policy's: a script is run with no arguments unless the project
declares the words it runs with (`[tool.jax-lsp] argv = [...]`), so a command line the program
reads from the process (`parser.parse_args()`, `app.run(main)`, a click command run as `cli()`)
is `declared_argv()`: a parser's defaults where none is declared.

The declared values come from the configuration (`AnalysisConfig.environment`, `.argv`) and
are set for one analysis with `declared(...)`: the text pass (`callback_hosts`), which is
reached without the configuration, reads them from there too.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from jax_lsp.analysis.syntax import iter_nodes, newer_syntax_in

__all__ = ["READS", "UNSURE", "Environment", "declared", "declared_argv", "declared_values",
           "environment_for", "environment_of", "written", "written_in_lines"]

#: the calls that read one variable: `os.environ.get(K[, d])`, `os.getenv(K[, d])`
READS = frozenset({"os.environ.get", "os.getenv"})

#: a variable whose value at the read is not known (the program writes it)
UNSURE = object()

#: the methods of `os.environ` that write the variable named by their first argument
_KEYED_WRITES = frozenset({"setdefault", "pop", "__setitem__", "__delitem__"})
#: functions that write the variable named by their first argument (`os.putenv`, pytest's
#: `monkeypatch.setenv`)
_NAMED_WRITES = frozenset({"putenv", "unsetenv", "setenv", "delenv"})
#: methods of `os.environ` that only read it
_READ_METHODS = frozenset({"get", "copy", "items", "keys", "values", "__contains__",
                           "__getitem__"})
#: builtins handed `os.environ` that only read it (`dict(os.environ)`)
_READING_CALLS = frozenset({"dict", "len", "list", "sorted", "set", "tuple", "iter"})
#: the words a text must hold for it to write a variable
_WORDS = ("environ", "putenv", "setenv", "unsetenv", "delenv")


@dataclass(frozen=True, slots=True)
class Written:
    """The variables a module's text writes (`every`: one it cannot name, or all of them)."""

    keys: frozenset[str] = frozenset()
    every: bool = False


NOTHING_WRITTEN = Written()


@dataclass(frozen=True, slots=True)
class Environment:
    """The variables of one analysis's run: those declared, and those the program writes."""

    #: the declared variables, as sorted (name, value) pairs (hashable: a memo key)
    values: tuple[tuple[str, str], ...] = ()
    written: Written = NOTHING_WRITTEN

    def lookup(self, key: object) -> object:
        """The variable `key`'s value where the program runs: its declared string, None when
        unset, `UNSURE` when the program writes it (or `key` is not a known string)."""
        if type(key) is not str or self.written.every or key in self.written.keys:
            return UNSURE
        for name, value in self.values:
            if name == key:
                return value
        return None


_DECLARED: ContextVar[tuple[tuple[str, str], ...]] = ContextVar("declared_environment",
                                                                default=())
_ARGV: ContextVar[tuple[str, ...]] = ContextVar("declared_argv", default=())


@contextmanager
def declared(values: Mapping[str, str], argv: Sequence[str] = ()) -> Iterator[None]:
    """Run an analysis with the project's declared variables and command line
    (`AnalysisConfig.environment`, `AnalysisConfig.argv`)."""
    token = _DECLARED.set(tuple(sorted(values.items())))
    words = _ARGV.set(tuple(argv))
    try:
        yield
    finally:
        _ARGV.reset(words)
        _DECLARED.reset(token)


def declared_argv() -> tuple[str, ...]:
    """The words of the command line the analysed run is given after the script's name (none
    unless the project declares them): what a parser reading the process's own reads."""
    return _ARGV.get()


def declared_values() -> tuple[tuple[str, str], ...]:
    """The declared variables of the analysis under way, as sorted pairs (a memo's key)."""
    return _DECLARED.get()


def environment_for(*texts: str | None) -> Environment:
    """The run's environment as the modules of `texts` see it: the declared variables, and
    those any of them writes."""
    return environment_of([written(t) for t in texts if t])


def environment_of(found: list[Written]) -> Environment:
    """The run's environment as modules writing `found` see it."""
    if not found:
        return Environment(_DECLARED.get())
    if any(w.every for w in found):
        return Environment(_DECLARED.get(), Written(every=True))
    keys = frozenset().union(*(w.keys for w in found))
    return Environment(_DECLARED.get(), Written(keys) if keys else NOTHING_WRITTEN)


def _environ(node: ast.AST) -> bool:
    """`os.environ`, `environ` (imported from os), however `os` is named."""
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (
        isinstance(node, ast.Name) and node.id == "environ")


def _literal_key(args: list[ast.expr]) -> str | None:
    if args and isinstance(args[0], ast.Constant) and type(args[0].value) is str:
        return args[0].value
    return None


@lru_cache(maxsize=64)
def written(text: str) -> Written:
    """The variables the module whose source is `text` writes (read off its tree; a text
    that names no writing word writes none, known without parsing)."""
    if not any(w in text for w in _WORDS):
        return NOTHING_WRITTEN
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return Written(every=True)
    return _written_in(tree)


#: `written` of a module's lines joined, by the tree parsed from them (None: not told by it)
_BY_TREE: weakref.WeakKeyDictionary[ast.Module, Written | None] = weakref.WeakKeyDictionary()
_UNSEEN = Written()


def written_in_lines(lines: list[str], tree: ast.Module) -> Written | None:
    """`written("\\n".join(lines))`, where `tree` is what `syntax.parse_module` gave for a text
    that parses as those lines joined: not parsed again (an imported module's reads of the
    environment parsed its text each time: IPython's modules, a quarter of a second of a check
    of flax). None where the tree may be of a rewritten text (`syntax`: a construct newer than
    the running Python's grammar, where `written`'s plain parse fails)."""
    found = _BY_TREE.get(tree, _UNSEEN)
    if found is _UNSEEN:
        if not any(w in line for line in lines for w in _WORDS):
            found = NOTHING_WRITTEN
        elif newer_syntax_in(lines, {}):
            found = None
        else:
            found = _written_in(tree)
        _BY_TREE[tree] = found
    return found


def _written_in(tree: ast.Module) -> Written:
    keys: set[str] = set()
    read_uses: set[int] = set()  # (`os.environ` nodes used only to read)
    for node in iter_nodes(tree):
        if isinstance(node, ast.Subscript) and _environ(node.value):
            read_uses.add(id(node.value))
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                if isinstance(node.slice, ast.Constant) and type(node.slice.value) is str:
                    keys.add(node.slice.value)
                else:
                    return Written(every=True)
        elif isinstance(node, ast.Compare) and any(_environ(c) for c in node.comparators):
            read_uses.update(id(c) for c in node.comparators if _environ(c))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else (
                func.id if isinstance(func, ast.Name) else None)
            if isinstance(func, ast.Attribute) and _environ(func.value):
                read_uses.add(id(func.value))
                if name in _READ_METHODS:
                    continue
                key = _literal_key(node.args) if name in _KEYED_WRITES else None
                if key is None:
                    return Written(every=True)  # `os.environ.update(...)`, `.clear()`
                keys.add(key)
            elif name in _NAMED_WRITES:
                key = _literal_key(node.args)
                if key is None:
                    return Written(every=True)
                keys.add(key)
            elif name in _READING_CALLS and isinstance(func, ast.Name):
                read_uses.update(id(a) for a in node.args if _environ(a))
    for node in iter_nodes(tree):
        if _environ(node) and id(node) not in read_uses:
            # handed to other code, bound to another name: what it does is not followed
            return Written(every=True)
    return Written(frozenset(keys)) if keys else NOTHING_WRITTEN
