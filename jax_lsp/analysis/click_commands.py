"""What a parameter of a `click` command holds when the module runs it, read from the
command's decorators (never run).

A function decorated with `@click.command()` is called by click with one keyword per
`@click.option`, parsed from a command line. Where every run of the command the module shows
is given a literal argument list (`cmd.main(["--beats", "48"], standalone_mode=False)`, or
`cmd(["--beats", "48"])`) or the process's own (`cmd()` reads `sys.argv`: the script run with
no arguments unless the project declares its words, `run_environment.declared_argv`) that
never names an option, that option holds its `default=` (False for an `is_flag` option given
none). Any other run (a list not written out) leaves it unknown. What click does, measured
under click 8 (not guessed): an option's parameter name is its declaration without dashes if
one has none, else its first `--long` name (before a `/` of a `--x/--no-x` switch), else its
first short one, with `-` made `_` and lower-cased."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.run_environment import declared_argv, environment_for
from jax_lsp.analysis.syntax import iter_nodes

if TYPE_CHECKING:
    from jax_lsp.analysis.static_names import ModuleNames

_COMMANDS = frozenset({"click.command", "click.group"})
_OPTION = "click.option"


def _decorator_call(names: ModuleNames, d: ast.expr) -> str | None:
    return names.dotted(d.func if isinstance(d, ast.Call) else d)


def is_command(names: ModuleNames, fn: ast.AST) -> bool:
    """Whether `fn` is decorated as a click command (or group)."""
    return isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
        _decorator_call(names, d) in _COMMANDS for d in fn.decorator_list)


def _option_strings(decl: ast.Call) -> tuple[str | None, list[str]]:
    """An option's parameter name and the command-line strings that set it."""
    written = [a.value for a in decl.args if isinstance(a, ast.Constant)
               and isinstance(a.value, str)]
    flags: list[str] = []
    for w in written:
        flags += [f for f in w.split("/") if f.startswith("-")]
    plain = [w for w in written if not w.startswith("-")]
    longs = [f for f in flags if f.startswith("--")]
    chosen = plain[0] if plain else (longs[0] if longs else (flags[0] if flags else None))
    if chosen is None or len(written) != len(decl.args):
        return None, flags
    return chosen.lstrip("-").replace("-", "_").lower(), flags


def command_line(call: ast.Call) -> tuple[ast.Name, list[str] | None] | None:
    """For a call that may run a click command with a command line (`cmd.main(argv, ...)`,
    `cmd(argv)`, `cmd.main(args=argv)`, `cmd()`): the command's name, and the words of
    `argv`: a literal list's strings, the run's own command line where none is given or it
    is None (click reads `sys.argv`: `run_environment.declared_argv`, no words unless the
    project declares them); None for any other argument list. None for a call of anything
    but a name."""
    func = call.func
    target = func.value if isinstance(func, ast.Attribute) and func.attr == "main" else func
    if not isinstance(target, ast.Name):
        return None
    argv = call.args[0] if call.args else next(
        (k.value for k in call.keywords if k.arg == "args"), None)
    if argv is None or (isinstance(argv, ast.Constant) and argv.value is None):
        if any(k.arg is None for k in call.keywords):
            return target, None  # (`**options`: an `args=` may be among them)
        return target, list(declared_argv())
    if not isinstance(argv, (ast.List, ast.Tuple)) or not all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in argv.elts):
        return target, None
    return target, [e.value for e in argv.elts]  # type: ignore[attr-defined]


def _runs(names: ModuleNames, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str] | None:
    """The words of each run of the command the module shows (`command_line`); None where
    one is not known, or none is shown."""
    found: list[str] = []
    shown = False
    for node in names.walk_all():
        run = command_line(node) if isinstance(node, ast.Call) else None
        if run is None or run[0].id != fn.name or names.definition(run[0]) is not fn:
            continue
        if run[1] is None:
            return None
        shown = True
        found.extend(run[1])
    return found if shown else None


def option_default(names: ModuleNames, fn: ast.FunctionDef | ast.AsyncFunctionDef,
                   name: str) -> ast.expr | None:
    """The value parameter `name` of the click command `fn` holds in every run the module
    shows: its option's `default=` (a flag's False), where no run's arguments name the
    option; None where that is not known."""
    for d in fn.decorator_list:
        if not (isinstance(d, ast.Call) and _decorator_call(names, d) == _OPTION):
            continue
        param, flags = _option_strings(d)
        if param != name:
            continue
        argv = _runs(names, fn)
        shorts = [f[1:] for f in flags if not f.startswith("--")]
        if argv is None or any(
                w.split("=", 1)[0] in flags
                or (shorts and w.startswith("-") and not w.startswith("--")
                    and any(c in w[1:] for c in shorts))
                for w in argv):
            return None  # named (or maybe, in a bundle of short flags) on the command line
        default = next((k.value for k in d.keywords if k.arg == "default"), None)
        if default is None and any(k.arg == "is_flag" and isinstance(k.value, ast.Constant)
                                   and k.value.value is True for k in d.keywords):
            return ast.Constant(False)
        return default
    return None


# -- the values a command line gives a command's parameters ---------------------------------

#: an option's keywords that change nothing of what `_option_value` reads
_PLAIN_KEYWORDS = frozenset({"help", "show_default", "metavar", "hidden", "show_choices",
                             "type", "default", "is_flag", "required"})
#: the decorators that hand the command function its click context (first parameter)
_PASSES = frozenset({"click.pass_context", "click.pass_obj"})
#: `type=` values click converts a string with, by their written name
_CONVERTERS: dict[str, type] = {"int": int, "float": float, "str": str,
                                "click.INT": int, "click.FLOAT": float, "click.STRING": str}
#: the suffixes click (8.2 and later) strips from a function's name to name its command
_SUFFIXES = ("_command", "_cmd", "_group", "_grp")


class _Option:
    """One `@click.option(...)` as `run_values` reads it."""

    def __init__(self, dotted: Callable[[ast.expr], str | None], decl: ast.Call) -> None:
        self.param, flags = _option_strings(decl)
        written = [a.value for a in decl.args if isinstance(a, ast.Constant)
                   and isinstance(a.value, str)]
        #: the strings turning a `--on/--off` switch off
        self.off = {f for w in written if "/" in w for f in w.split("/")[1:]}
        self.on = set(flags) - self.off
        keywords = {k.arg: k.value for k in decl.keywords if k.arg}
        #: the environment variables it reads (`envvar=`): unset where the program runs
        #: unless declared or written (`run_environment`; `run_values` decides)
        self.envvars = _names(keywords.get("envvar"))
        #: a keyword the model does not follow (callback, multiple, nargs...)
        self.opaque = any(k.arg is None or (k.arg not in _PLAIN_KEYWORDS and not (
            k.arg == "envvar" and self.envvars)) for k in decl.keywords)
        flag = keywords.get("is_flag")
        self.flag = bool(self.off) or (isinstance(flag, ast.Constant) and flag.value is True)
        if flag is not None and not isinstance(flag, ast.Constant):
            self.opaque = True
        self.default = keywords.get("default")
        req = keywords.get("required")
        self.required = req is not None and not (isinstance(req, ast.Constant)
                                                 and req.value is False)
        self.convert: Callable[[Any], object] | None = None
        kind = keywords.get("type")
        written_type = None if kind is None else (
            dotted(kind.func if isinstance(kind, ast.Call) else kind)
            or (kind.id if isinstance(kind, ast.Name) else None))
        if kind is None:
            literal = _literal(self.default)
            if self.default is None or isinstance(literal, str):
                self.convert = str
            elif type(literal) in (int, float):
                self.convert = type(literal)  # type: ignore[assignment]
        elif written_type == "click.Choice":
            self.convert = str
        elif not isinstance(kind, ast.Call) and written_type in _CONVERTERS:
            self.convert = _CONVERTERS[written_type]


_NO_LITERAL = object()


def _names(expr: ast.expr | None) -> tuple[str, ...]:
    """The variable names an `envvar=` gives as literals (`"RATE"`, `["RATE", "R"]`); none
    when it is not written so."""
    value = _literal(expr)
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    return ()


def _read_environment(tree: ast.Module, commands: list[_Command]) -> None:
    """An option reading environment variables follows the run's environment: click uses
    its default (or the command line) where every one is unset, as the program runs with
    nothing set; a declared or written one is not followed (the option is opaque)."""
    readers = [o for c in commands for o in c.options if o.envvars and not o.opaque]
    if not readers:
        return
    env = environment_for(ast.unparse(tree))
    for o in readers:
        if any(env.lookup(name) is not None for name in o.envvars):
            o.opaque = True


def _literal(expr: ast.expr | None) -> object:
    if expr is None:
        return _NO_LITERAL
    try:
        return ast.literal_eval(expr)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NO_LITERAL


class _Command:
    """A click command's (or group's) options, read from its decorators; `usable` False where
    one of them is not followed (an argument, a decorator not click's)."""

    def __init__(self, dotted: Callable[[ast.expr], str | None],
                 fn: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.options: list[_Option] = []
        self.passes_context = False
        self.usable = True
        self.group: str | None = None  # the group it is a command of (None: run on its own)
        self.names: set[str] = set()
        for d in fn.decorator_list:
            func = d.func if isinstance(d, ast.Call) else d
            name = dotted(func)
            if name == _OPTION and isinstance(d, ast.Call):
                option = _Option(dotted, d)
                if option.param is None:
                    self.usable = False
                self.options.append(option)
            elif name in _PASSES:
                self.passes_context = True
            elif name in _COMMANDS or (isinstance(func, ast.Attribute)
                                       and isinstance(func.value, ast.Name)
                                       and func.attr in ("command", "group")):
                if isinstance(d, ast.Call) and any(k.arg not in ("name", "help") for k in
                                                   d.keywords):
                    self.usable = False  # (context_settings, a class of its own...)
                if name not in _COMMANDS:
                    self.group = func.value.id  # type: ignore[attr-defined]
                given = [a.value for a in (d.args if isinstance(d, ast.Call) else [])
                         if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                given += [k.value.value for k in (d.keywords if isinstance(d, ast.Call) else [])
                          if k.arg == "name" and isinstance(k.value, ast.Constant)
                          and isinstance(k.value.value, str)]
                stem = fn.name.lower()
                stem = next((stem[:-len(x)] for x in _SUFFIXES if stem.endswith(x)), stem)
                self.names = set(given) if given else {stem.replace("_", "-")}
            else:
                self.usable = False

    def parse(self, tokens: list[str], commands: bool
              ) -> tuple[dict[str, ast.expr | None], list[str] | None] | None:
        """The values a command line `tokens` gives the options (None: not known), and with
        `commands` (a group) the tokens after the command's name; None where the line is not
        followed or click would stop on it (an unknown option, a missing value)."""
        given: dict[str, str | bool] = {}
        rest: list[str] | None = None
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            if tok == "--" or not tok.startswith("-") or tok == "-":
                if commands and tok != "--":
                    rest = tokens[i + 1:]
                    rest.insert(0, tok)
                    break
                return None  # (an argument: not followed)
            word, eq, value = tok.partition("=")
            option = next((o for o in self.options if word in o.on or word in o.off), None)
            if option is None or option.opaque:
                return None  # (an option click does not know, `--help`, a bundle of flags)
            if option.flag:
                if eq:
                    return None
                given[option.param] = word in option.on  # type: ignore[index]
            elif eq:
                given[option.param] = value  # type: ignore[index]
            else:
                if i + 1 >= len(tokens):
                    return None
                i += 1
                given[option.param] = tokens[i]  # type: ignore[index]
            i += 1
        if commands and rest is None:
            return None  # (no command named: click shows its usage)
        values: dict[str, ast.expr | None] = {}
        for option in self.options:
            key = option.param
            if key is None:
                continue
            if option.opaque:
                values[key] = None
            elif key in given:
                values[key] = _converted(option, given[key])
            elif option.required:
                return None
            elif option.flag:
                default = _literal(option.default) if option.default is not None else False
                values[key] = ast.Constant(bool(default)) if isinstance(
                    default, (bool, int)) else None
            elif option.default is None:
                values[key] = ast.Constant(None)
            else:
                literal = _literal(option.default)
                if literal is _NO_LITERAL or option.convert is None:
                    values[key] = option.default  # (as written: evaluated where it is)
                else:
                    values[key] = _converted(option, literal)
        return values, rest


def _converted(option: _Option, value: object) -> ast.expr | None:
    """`value` as the option's type makes it (click converts defaults too); None where the
    conversion is not known or fails (click would stop: the run is not followed)."""
    if isinstance(value, bool) or option.flag:
        return ast.Constant(bool(value))
    if option.convert is None or not isinstance(value, (str, int, float)):
        return None
    try:
        converted = option.convert(value)
    except (TypeError, ValueError):
        return None
    return ast.Constant(converted) if isinstance(converted, (str, int, float)) else None


def is_decorated_command(fn: ast.AST) -> bool:
    """Whether `fn` is a function a decorator of which registers it as a click command
    (`@click.command()`, `@group.command()`): a cheap first test."""
    for d in getattr(fn, "decorator_list", ()):
        func = d.func if isinstance(d, ast.Call) else d
        if isinstance(func, ast.Attribute) and func.attr in ("command", "group") and (
                isinstance(func.value, ast.Name)):
            return True
    return False


def registered(tree: ast.Module, dotted: Callable[[ast.expr], str | None],
               fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether click registers `fn`, a function of the module `tree`, as a command (or
    group): its decorators are click's (`@click.command()`, `@click.option(...)`), or a
    group's of the module (`@cli.command()`, `cli` so registered). Click, not the module,
    calls such a function, with the values a command line gives (`run_values`): `tally()`
    runs the command line, never the function on no arguments."""
    if not is_decorated_command(fn):
        return False
    tops = {st.name: st for st in tree.body if isinstance(st, (ast.FunctionDef,
                                                               ast.AsyncFunctionDef))}
    if tops.get(fn.name) is not fn:
        return False
    for d in fn.decorator_list:
        func = d.func if isinstance(d, ast.Call) else d
        name = dotted(func)
        if name is not None and name.startswith("click."):
            continue
        if not isinstance(func, ast.Attribute):
            return False
        group = func.value
        if not (isinstance(group, ast.Name) and func.attr in ("command", "group")
                and group.id in tops and group.id != fn.name
                and any(dotted(g.func if isinstance(g, ast.Call) else g) == "click.group"
                        for g in tops[group.id].decorator_list)):
            return False
    return True


def run_calls(tree: ast.Module) -> list[ast.Call]:
    """The calls of the module that may run a click command (`command_line`)."""
    return [n for n in iter_nodes(tree) if isinstance(n, ast.Call) and (
        isinstance(n.func, ast.Name) or (isinstance(n.func, ast.Attribute)
                                         and n.func.attr == "main"))]


def run_values(tree: ast.Module, dotted: Callable[[ast.expr], str | None],
               fn: ast.FunctionDef | ast.AsyncFunctionDef,
               calls: list[ast.Call] | None = None,
               ) -> list[dict[str, ast.expr | None]] | None:
    """The values click gives the parameters of the command (or group) `fn`, a function of
    the module `tree`, in each run of it the module shows (`command_line`) that runs it: one
    mapping per run, parameter -> the expression of its value (an option's default as written,
    else a constant: a flag's True/False, a string converted by `type=`; None where not known:
    the context, an option the model does not follow). None where some run's command line is
    not known (a list not written out; `cli()` reads the run's own: `command_line`), none runs
    it, or the command's options are not all followed. What click does, measured under click 8:
    `tests/analysis/test_click_values.py` runs click on the same command lines. `calls`:
    `run_calls(tree)`, if the caller keeps it."""
    tops = {st.name: st for st in tree.body if isinstance(st, (ast.FunctionDef,
                                                               ast.AsyncFunctionDef))}
    if tops.get(fn.name) is not fn:
        return None
    me = _Command(dotted, fn)
    if not me.usable:
        return None
    group = tops.get(me.group) if me.group is not None else None
    parent = _Command(dotted, group) if group is not None else None
    if me.group is not None and (parent is None or not parent.usable or parent.group):
        return None
    _read_environment(tree, [me] if parent is None else [me, parent])
    is_group = any(dotted(d.func if isinstance(d, ast.Call) else d) == "click.group"
                   for d in fn.decorator_list)
    target = fn.name if parent is None else me.group
    found: list[dict[str, ast.expr | None]] = []
    for node in run_calls(tree) if calls is None else calls:
        run = command_line(node)
        if run is None or run[0].id != target:
            continue
        if run[1] is None or any(k.arg == "auto_envvar_prefix" or k.arg is None
                                 for k in node.keywords):
            return None
        tokens = list(run[1])
        if parent is not None:
            top = parent.parse(tokens, commands=True)
            if top is None:
                return None
            rest = top[1] or []
            if not rest or rest[0] not in me.names:
                continue  # (another command runs)
            tokens = rest[1:]
        parsed = me.parse(tokens, commands=is_group)
        if parsed is None:
            return None
        found.append(parsed[0])
    return found or None
