"""The text the analysis reads, from a buffer as an editor may send it."""

from __future__ import annotations

import re

__all__ = ["char_column", "python_text", "source_lines"]

_SURROGATE = re.compile("[\ud800-\udfff]")
#: the line breaks of `str.splitlines` other than "\\n"
_OTHER_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e")
_OTHER_UNICODE_BREAKS = ("\x85", "\u2028", "\u2029")


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


def source_lines(source: str, split: list[str] | None = None) -> tuple[list[str], str | None]:
    """`source.splitlines()`, and `source` itself when it is those lines joined by "\\n" (a
    final "\\n" may follow): its only line breaks are "\\n". `split`: `source.split("\\n")`,
    if the caller has it: then the lines are taken from it instead of splitting again."""
    breaks = _OTHER_BREAKS if source.isascii() else _OTHER_BREAKS + _OTHER_UNICODE_BREAKS
    if any(b in source for b in breaks):
        return source.splitlines(), None
    if split is None:
        return source.splitlines(), source
    return (split[:-1] if source.endswith("\n") or not source else split[:]), source


def char_column(line: str, byte_col: int) -> int:
    """The character column of `ast`'s UTF-8 byte column `byte_col` on `line`."""
    if line.isascii():
        return byte_col
    return len(line.encode("utf-8")[:byte_col].decode("utf-8", errors="replace"))
