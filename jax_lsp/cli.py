"""The `jax-lsp` command line: `check`, `rule`, `explain`.

Each subcommand lives in its own module and registers its own arguments; this file only
dispatches. Exit status: 0 clean, 1 findings (or an unknown message for `explain`), 2 usage or
internal error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from jax_lsp import __version__


def build_parser() -> argparse.ArgumentParser:
    from jax_lsp.catalog import commands as catalog_commands
    from jax_lsp.checker import command as check_command
    from jax_lsp.server import command as serve_command

    parser = argparse.ArgumentParser(
        prog="jax-lsp",
        description="Find JAX host callbacks reached by automatic differentiation.",
    )
    parser.add_argument("--version", action="version", version=f"jax-lsp {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    check_command.register(sub)
    catalog_commands.register(sub)
    serve_command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
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
