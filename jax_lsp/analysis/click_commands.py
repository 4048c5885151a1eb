"""What a parameter of a `click` command holds when the module runs it, read from the
command's decorators (never run).

A function decorated with `@click.command()` is called by click with one keyword per
`@click.option`, parsed from a command line. Where every run of the command the module shows
is given a literal argument list (`cmd.main(["--beats", "48"], standalone_mode=False)`, or
`cmd(["--beats", "48"])`) that never names an option, that option holds its `default=`
(False for an `is_flag` option given none). Any other run (`cmd()` reads `sys.argv`, a list
not written out) leaves it unknown. What click does, measured under click 8 (not guessed):
an option's parameter name is its declaration without dashes if one has none, else its
first `--long` name (before a `/` of a `--x/--no-x` switch), else its first short one,
with `-` made `_` and lower-cased."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

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


def command_line(call: ast.Call) -> tuple[ast.Name, list[ast.Constant] | None] | None:
    """For a call that may run a click command with a command line (`cmd.main(argv, ...)`,
    `cmd(argv)`, `cmd.main(args=argv)`): the command's name, and the strings of `argv` where it
    is a literal list of strings (None for any other argument list, or none given); None for
    a call of anything but a name."""
    func = call.func
    target = func.value if isinstance(func, ast.Attribute) and func.attr == "main" else func
    if not isinstance(target, ast.Name):
        return None
    argv = call.args[0] if call.args else next(
        (k.value for k in call.keywords if k.arg == "args"), None)
    if not isinstance(argv, (ast.List, ast.Tuple)) or not all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in argv.elts):
        return target, None
    return target, argv.elts  # type: ignore[return-value]


def _runs(names: ModuleNames, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST] | None:
    """The argument list of each run of the command the module shows (`command_line`); None
    where one is not a literal list of strings, or none is shown."""
    found: list[ast.AST] = []
    for node in names.walk_all():
        run = command_line(node) if isinstance(node, ast.Call) else None
        if run is None or run[0].id != fn.name or names.definition(run[0]) is not fn:
            continue
        if run[1] is None:
            return None
        found.extend(run[1])
    return found if found else None


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
                e.value.split("=", 1)[0] in flags  # type: ignore[attr-defined]
                or (shorts and e.value.startswith("-")  # type: ignore[attr-defined]
                    and not e.value.startswith("--")  # type: ignore[attr-defined]
                    and any(c in e.value[1:] for c in shorts))  # type: ignore[attr-defined]
                for e in argv):
            return None  # named (or maybe, in a bundle of short flags) on the command line
        default = next((k.value for k in d.keywords if k.arg == "default"), None)
        if default is None and any(k.arg == "is_flag" and isinstance(k.value, ast.Constant)
                                   and k.value.value is True for k in d.keywords):
            return ast.Constant(False)
        return default
    return None
