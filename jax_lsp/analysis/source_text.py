"""The text the analysis reads, from a buffer as an editor may send it."""

from __future__ import annotations

import re

__all__ = ["python_text"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def python_text(source: str) -> str:
    """The text the analysis reads, for a buffer as an editor may send it: a byte-order mark
    that starts it becomes a form feed (Python skips either there, but `ast.parse` of a str
    rejects the mark), and a lone surrogate (how some clients pass on a byte that is not
    UTF-8) becomes U+FFFD (it would stop the parse, or the encoding of any line holding it).
    Each replacement is one character for one, so every position (the analysis counts
    columns in characters) stays where the editor has it."""
    if source.isascii():
        return source
    if source.startswith("\ufeff"):
        source = "\f" + source[1:]
    return _SURROGATE.sub("\ufffd", source)
