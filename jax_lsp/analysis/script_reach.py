"""Which of a script's functions its run can reach, read from its text alone.

A module with an `if __name__ == "__main__":` block is a script as well as a library: what
the host checks (JAX011, JAX012) report should be what running it does, not a callback in a
function nothing mentions (`spectral_peaks_fast` defined beside `spectral_peaks`, which is
the one the script uses), nor one reached only under a branch that runs when an environment
variable is set (`if os.environ.get("STRICT") == "1":`, the variable unset where it runs).

Deliberately generous, so that it only ever keeps a finding it cannot rule out: a function
counts as reached when its name is mentioned anywhere in what runs (a name, an attribute, a
string: `getattr(obj, "name")`) or a decorator is handed it (`@j0.defjvp`), a class's special
methods when the class is (all its methods for a derived class, a test case always), a
module-level `test*` function always (pytest collects it); where the reached code can name
functions by computed strings (`globals()`, `eval`, `getattr` of a non-literal), every
function counts as reached. A function an argparse subparser's `set_defaults` names
(`sub.add_parser("replay").set_defaults(func=cmd_replay)`) is reached only when a command
line the module parses can choose that subparser (`_chosen_words`: every `parse_args` is given
a list display of strings, or a parameter every call fills with one, or the process's own
command line: the run's, none unless the project declares one, `run_environment.declared_argv`).
A click command (`@cli.command()`, `@click.group()`) is reached when a command line names it
(its command's name mentioned: `cli.main(["fit"])`, or a word of the run's own command line
where `cli()` reads it), or when its group is read other than in its commands' decorators or
as a command line run (a list not written out: any command may run). A module with no
`__main__` block is a library: everything counts as reached.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from jax_lsp.analysis.click_commands import command_line
from jax_lsp.analysis.findings import Finding
from jax_lsp.analysis.python.scopes import statement_start
from jax_lsp.analysis.run_environment import (
    UNSURE,
    Environment,
    Written,
    declared_argv,
    environment_for,
)
from jax_lsp.analysis.syntax import child_nodes, iter_nodes
from jax_lsp.rules import jax011_jax_in_host_function as jax011
from jax_lsp.rules import jax012_removed_vectorized_keyword as jax012
from jax_lsp.rules import jax013_ordered_io_callback_vmap as jax013

#: the code whose findings a route through an unreached function rules out (`drop_unreached`)
ORDERED_IO_VMAP = jax013.RULE.code

#: the host checks, whose findings stand at the callback site (`drop_unreached`)
_SITE_CODES = frozenset({jax011.RULE.code, jax012.RULE.code})
#: calls that can reach a function by a name computed at run time
_DYNAMIC = frozenset({"globals", "locals", "vars", "eval", "exec", "__import__"})
#: how the environment is read: `os.environ.get(K[, d])`, `os.getenv(K[, d])`
_ENV_GETS = frozenset({"os.environ.get", "os.getenv"})
_UNKNOWN = object()
#: the reads of a module that imports no `os`: none decided
_NO_READS = Environment((), Written(every=True))


def _main_guard(st: ast.stmt) -> bool:
    """`if __name__ == "__main__":` (either way round)."""
    if not isinstance(st, ast.If) or not isinstance(st.test, ast.Compare):
        return False
    t = st.test
    if len(t.ops) != 1 or not isinstance(t.ops[0], ast.Eq):
        return False
    sides = (t.left, t.comparators[0])
    return any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides) and any(
        isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)


def _dotted(expr: ast.AST) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        base = _dotted(expr.value)
        return None if base is None else f"{base}.{expr.attr}"
    return None


@dataclass(frozen=True, slots=True)
class _Reads:
    """How a module reads the environment: the names `os` is imported as (`_os_names`), and
    the run's variables (`run_environment`: declared ones, the rest unset, those the module
    writes not known)."""

    names: tuple[tuple[str, str], ...]
    environment: Environment
    #: the words of the run's own command line (`run_environment.declared_argv`)
    argv: tuple[str, ...] = ()

    def get(self, head: str, default: str) -> str:
        return next((full for name, full in self.names if name == head), default)


def _env_value(expr: ast.AST, env_names: _Reads) -> object:
    """What an expression holds where the program runs, when it reads the environment: the
    declared value of `os.environ.get(K, d)` / `os.getenv(K, d)`, else its default (None
    with none); a literal itself; `_UNKNOWN` otherwise (a variable the module writes)."""
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, ast.Call) and not expr.keywords:
        written = _dotted(expr.func)
        head, _, rest = (written or "").partition(".")
        full = f"{env_names.get(head, head)}.{rest}" if rest else env_names.get(head, head)
        if full in _ENV_GETS and 1 <= len(expr.args) <= 2:
            k = expr.args[0]
            found = env_names.environment.lookup(k.value if isinstance(k, ast.Constant)
                                                 else None)
            if found is not None:
                return _UNKNOWN if found is UNSURE else found
            if len(expr.args) == 1:
                return None
            d = expr.args[1]
            return d.value if isinstance(d, ast.Constant) else _UNKNOWN
    return _UNKNOWN


def _env_test(test: ast.expr, env_names: _Reads) -> object:
    """The truth of a branch's test that reads only the environment (`os.environ.get(K) ==
    "1"`, `"K" in os.environ`, `not os.getenv(K)`) when those variables are unset;
    `_UNKNOWN` for any other test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _env_test(test.operand, env_names)
        return inner if inner is _UNKNOWN else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        op, right = test.ops[0], test.comparators[0]
        if isinstance(op, (ast.In, ast.NotIn)):
            written = _dotted(right)
            head, _, rest = (written or "").partition(".")
            if rest and f"{env_names.get(head, head)}.{rest}" == "os.environ":
                k = test.left
                found = env_names.environment.lookup(k.value if isinstance(k, ast.Constant)
                                                     else None)
                return _UNKNOWN if found is UNSURE else (found is None) == isinstance(
                    op, ast.NotIn)
            return _UNKNOWN
        if not isinstance(op, (ast.Eq, ast.NotEq)):
            return _UNKNOWN
        if not any(isinstance(s, ast.Call) for s in (test.left, right)):
            return _UNKNOWN  # (only a test that reads the environment is decided here)
        left_v, right_v = (_env_value(test.left, env_names),
                           _env_value(right, env_names))
        if left_v is _UNKNOWN or right_v is _UNKNOWN:
            return _UNKNOWN
        return (left_v == right_v) == isinstance(op, ast.Eq)
    if isinstance(test, ast.Call):
        v = _env_value(test, env_names)
        return _UNKNOWN if v is _UNKNOWN else bool(v)
    return _UNKNOWN


def _os_names(tree: ast.Module, text: str | None) -> _Reads:
    """The module-level names `os` is imported as (`import os`, `import os as _os`,
    `from os import environ, getenv`), with the run's environment."""
    out: dict[str, str] = {}
    for st in tree.body:
        if isinstance(st, ast.Import):
            for a in st.names:
                if a.name == "os":
                    out[a.asname or "os"] = "os"
        elif isinstance(st, ast.ImportFrom) and st.module == "os" and not st.level:
            for a in st.names:
                if a.name in ("environ", "getenv"):
                    out[a.asname or a.name] = f"os.{a.name}"
    if not out:  # (no read of the environment is decided)
        return _Reads((), _NO_READS, declared_argv())
    source = text if text is not None else ast.unparse(tree)
    return _Reads(tuple(sorted(out.items())), environment_for(source), declared_argv())


def _run_nodes(stmts: list[ast.stmt], env_names: _Reads,
               held: list[ast.Call] | None = None) -> Iterator[ast.AST]:
    """The nodes of statements that run, leaving out a function's or a class's body (they
    run when called or made) but keeping its decorators, defaults and bases, and leaving out
    the branch of an `if` the unset environment never takes. With `held`, the keywords of a
    `X.set_defaults(k=v)` call are not walked: the call is put in `held` (`_subcommand`)."""
    todo: list[ast.AST] = list(reversed(stmts))
    while todo:
        node = todo.pop()
        if held is not None and isinstance(node, ast.Call) and isinstance(
                node.func, ast.Attribute) and node.func.attr == "set_defaults" \
                and node.keywords and all(kw.arg for kw in node.keywords):
            held.append(node)
            yield node
            todo.append(node.func)
            todo.extend(node.args)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node  # (not its body)
            todo.extend(node.decorator_list)
            todo.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d)
            continue
        if isinstance(node, ast.ClassDef):
            todo.extend((*node.decorator_list, *node.bases, *node.keywords))
            for st in node.body:  # a class body runs, its methods' bodies do not
                todo.append(st)
            continue
        if isinstance(node, ast.If):
            taken = _env_test(node.test, env_names)
            if taken is not _UNKNOWN:
                yield node
                todo.append(node.test)
                todo.extend(node.body if taken else node.orelse)
                continue
        yield node
        todo.extend(child_nodes(node))


def _test_case(cls: ast.ClassDef) -> bool:
    """A class a test runner collects: named `Test...`, or derived from a `...TestCase`."""
    return cls.name.startswith("Test") or any(
        (_dotted(b) or "").rsplit(".", 1)[-1].endswith("TestCase") for b in cls.bases)


def _is_script(tree: ast.Module) -> bool:
    return any(_main_guard(st) for st in tree.body)


#: the definitions the reach is over
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True, slots=True)
class _Param:
    """A command line parsed that is a parameter of the function parsing it."""

    index: int
    name: str
    #: its default is None (`def main(argv=None)`): a call giving none parses the process's
    #: own command line
    none_default: bool = False


#: a command line parsed: a list display's strings, a parameter, or unknown
_Argv = frozenset[str] | _Param | None


@dataclass(frozen=True, slots=True)
class _Piece:
    """What running some code (`_run_nodes`) can reach: the words it mentions (names,
    attributes, strings), whether it can name functions by computed strings, and the
    functions it hands to a decorator (indices into its statement's `_Statement.defs`)."""

    mentions: frozenset[str]
    dynamic: bool
    decorated: tuple[int, ...]
    #: mentions made only where a subcommand is chosen: a `sub.add_parser("name")` parser's
    #: `set_defaults(func=f)`, with the names that choose it (`_subcommand`)
    gated: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    #: the command lines its `parse_args` calls parse (`_argv`)
    parses: tuple[_Argv, ...] = ()
    #: its calls of names: (name, its positional arguments' string lists, its keywords')
    calls: tuple[tuple[str, tuple[frozenset[str] | None, ...],
                       tuple[tuple[str, frozenset[str] | None], ...]], ...] = ()
    #: the words it mentions other than as the name a call calls
    escapes: frozenset[str] = frozenset()
    #: the names it reads other than as a click command's group in its decorator or as the
    #: command line run with a literal argument list (`cli.main(["fit"], ...)`): a command
    #: line whose arguments are not seen (`cli()` reads `sys.argv`) may run any command
    free: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class _Def:
    """A function or class defined in a top-level statement (at any depth)."""

    name: str
    #: a function's first and last line, counted from its statement's first; None for a class
    lines: tuple[int, int] | None
    #: what running a function's body can reach; None for a class
    body: _Piece | None
    #: a class's methods that run when it is made or named (`_class_methods`)
    methods: tuple[int, ...]
    #: a click command's group and the names a command line runs it by
    #: (`_command_registration`)
    command: tuple[str, tuple[str, ...]] | None = None


@dataclass(frozen=True, slots=True)
class _Statement:
    """A top-level statement's part in the reach, read from it alone: kept while its text
    stays the same, so that a keystroke reads again only the statement it edits."""

    main_guard: bool
    #: what running the statement can reach (nothing for `__all__ = [...]`: names, not uses)
    run: _Piece
    #: its functions and classes at any depth, the statement itself first if it is one
    defs: tuple[_Def, ...]
    #: a class or a module-level `test*` function a test runner collects (`defs[0]`)
    test_case: bool
    #: a class statement's bases, by their last names (`jtu.JaxTestCase` -> `JaxTestCase`):
    #: one derived from the module's own test case is collected too (`_test_cases`)
    bases: tuple[str, ...] = ()


_NOTHING = _Piece(frozenset(), False, ())


#: `parser.parse_args(argv)` and its kin: which command line is parsed
_PARSES = frozenset({"parse_args", "parse_known_args", "parse_intermixed_args",
                     "parse_known_intermixed_args"})


def _strings(expr: ast.AST | None) -> frozenset[str] | None:
    """The strings of a list or tuple display of string constants; None for anything else."""
    if not isinstance(expr, (ast.List, ast.Tuple)) or not all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in expr.elts):
        return None
    return frozenset(e.value for e in expr.elts)  # type: ignore[attr-defined]


def _argv(call: ast.Call, params: tuple[str, ...], none_defaults: frozenset[str],
          argv: tuple[str, ...]) -> _Argv:
    """What `parser.parse_args(...)` parses: a list display's strings, the process's own
    command line (no argument, or None: `argv`, the run's), a parameter of the function it
    is in (resolved by `_chosen_words`), or None (anything else)."""
    arg = call.args[0] if call.args else next(
        (kw.value for kw in call.keywords if kw.arg == "args"), None)
    if arg is None or (isinstance(arg, ast.Constant) and arg.value is None):
        return None if any(kw.arg is None for kw in call.keywords) else frozenset(argv)
    if isinstance(arg, ast.Name) and arg.id in params:
        return _Param(params.index(arg.id), arg.id, arg.id in none_defaults)
    return _strings(arg)


def _subcommand(receiver: ast.expr, parsers: dict[str, list[ast.expr]]) -> frozenset[str] | None:
    """The names choosing the subparser `receiver` is (`sub.add_parser("replay",
    aliases=["rp"])`, or a name bound once to one); None when not known."""
    if isinstance(receiver, ast.Name):
        bound = parsers.get(receiver.id, ())
        if len(bound) != 1:
            return None
        receiver = bound[0]
    if not (isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute)
            and receiver.func.attr == "add_parser" and receiver.args
            and isinstance(receiver.args[0], ast.Constant)
            and isinstance(receiver.args[0].value, str)):
        return None
    names = {receiver.args[0].value}
    for kw in receiver.keywords:
        if kw.arg == "aliases":
            aliases = _strings(kw.value)
            if aliases is None:
                return None
            names |= aliases
        elif kw.arg is None:
            return None
    return frozenset(names)


#: the click decorators that register a function as a command of a group (or a group)
_COMMAND_DECORATORS = frozenset({"command", "group"})
#: the suffixes click (8.2 and later) strips from a function's name to name its command
_COMMAND_SUFFIXES = ("_command", "_cmd", "_group", "_grp")


def _command_registration(fn: ast.AST) -> tuple[str, tuple[str, ...]] | None:
    """For a function registered as a click command (`@cli.command()`, `@click.group()`, its
    other decorators all `click.*` ones): the group it is registered on (itself for
    `@click.command`), and the names a command line may run it by (its given name, else its
    function's name with `_` as `-`, the suffixes click strips taken off too). None for
    anything else."""
    if not isinstance(fn, _FUNCTIONS):
        return None
    found: tuple[str, tuple[str, ...]] | None = None
    for d in fn.decorator_list:
        func = d.func if isinstance(d, ast.Call) else d
        if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
            return None
        if func.attr not in _COMMAND_DECORATORS:
            if func.value.id != "click":
                return None
            continue
        if found is not None:
            return None
        given = [a.value for a in (d.args[:1] if isinstance(d, ast.Call) else [])
                 if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        given += [k.value.value for k in (d.keywords if isinstance(d, ast.Call) else [])
                  if k.arg == "name" and isinstance(k.value, ast.Constant)
                  and isinstance(k.value.value, str)]
        stem = next((fn.name[:-len(x)] for x in _COMMAND_SUFFIXES if fn.name.endswith(x)),
                    fn.name)
        called = {fn.name, fn.name.replace("_", "-"), stem, stem.replace("_", "-"), *given}
        group = fn.name if func.value.id == "click" else func.value.id
        found = (group, tuple(sorted(called)))
    return found


def _registration_reads(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of a click command's decorators that name its group and its command (not
    reads of the group, nor mentions of a function: `_command_registration`)."""
    for d in fn.decorator_list:
        func = d.func if isinstance(d, ast.Call) else d
        if not isinstance(func, ast.Attribute):
            continue
        yield func.value
        if isinstance(d, ast.Call) and func.attr in _COMMAND_DECORATORS:
            yield from (*d.args, *(k.value for k in d.keywords))


def _literal_argv_call(node: ast.Call) -> ast.Name | None:
    """The command line `node` runs with a literal argument list: `cli(["fit", ...])`,
    `cli.main(["fit"], standalone_mode=False)`, `cli.main(args=[...])` (its `Name`;
    `click_commands.command_line`, which the option defaults read too)."""
    run = command_line(node)
    return run[0] if run is not None and run[1] is not None else None


def _subcommand_labels(call: ast.Call) -> Iterator[ast.AST]:
    """The string constants of `sub.add_parser("name", aliases=[...])` that name the
    subcommand: argparse matches them against the command line and looks nothing up by
    them (a handler found by the chosen name, `getattr(mod, opts.cmd)`, is a computed
    lookup, which makes every function reached)."""
    if call.args:
        yield call.args[0]
    for kw in call.keywords:
        if kw.arg == "aliases" and isinstance(kw.value, (ast.List, ast.Tuple)):
            yield from kw.value.elts


def _piece(stmts: list[ast.stmt], env_names: _Reads, index: dict[int, int],
           params: tuple[str, ...] = (), none_defaults: frozenset[str] = frozenset()
           ) -> _Piece:
    """What running `stmts` can reach (`index`: the statement's `defs`, by node id;
    `params`: the parameters of the function whose body they are, `none_defaults` those
    whose default is None)."""
    mentions: set[str] = set()
    escapes: set[str] = set()
    free: set[str] = set()
    called: set[int] = set()
    bound: set[int] = set()  # (the `Name`s read as a command line's group: not `free`)
    labels: set[int] = set()  # (a subcommand's names: words of the command line, no lookup)
    dynamic = False
    decorated: list[int] = []
    held: list[ast.Call] = []
    parsers: dict[str, list[ast.expr]] = {}
    parses: list[_Argv] = []
    calls = []
    for node in _run_nodes(stmts, env_names, held):
        if isinstance(node, _FUNCTIONS):
            if _command_registration(node) is not None:  # run by the command line naming it
                bound.update(map(id, _registration_reads(node)))
            elif node.decorator_list:  # handed to its decorator (`@f.defjvp`): it may call it
                decorated.append(index[id(node)])
        elif isinstance(node, ast.Name):
            mentions.add(node.id)
            if id(node) not in called:
                escapes.add(node.id)
            if id(node) not in bound:
                free.add(node.id)
            dynamic = dynamic or node.id in _DYNAMIC
        elif isinstance(node, ast.Attribute):
            mentions.add(node.attr)
            escapes.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in labels and id(node) not in bound:
                mentions.add(node.value)
                escapes.add(node.value)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "add_parser":
                labels.update(map(id, _subcommand_labels(node)))
            if (run := _literal_argv_call(node)) is not None:
                bound.add(id(run))
                if not node.args and not any(k.arg == "args" for k in node.keywords):
                    mentions.update(env_names.argv)  # (the run's own command line's words)
            if _dotted(func) in ("getattr", "setattr") and len(node.args) >= 2 \
                    and not isinstance(node.args[1], ast.Constant):
                dynamic = True
            if isinstance(func, ast.Name):
                called.add(id(func))
                calls.append((func.id, tuple(_strings(a) for a in node.args),
                              tuple((kw.arg or "**", _strings(kw.value))
                                    for kw in node.keywords)))
            elif isinstance(func, ast.Attribute) and func.attr in _PARSES:
                parses.append(_argv(node, params, none_defaults, env_names.argv))
            if any(kw.arg == "fromfile_prefix_chars" for kw in node.keywords):
                parses.append(None)  # (a command line read from files too)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            parsers.setdefault(node.targets[0].id, []).append(node.value)
    gated: list[tuple[frozenset[str], frozenset[str]]] = []
    for call in held:
        values: list[ast.stmt] = [ast.Expr(kw.value) for kw in call.keywords]
        inner = _piece(values, env_names, index, params, none_defaults)
        chosen = _subcommand(call.func.value, parsers)  # type: ignore[attr-defined]
        if chosen is None or inner.dynamic or inner.decorated or inner.gated:
            mentions |= inner.mentions
            escapes |= inner.escapes
            dynamic = dynamic or inner.dynamic
            decorated.extend(inner.decorated)
            gated.extend(inner.gated)
        else:
            gated.append((chosen, inner.mentions))
            escapes |= inner.escapes
        free |= inner.free
        parses.extend(inner.parses)
        calls.extend(inner.calls)
    return _Piece(frozenset(mentions), dynamic, tuple(decorated), tuple(gated),
                  tuple(parses), tuple(calls), frozenset(escapes), frozenset(free))


def _class_methods(cls: ast.ClassDef, index: dict[int, int]) -> tuple[int, ...]:
    """The methods that run when a class is made or named: its special methods; every method
    of a class derived from another (a framework calls them by name: `setUp`, `test_*`)."""
    return tuple(index[id(m)] for m in cls.body
                 if isinstance(m, _FUNCTIONS) and (cls.bases or m.name.startswith("__")))


def _parameters(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """A function's positional parameters in order (its keyword-only ones after them)."""
    a = fn.args
    return tuple(p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs))


def _none_defaults(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """The parameters of a function whose default is None."""
    a = fn.args
    positional = (*a.posonlyargs, *a.args)
    pairs = [*zip(positional[len(positional) - len(a.defaults):], a.defaults),
             *zip(a.kwonlyargs, a.kw_defaults)]
    return frozenset(p.arg for p, d in pairs
                     if isinstance(d, ast.Constant) and d.value is None)


def _summary(st: ast.stmt, env_names: _Reads, start: int) -> _Statement:
    """A top-level statement's `_Statement` (`start`: its first line, decorators included)."""
    nodes = [n for n in iter_nodes(st) if isinstance(n, _DEFINITIONS)]
    index = {id(n): i for i, n in enumerate(nodes)}
    defs = tuple(
        _Def(n.name, (n.lineno - start, (n.end_lineno or n.lineno) - start),
             _piece(n.body, env_names, index, _parameters(n), _none_defaults(n)), (),
             _command_registration(n))
        if isinstance(n, _FUNCTIONS) else
        _Def(n.name, None, None, _class_methods(n, index))  # type: ignore[arg-type]
        for n in nodes)
    names_all = isinstance(st, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in st.targets)
    return _Statement(
        _main_guard(st),
        _NOTHING if names_all else _piece([st], env_names, index),
        defs,
        (isinstance(st, ast.ClassDef) and _test_case(st))
        or (isinstance(st, _FUNCTIONS) and st.name.startswith("test")),
        tuple((_dotted(b) or "").rsplit(".", 1)[-1] for b in st.bases)
        if isinstance(st, ast.ClassDef) else ())


def _test_cases(statements: list[_Statement]) -> set[int]:
    """The statements a test runner collects: those `_test_case` reads from the statement
    alone, and a class derived from one of the module's classes so collected (`class
    CustomPRNGTest(CommonRandomTest)`, where `CommonRandomTest` derives from a `TestCase`),
    to any depth."""
    cases = {s for s, st in enumerate(statements) if st.test_case}
    names = {statements[s].defs[0].name for s in cases if statements[s].bases}
    grew = bool(names)
    while grew:
        grew = False
        for s, st in enumerate(statements):
            if s not in cases and st.bases and names.intersection(st.bases):
                cases.add(s)
                names.add(st.defs[0].name)
                grew = True
    return cases


#: how `os` is imported (`_os_names`), as a key: a statement's reading depends on it
_Env = _Reads

#: the statements read, by their text (`_statements`)
_KEPT: dict[tuple[object, ...], _Statement] = {}
#: how many statements' readings are kept by text (the open documents' modules, a few
#: versions each); past it, all are dropped
MAX_KEPT = 16384
#: the last module's statements by node (an unchanged statement keeps its node from one
#: version to the next, its lines moved in place: `incremental.reparse`), each with how `os`
#: was imported when it was read, its `lineno` less its first line, and its reading
_LAST_NODES: dict[ast.stmt, tuple[_Env, int, _Statement]] = {}


@dataclass(frozen=True, slots=True)
class _Reach:
    """The last reach closed (`_unreached`): from which readings, over which names."""

    statements: list[_Statement]
    #: the names of the module's definitions
    names: frozenset[str]
    #: the functions unreached (statement, index in its `defs`); None: all reached
    unreached: list[tuple[int, int]] | None
    #: the run's own command line it was closed for
    argv: tuple[str, ...] = ()


_LAST_REACH: list[_Reach] = []


def forget() -> None:
    """Drop the kept readings (tests)."""
    _KEPT.clear()
    _LAST_NODES.clear()
    _LAST_REACH.clear()


def _lines(text: str) -> list[str]:
    """`text`'s lines as the parser counts them (a lone carriage return ends one too)."""
    return text.split("\n") if "\r" not in text else re.split("\r\n?|\n", text)


def _statements(tree: ast.Module, text: str | None,
                env_names: _Reads) -> list[tuple[int, _Statement]]:
    """Each top-level statement's first line and `_Statement`. With `text`, a statement is
    read once for as long as it stays the same: the same node as at the last call (see
    `_LAST_NODES`), or the same text from the line after the previous statement (its own
    first line when it shares that statement's last) to its last, starting and ending at
    the same places in it, wherever the edit moved it."""
    global _LAST_NODES
    env: _Env = env_names
    out: list[tuple[int, _Statement]] = []
    if text is None:
        for st in tree.body:
            start = statement_start(st)
            out.append((start, _summary(st, env_names, start)))
        return out
    lines: list[str] | None = None
    by_node: dict[ast.stmt, tuple[_Env, int, _Statement]] = {}
    prev_end = 0
    for st in tree.body:
        kept = _LAST_NODES.get(st)
        if kept is not None and kept[0] == env:
            start = st.lineno - kept[1]
            summary = kept[2]
        else:
            start = statement_start(st)
            if lines is None:
                lines = _lines(text)
            base = min(start, prev_end + 1)
            key = (env, st.lineno - base, st.col_offset, st.end_col_offset,
                   *lines[base - 1:st.end_lineno])
            summary = _KEPT.get(key)  # type: ignore[assignment]
            if summary is None:
                if len(_KEPT) >= MAX_KEPT:
                    _KEPT.clear()
                summary = _KEPT[key] = _summary(st, env_names, start)
        by_node[st] = (env, st.lineno - start, summary)
        prev_end = st.end_lineno or st.lineno
        out.append((start, summary))
    _LAST_NODES = by_node
    return out


def _chosen_words(statements: list[_Statement], by_name: dict[str, list[tuple[int, int]]],
                  argv: tuple[str, ...]) -> frozenset[str] | None:
    """Every word of every command line the module's `parse_args` calls can parse, when all
    are known (a subcommand none of them names is never chosen: argparse takes a subparser
    by its exact name or alias); None when one is not (a parameter of a function called
    with anything but a list display of strings there, or its None default, or named other
    than by its calls), or when the module parses none (its parser may be parsed
    elsewhere). The process's own command line (no argument, None) is `argv`, the run's."""
    pieces = [p for st in statements
              for p in (st.run, *(d.body for d in st.defs if d.body is not None))]
    words: set[str] = set()
    sites = 0
    for st in statements:
        for owner, piece in ((None, st.run), *((d.name, d.body) for d in st.defs
                                              if d.body is not None)):
            for site in piece.parses:  # type: ignore[union-attr]
                sites += 1
                if isinstance(site, frozenset):
                    words |= site
                    continue
                if site is None or owner is None or len(by_name.get(owner, ())) != 1:
                    return None
                at, param = site.index, site.name
                if any(owner in p.escapes for p in pieces):
                    return None  # (called where its calls cannot be read)
                for p in pieces:
                    for name, pos, kws in p.calls:
                        if name != owner:
                            continue
                        named = dict(kws)
                        given = pos[at] if at < len(pos) else named.get(param, None)
                        if at >= len(pos) and param not in named and site.none_default and (
                                "**" not in named and None not in pos):
                            given = frozenset(argv)  # (its default: the process's own)
                        if given is None:
                            return None  # (its default, a `*args`, anything else)
                        words |= given
    return frozenset(words) if sites else None


def _closed(statements: list[_Statement]) -> tuple[frozenset[str], list[tuple[int, int]] | None]:
    """The names of the module's definitions, and the functions (statement, index in its
    `defs`) a script's run never reaches: what its top-level statements mention is reached,
    and what the bodies of what they reach mention, to the end; None where every function
    counts as reached (a run that can name functions by computed strings)."""
    by_name: dict[str, list[tuple[int, int]]] = {}
    for s, summary in enumerate(statements):
        for j, d in enumerate(summary.defs):
            by_name.setdefault(d.name, []).append((s, j))
    words = _chosen_words(statements, by_name, declared_argv())
    commands: dict[str, list[tuple[int, int]]] = {}  # click commands, by group
    for s, summary in enumerate(statements):
        for j, d in enumerate(summary.defs):
            if d.command is not None:  # a command line naming it runs it
                commands.setdefault(d.command[0], []).append((s, j))
                for word in d.command[1]:
                    if word != d.name:
                        by_name.setdefault(word, []).append((s, j))
    for group in commands:  # (read as `free`: see `_part`)
        by_name.setdefault(group, [])
    names = frozenset(by_name)
    reached: set[tuple[int, int]] = set()
    todo: list[tuple[int, _Piece]] = []

    def reach_class(s: int, cls: _Def) -> None:
        defs = statements[s].defs
        for m in cls.methods:
            if (s, m) not in reached:
                reached.add((s, m))
                todo.append((s, defs[m].body))  # type: ignore[arg-type]

    cases = _test_cases(statements)
    for s, summary in enumerate(statements):
        todo.append((s, summary.run))
        if s in cases:  # a test runner finds test cases (pytest: test functions)
            reached.add((s, 0))
            first = summary.defs[0]
            if first.body is None:
                reach_class(s, first)
            else:
                todo.append((s, first.body))
    while todo:
        s, piece = todo.pop()
        if piece.dynamic:
            return names, None
        for group in piece.free & commands.keys():  # a command line not seen: any command
            for at in commands[group]:
                if at not in reached:
                    reached.add(at)
                    todo.append((at[0], statements[at[0]].defs[at[1]].body))  # type: ignore[arg-type]
        defs = statements[s].defs
        for j in piece.decorated:
            if (s, j) not in reached:
                reached.add((s, j))
                todo.append((s, defs[j].body))  # type: ignore[arg-type]
        mentions = piece.mentions
        for chosen_by, gated in piece.gated:
            if words is None or chosen_by & words:
                mentions = mentions | gated
        for name in mentions & names:
            for at in by_name[name]:
                if at in reached:
                    continue
                reached.add(at)
                d = statements[at[0]].defs[at[1]]
                if d.body is None:
                    reach_class(at[0], d)
                else:
                    todo.append((at[0], d.body))
    return names, [(s, j) for s, summary in enumerate(statements)
                   for j, d in enumerate(summary.defs)
                   if d.body is not None and (s, j) not in reached]


def _piece_part(piece: _Piece, names: frozenset[str]) -> tuple[object, ...]:
    return (piece.mentions & names, piece.dynamic, piece.decorated, piece.gated,
            piece.parses, piece.calls, piece.escapes & names, piece.free & names)


def _part(st: _Statement, names: frozenset[str]) -> tuple[object, ...]:
    """All of a statement's reading the reach reads, given the names of the definitions."""
    return (st.test_case, st.bases, _piece_part(st.run, names),
            tuple((d.name, d.methods, d.command, d.body and _piece_part(d.body, names))
                  for d in st.defs))


def _same_reach(last: _Reach, statements: list[_Statement]) -> bool:
    """Whether the reach of `statements` is `last`'s: the same statements but those whose
    readings differ only where the reach does not read (a word typed in a function's body
    that names no definition, a line added: `_part`)."""
    if len(statements) != len(last.statements):
        return False
    # (the same parts define the same names: `last.names` are these statements' too)
    return all(a is b or _part(a, last.names) == _part(b, last.names)
               for a, b in zip(last.statements, statements, strict=True))


def _unreached(statements: list[_Statement], remember: bool) -> list[tuple[int, int]] | None:
    """`_closed`'s unreached functions; `remember`: reuse the last module's where
    `_same_reach`, and keep these."""
    last = _LAST_REACH[0] if remember and _LAST_REACH else None
    argv = declared_argv()
    if last is not None and last.argv == argv and _same_reach(last, statements):
        names, unreached = last.names, last.unreached
    else:
        names, unreached = _closed(statements)
    if remember:
        _LAST_REACH[:] = [_Reach(statements, names, unreached, argv)]
    return unreached


def unreached_lines(tree: ast.Module, text: str | None = None) -> list[tuple[int, int]]:
    """The line ranges of the functions a script's run never reaches (none for a library).
    `text`, the source `tree` was parsed from, if known: each top-level statement is then
    read once for as long as it stays the same (`_statements`), and the reach closed again
    only when what it reads changed (`_same_reach`): a keystroke costs what it edits."""
    if not _is_script(tree):
        return []
    statements = _statements(tree, text, _os_names(tree, text))
    unreached = _unreached([summary for _, summary in statements], text is not None)
    if unreached is None:
        return []
    out = []
    for s, j in unreached:
        start, summary = statements[s]
        first, last = summary.defs[j].lines  # type: ignore[misc]
        out.append((start + first, start + last))
    return out


def drop_unreached(tree: ast.Module, findings: list[Finding],
                   text: str | None = None) -> list[Finding]:
    """The findings but those JAX raises only on a path a script's run (a module with a
    `__main__` block) never takes:
    - a host check's (JAX011, JAX012) whose callback site, or the call leading to one, is in a
      function the run never reaches (a JAX011 finding stands in the host, its path's first
      step at the site; a JAX012 one at the site itself);
    - an ordered-callback-under-vmap one (JAX013) whose route, from the transform that
      batches to the callback, passes through this module's code in such a function
      (`jax.vmap(self.price)` in a `price_many` nothing calls): each step of the route runs
      on the way, so any one unreached rules it out.
    Read only where there is such a finding; `text`: `tree`'s source, if known (a first
    reading walks the whole module, tens of milliseconds at 5,000 lines, which with it a
    keystroke pays again only for the statement it edits: `unreached_lines`)."""
    if not any(f.code in _SITE_CODES or f.code == ORDERED_IO_VMAP for f in findings):
        return findings
    dead = unreached_lines(tree, text)
    if not dead:
        return findings

    def in_dead(line: int) -> bool:
        return any(a <= line <= b for a, b in dead)

    def unreached(f: Finding) -> bool:
        if f.code == ORDERED_IO_VMAP:
            return any(st.filename is None and in_dead(st.span.line) for st in f.path)
        if f.code in _SITE_CODES:
            first = f.path[0] if f.path else None
            return in_dead(first.span.line if first is not None and first.filename is None
                           else f.span.line)
        return False
    return [f for f in findings if not unreached(f)]


def drop_unrooted(tree: ast.Module, findings: list[Finding],
                  roots: Callable[[Finding], Iterable[object] | None],
                  text: str | None = None) -> list[Finding]:
    """The abstract interpreter's findings but those it found only by analysing, as entry
    points, functions a script's run never reaches (`unreached_lines`): the interpreter
    analyses every function on unknown arguments (`interp.Interpreter._run`), so a handler
    that no command line the script parses chooses (`sub.add_parser("fit")
    .set_defaults(func=cmd_fit)` where the script runs `main(["calibrate"])`) would report what
    only its run raises. `roots`: the roots a finding came from (`Interpreter.finding_roots`:
    the module's statements, the functions analysed as entry points); a finding with one that
    is not a function reached no such way, or with none recorded, stays."""
    if not findings or not _is_script(tree):
        return findings
    dead: list[tuple[int, int]] | None = None

    def unrooted(f: Finding) -> bool:
        nonlocal dead
        found = roots(f)
        if not found:
            return False
        for r in found:
            if not isinstance(r, _FUNCTIONS):
                return False
            if dead is None:
                dead = unreached_lines(tree, text)
            if not any(a <= r.lineno and (r.end_lineno or r.lineno) <= b for a, b in dead):
                return False
        return True
    return [f for f in findings if not unrooted(f)]
