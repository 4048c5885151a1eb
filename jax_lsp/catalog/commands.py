"""The `jax-lsp rule` and `jax-lsp explain` subcommands.

`rule CODE_OR_ID` prints a diagnostic code (with its catalog entries) or one catalog entry;
`rule --all` prints everything. `explain` reads an error message or a whole traceback (as
arguments, from a file, or from stdin with `-`), prints the matching entry and, for a traceback,
the user frame that triggered it; for an unknown message it suggests the closest entries and
exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from jax_lsp.catalog.loader import Catalog, load_catalog
from jax_lsp.catalog.matching import explain
from jax_lsp.catalog.render import (
    code_json,
    code_markdown,
    code_text,
    entry_json,
    entry_markdown,
    entry_text,
    explanation_json,
    explanation_markdown,
    explanation_text,
)
from jax_lsp.codes import RULES
from jax_lsp.project.config import PARSE_ERROR_CODE
from jax_lsp.terminal import printable

FORMATS = ("text", "markdown", "json")

#: `check` reports a file it cannot read as Python under this code; it predicts no JAX error
PARSE_ERROR_SUMMARY = (
    "The file could not be analysed: it does not parse as Python (a syntax error) or does not "
    "decode as text. The finding gives the line and column of the error. It is always "
    "reported, whatever `select`/`ignore` say, and it predicts no JAX error: fix the syntax "
    "(or the encoding) and run `jax-lsp check` again."
)


def _parse_error_rule(fmt: str) -> str:
    name = "file could not be parsed"
    if fmt == "json":
        return json.dumps(
            {
                "code": PARSE_ERROR_CODE,
                "name": name,
                "summary": PARSE_ERROR_SUMMARY,
                "exceptions": [],
                "entries": [],
            },
            indent=2,
        )
    if fmt == "markdown":
        return f"## {PARSE_ERROR_CODE}: {name}\n\n{PARSE_ERROR_SUMMARY}\n"
    title = f"{PARSE_ERROR_CODE}: {name}"
    return f"{title}\n{'=' * len(title)}\n\n{PARSE_ERROR_SUMMARY}\n"


def register(subparsers: Any) -> None:
    """Add the `rule` and `explain` subcommands to the CLI's subparsers."""
    rule = subparsers.add_parser(
        "rule",
        help="show a diagnostic code or a catalog entry",
        description="Show a diagnostic code (JAX001...) with its catalog entries, or one "
        "catalog entry by id (e.g. pure-callback-jvp).",
    )
    rule.add_argument("name", nargs="?", metavar="CODE_OR_ID", help="a code or an entry id")
    rule.add_argument("--all", action="store_true", help="show every code and every entry")
    rule.add_argument("--output-format", choices=FORMATS, default="text")
    rule.set_defaults(run=run_rule)

    exp = subparsers.add_parser(
        "explain",
        help="explain a JAX error message or traceback",
        description="Find the catalog entry for a JAX error. Give the message or traceback as "
        "arguments, a file path, or `-` to read stdin (`python train.py 2>&1 | jax-lsp "
        "explain -`). Exits 1 when no entry matches.",
    )
    exp.add_argument("text", nargs="*", metavar="MESSAGE_OR_FILE")
    exp.add_argument("--output-format", choices=FORMATS, default="text")
    exp.set_defaults(run=run_explain)


def _print(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _dump(data: Any) -> None:
    _print(json.dumps(data, indent=2, ensure_ascii=False))


def _render_all(catalog: Catalog, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(
            {
                "codes": [code_json(r, catalog) for r in RULES.values()],
                "entries": [entry_json(e) for e in catalog],
            },
            indent=2,
            ensure_ascii=False,
        )
    if fmt == "markdown":
        parts = [code_markdown(r, catalog) for r in RULES.values()]
        parts += [entry_markdown(e) for e in catalog]
    else:
        parts = [code_text(r, catalog) for r in RULES.values()]
        parts += [entry_text(e) for e in catalog]
    return "\n".join(parts)


def run_rule(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    fmt: str = args.output_format
    if args.all:
        _print(_render_all(catalog, fmt))
        return 0
    if not args.name:
        sys.stderr.write("jax-lsp rule: give a code or an entry id, or --all\n")
        return 2
    name: str = args.name.strip()
    if name.upper() == PARSE_ERROR_CODE:
        _print(_parse_error_rule(fmt))
        return 0
    if name.upper() in RULES:
        rule = RULES[name.upper()]
        entries = catalog.for_code(rule.code)
        if fmt == "json":
            data = code_json(rule, catalog)
            data["entries"] = [entry_json(e) for e in entries]
            _dump(data)
        elif fmt == "markdown":
            _print(
                "\n".join(
                    [code_markdown(rule, catalog)] + [entry_markdown(e, level=3) for e in entries]
                )
            )
        else:
            _print("\n".join([code_text(rule, catalog)] + [entry_text(e) for e in entries]))
        return 0
    entry = catalog.get(name)
    if entry is None:
        sys.stderr.write(
            f"jax-lsp rule: unknown code or entry {name!r}; codes are "
            f"{PARSE_ERROR_CODE}, {', '.join(RULES)}; `jax-lsp rule --all` lists the entries\n"
        )
        return 2
    if fmt == "json":
        _dump(entry_json(entry))
    elif fmt == "markdown":
        _print(entry_markdown(entry))
    else:
        _print(entry_text(entry))
    return 0


def read_error_input(parts: list[str]) -> str:
    """The error text from the arguments: `-` is stdin, one existing path is a file, anything
    else is the message itself (words joined by spaces); no argument reads a piped stdin."""
    if parts == ["-"] or (not parts and not sys.stdin.isatty()):
        return sys.stdin.read()
    if len(parts) == 1:
        candidate = parts[0]
        if "\n" not in candidate and len(candidate) < 4096:
            path = Path(candidate)
            try:
                if path.is_file():
                    return path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                pass
        return candidate
    return " ".join(parts)


def run_explain(args: argparse.Namespace) -> int:
    text = read_error_input(list(args.text))
    if not text.strip():
        sys.stderr.write("jax-lsp explain: no error text given (pass it, a file, or `-`)\n")
        return 2
    result = explain(text, load_catalog())
    fmt: str = args.output_format
    if fmt == "json":
        _dump(explanation_json(result))
    elif fmt == "markdown":
        _print(explanation_markdown(result))
    else:  # it quotes the input (a log file, say): never raw on a terminal
        _print(printable(explanation_text(result), keep="\n\t"))
    return 0 if result.match is not None else 1
