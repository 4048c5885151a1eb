"""`python/argparse_values` against argparse itself: each program below is run by Python and
interpreted by the evaluator, and the namespace `parse_args` gives is compared attribute by
attribute (a handler from `set_defaults(func=...)` by its function's name)."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis import run_environment
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import NOCONST, Closure

HEAD = '''
import argparse

def cmd_fit(a):
    return a

def cmd_show(a):
    return a

parser = argparse.ArgumentParser(prog="tool")
parser.add_argument("--bits", type=int, default=8)
parser.add_argument("--scale", type=float)
parser.add_argument("--no-dither", dest="dither", action="store_false")
parser.add_argument("--mode", choices=["a", "b"], default="a")
parser.add_argument("--tag", action="append")
parser.add_argument("-v", "--verbose", action="count", default=0)
parser.add_argument("--fast", action="store_const", const="jit", default="eager")
parser.add_argument("--legacy", action="store_true", default=argparse.SUPPRESS)
parser.set_defaults(extra=3)
commands = parser.add_subparsers(dest="command", required=True)
fit = commands.add_parser("fit", aliases=["train"])
fit.add_argument("--steps", type=int, default=4)
fit.set_defaults(func=cmd_fit, legacy=True)
commands.add_parser("show").set_defaults(func=cmd_show)
'''

LINES = {
    "defaults": '["fit"]',
    "options": '["--bits", "6", "--scale=0.5", "--no-dither", "--mode", "b", "-vv", "--fast",'
                ' "--tag", "x", "--tag", "y", "train", "--steps", "9"]',
    "other_command": '["--bits", "3", "show"]',
    "suppressed_given": '["--legacy", "show"]',
}


def _evaluated(source: str) -> dict[str, object]:
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    ns = interp.module_scope.vars["ns"]
    assert len(ns.fns) == 1, ns
    out: dict[str, object] = {}
    for key, v in ns.fns[0].attrs.items():
        if v.items is not None:
            out[key] = [i.const for i in v.items]
        elif len(v.fns) == 1 and isinstance(v.fns[0], Closure):
            out[key] = v.fns[0].func.name
        else:
            assert v.const is not NOCONST, key
            out[key] = v.const
    return out


@pytest.mark.parametrize("line", sorted(LINES))
def test_the_namespace_is_argparses(line: str) -> None:
    source = HEAD + f"ns = parser.parse_args({LINES[line]})\n"
    scope: dict[str, object] = {}
    exec(compile(source, "<program>", "exec"), scope)  # noqa: S102
    real = {k: (v.__name__ if callable(v) else v) for k, v in vars(scope["ns"]).items()}
    assert _evaluated(source) == real


@pytest.mark.parametrize("words", ["", "sys.argv[1:]", '["--bits", "x", "fit"]',
                                   '["--unknown", "fit"]'])
def test_a_command_line_not_known_or_refused_gives_nothing_known(words: str) -> None:
    """The process's own command line where the parser requires a subcommand (no words:
    argparse exits), one not written out, and one argparse refuses (it exits): the
    namespace is not known."""
    source = "import sys\n" + HEAD + f"ns = parser.parse_args({words})\n"
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    assert not any(getattr(f, "attrs", None) for f in interp.module_scope.vars["ns"].fns)


@pytest.mark.parametrize("argv", [(), ("fit",), ("--bits", "6", "show")])
@pytest.mark.parametrize("words", ["", "None", "args=None"])
def test_the_process_command_line_is_the_run_s_own(
    words: str, argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`parse_args()` reads `sys.argv`: the script run with no arguments (the parser's
    defaults) unless the project declares the words it runs with
    (`run_environment.declared_argv`), as argparse parses them with that `sys.argv`."""
    source = HEAD.replace("required=True", "required=False") + \
        f"ns = parser.parse_args({words})\n"
    monkeypatch.setattr("sys.argv", ["tool", *argv])
    scope: dict[str, object] = {}
    exec(compile(source, "<program>", "exec"), scope)  # noqa: S102
    real = {k: (v.__name__ if callable(v) else v) for k, v in vars(scope["ns"]).items()}
    with run_environment.declared({}, argv):
        assert _evaluated(source) == real


def test_an_unfollowed_type_gives_nothing_known() -> None:
    source = HEAD.replace('type=int, default=8', 'type=lambda s: int(s) * 2, default=8') + \
        'ns = parser.parse_args(["fit"])\n'
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    assert not any(getattr(f, "attrs", None) for f in interp.module_scope.vars["ns"].fns)


@pytest.mark.parametrize("words", ['["--help"]', '["fit", "-h"]', '["--version"]',
                                   '["--unknown", "fit"]', '[]'])
def test_a_parse_that_would_write_or_exit_writes_nothing(
    words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Help (of the parser or a subcommand's), a version, an error: argparse would write and
    exit; the namespace is not known and neither stream is written to."""
    head = HEAD.replace('parser.set_defaults(extra=3)',
                        'parser.add_argument("--version", action="version", version="1")\n'
                        'parser.set_defaults(extra=3)')
    source = head + f"ns = parser.parse_args({words})\n"
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    assert not any(getattr(f, "attrs", None) for f in interp.module_scope.vars["ns"].fns)
    assert capsys.readouterr() == ("", "")


def test_the_streams_are_left_alone_during_a_parse(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The process's streams are every thread's: another thread (a server's) writing while a
    program's command line is parsed keeps its output, and the parse sees the streams it had."""
    import argparse
    import sys
    import threading

    streams = (sys.stdout, sys.stderr)
    seen = []
    parse = argparse.ArgumentParser._parse_known_args

    def other_thread_writes(self: argparse.ArgumentParser, *args: object, **kw: object) -> object:
        seen.append((sys.stdout, sys.stderr))
        writer = threading.Thread(target=lambda: (print("out"), print("err", file=sys.stderr)))
        writer.start()
        writer.join()
        return parse(self, *args, **kw)

    monkeypatch.setattr(argparse.ArgumentParser, "_parse_known_args", other_thread_writes)
    source = HEAD + f"ns = parser.parse_args({LINES['options']})\n"
    assert _evaluated(source)["bits"] == 6
    assert seen and all(s == streams for s in seen)  # (the parser's, the subcommand's)
    assert capsys.readouterr() == ("out\n" * len(seen), "err\n" * len(seen))
