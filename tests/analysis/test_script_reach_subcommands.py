"""A script's argparse subcommands (`analysis/script_reach.py`): a handler a subparser's
`set_defaults` names is reached only when a command line the script parses can choose that
subparser; when a command line is not known (a parameter a call fills with anything but a
list display), every handler is. The process's own command line (none given, or None) is the
run's: no words unless the project declares them (`run_environment.declared_argv`)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from jax_lsp.analysis import run_environment, script_reach

_CLI = textwrap.dedent("""
    import argparse


    def do_fast(opts):
        return 1


    def do_slow(opts):
        return 2


    def build():
        p = argparse.ArgumentParser({parser_kw})
        sub = p.add_subparsers(dest="cmd")
        sub.add_parser("fast", aliases=["f"]).set_defaults(run=do_fast)
        sl = sub.add_parser("slow")
        sl.set_defaults(run=do_slow)
        return p


    def main(argv=None):
        opts = build().parse_args({parsed})
        return opts.run(opts)


    if __name__ == "__main__":
        {call}
""")


def _unreached(call: str, parsed: str = "argv", parser_kw: str = "") -> set[str]:
    script_reach.forget()
    tree = ast.parse(_CLI.format(call=call, parsed=parsed, parser_kw=parser_kw))
    lines = script_reach.unreached_lines(tree)
    return {fn.name for fn in tree.body if isinstance(fn, ast.FunctionDef)
            and any(a <= fn.lineno <= b for a, b in lines)}


@pytest.mark.parametrize(("call", "unreached"), [
    ('main(["--x", "1", "slow"])', {"do_fast"}),
    ('main(["f"])', {"do_slow"}),  # an alias chooses its subparser
    ('main(argv=["fast"])', {"do_slow"}),
    ('main(["fast"]); main(["slow"])', set()),
    ("main()", {"do_fast", "do_slow"}),  # the process's own command line: no words
    ("main(ARGS)", set()),
    ('main(["slow"]); handler = main', set()),  # called where its calls are not read
])
def test_handlers_reached_by_the_command_lines_parsed(call: str, unreached: set[str]) -> None:
    assert _unreached(call) == unreached


def test_parse_args_without_a_command_line_reads_the_run_s_own() -> None:
    """`parse_args()` (or `parse_args(None)`, or a `main(argv=None)` called with none) parses
    the process's command line: the script run with no arguments chooses no subcommand
    (argparse gives a namespace without `run`), the declared words choose theirs."""
    assert _unreached('main(["slow"])', parsed="") == {"do_fast", "do_slow"}
    assert _unreached('main(["slow"])', parsed="None") == {"do_fast", "do_slow"}
    with run_environment.declared({}, ["slow"]):
        assert _unreached('main(["fast"])', parsed="") == {"do_fast"}
        assert _unreached("main()") == {"do_fast"}
        assert _unreached("main(*ARGS)") == set()  # (its argument not known)
    with run_environment.declared({}, ["--x", "1"]):
        assert _unreached("main()") == {"do_fast", "do_slow"}


def test_a_literal_command_line_in_the_parse_call_is_read() -> None:
    assert _unreached("main()", parsed='["slow"]') == {"do_fast"}


def test_a_subcommand_named_as_its_handler_is_a_word_not_a_mention() -> None:
    script_reach.forget()
    source = textwrap.dedent("""
        import argparse


        def train(opts):
            return 1


        def evaluate(opts):
            return 2


        if __name__ == "__main__":
            p = argparse.ArgumentParser()
            sub = p.add_subparsers()
            sub.add_parser("train").set_defaults(run=train)
            sub.add_parser("evaluate", aliases=["ev"]).set_defaults(run=evaluate)
            opts = p.parse_args(["ev"])
            opts.run(opts)
    """)
    tree = ast.parse(source)
    train = next(st for st in tree.body if isinstance(st, ast.FunctionDef))
    assert script_reach.unreached_lines(tree) == [(train.lineno, train.end_lineno)]


def test_a_handler_looked_up_by_the_chosen_name_reaches_every_function() -> None:
    script_reach.forget()
    source = textwrap.dedent("""
        import argparse
        import sys


        def train(opts):
            return 1


        if __name__ == "__main__":
            p = argparse.ArgumentParser()
            sub = p.add_subparsers(dest="cmd")
            sub.add_parser("train")
            sub.add_parser("evaluate")
            opts = p.parse_args(["evaluate"])
            getattr(sys.modules[__name__], opts.cmd)(opts)
    """)
    assert script_reach.unreached_lines(ast.parse(source)) == []


def test_arguments_read_from_files_reach_every_handler() -> None:
    assert _unreached('main(["@cmd.txt"])', parser_kw='fromfile_prefix_chars="@"') == set()
