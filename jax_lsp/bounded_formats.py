"""TOML and JSON documents from a repository, refused with a reason when they are pathological.

Why: `tomllib` and `json` recurse once per nesting level, so a `pyproject.toml` or a notebook
nested 1,000 deep raised RecursionError (a traceback in the CLI, a dead request in the server),
and `tomllib` spends time and memory quadratic in the parts of one dotted key (a 40 kB key of
20,000 parts: 14 s and 1.5 GB). A TOML document nested deeper than `MAX_NESTING` or with a key
longer than `MAX_DOTTED_KEY_PARTS` is refused before it is parsed (whatever the caller's stack
depth); for JSON (whose C parser checks the recursion limit at each level, and notebooks are
large, so a pre-scan would cost more than the parse) the RecursionError is turned into the
refusal. Either way the caller gets a ValueError that says why.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

__all__ = ["MAX_DOTTED_KEY_PARTS", "MAX_NESTING", "load_json", "load_toml"]

#: arrays and tables (inline tables, JSON objects) inside one another; real documents use under
#: 20 (a notebook's widget state is the deepest seen); tomllib needs ~3 frames per level
MAX_NESTING = 100
#: parts of one dotted TOML key (`a.b.c` has 3) or table header
MAX_DOTTED_KEY_PARTS = 100

# Strings and comments, whose brackets and dots are text: replaced by a blank before counting.
# Each alternative starts at a quote or `#` and always matches (an unclosed string runs to the
# end of its line, or of the text), so the scan is linear whatever the text.
_TOML_TEXT = re.compile(
    r'"""[\s\S]*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)|"(?:[^"\\\n]|\\.)*(?:"|$)'
    r"|'[^'\n]*(?:'|$)|#[^\n]*",
    re.MULTILINE,
)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
# A key of 3+ parts outside strings (a float or a date has at most one dot): `a.b.c`.
_KEY_PART = r"[A-Za-z0-9_-]+|\"\""
# It starts only where a key can (not inside a word), so a long word is not rescanned.
_DOTTED = re.compile(rf"(?<![A-Za-z0-9_\"-])(?:{_KEY_PART})(?:[ \t]*\.[ \t]*(?:{_KEY_PART}))+")


class TooComplex(ValueError):
    """The document is nested deeper, or has a longer key, than is parsed."""


def _deeper_than_allowed(text: str) -> bool:
    """Whether `[`/`{` nest more than `MAX_NESTING` deep in `text` (strings blanked)."""
    depth = 0
    for bracket in _NOT_BRACKETS.sub("", text):
        if bracket in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif depth:
            depth -= 1
    return False


def _few_brackets(text: str) -> bool:
    """Whether `text` cannot nest deeper than `MAX_NESTING` (most documents: no scan)."""
    return text.count("[") + text.count("{") <= MAX_NESTING


def _check_toml(text: str) -> None:
    if _few_brackets(text) and text.count(".") < MAX_DOTTED_KEY_PARTS:
        return
    bare = _TOML_TEXT.sub('""', text)
    if not _few_brackets(bare) and _deeper_than_allowed(bare):
        raise TooComplex(f"nested more than {MAX_NESTING} levels deep")
    if bare.count(".") >= MAX_DOTTED_KEY_PARTS:
        for m in _DOTTED.finditer(bare):
            parts = m.group().count(".") + 1
            if parts > MAX_DOTTED_KEY_PARTS:
                line = bare.count("\n", 0, m.start()) + 1
                raise TooComplex(f"a dotted key of {parts} parts at line {line} (at most "
                                 f"{MAX_DOTTED_KEY_PARTS} are read)")


def load_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`, refusing a document too deep or with too long a key. Raises
    `tomllib.TOMLDecodeError` (invalid) or `TooComplex` (both ValueErrors)."""
    _check_toml(text)
    try:
        return _tomllib().loads(text)
    except RecursionError:
        raise TooComplex("nested too deeply to be read") from None


def _tomllib() -> Any:
    """The TOML parser, imported once a document is read (a project without a
    `pyproject.toml` never needs it; the server's first answer does not wait for it)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10: the tomli backport
        import tomli as tomllib
    return tomllib


def load_json(text: str) -> Any:
    """`json.loads(text)`, refusing a document nested deeper than the interpreter's recursion
    limit lets it parse (the C parser checks it at each level). Raises ValueError
    (`json.JSONDecodeError` when invalid, `TooComplex` when too deep)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise TooComplex("nested too deeply to be read") from None
