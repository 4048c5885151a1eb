"""The `jax-lsp` command line: `check`, `rule`, `explain`, `serve`.

Each subcommand lives in its own module and registers its own arguments; this file only
dispatches. A subcommand's module is imported only when that subcommand runs: `--version`,
`--help` and a usage error import none of the analysis, the catalog or the server, so they
cost little more than starting Python. Exit status: 0 clean, 1 findings (or an unknown
message for `explain`), 2 usage or internal error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Collection, Sequence

from jax_lsp import __version__

#: subcommand -> (the module whose `register(subparsers)` adds it, its one-line help for the
#: command list; tests/cli/test_cli_startup.py checks it against the module's own)
COMMANDS: dict[str, tuple[str, str]] = {
    "check": (
        "jax_lsp.checker.command",
        "check Python files for host callbacks reached by differentiation",
    ),
    "rule": ("jax_lsp.catalog.commands", "show a diagnostic code or a catalog entry"),
    "explain": ("jax_lsp.catalog.commands", "explain a JAX error message or traceback"),
    "serve": ("jax_lsp.server.runtime.command", "run the language server (stdio by default)"),
}


def build_parser(needed: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with the full arguments of the subcommands in `needed` (None: all of them);
    the others appear in the command list only."""
    parser = argparse.ArgumentParser(
        prog="jax-lsp",
        description="Find JAX host callbacks reached by automatic differentiation.",
    )
    parser.add_argument("--version", action="version", version=f"jax-lsp {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = {module for name, (module, _) in COMMANDS.items() if needed is None or name in needed}
    for name, (module, help_text) in COMMANDS.items():
        if name in sub.choices:  # registered with a sibling from the same module
            continue
        if module in modules:
            importlib.import_module(module).register(sub)
        else:
            sub.add_parser(name, help=help_text)
    return parser


def _requested_command(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` names: its first argument that is not an option (the top level
    has no option taking a value)."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = _requested_command(argv)
    parser = build_parser({command} if command in COMMANDS else ())
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
