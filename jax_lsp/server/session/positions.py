"""The one place where positions change units.

The analysis speaks in 1-based lines and 0-based columns counted in code points (`Span`); LSP
speaks in 0-based lines and columns counted in the code units of the negotiated
``positionEncoding``: UTF-8 bytes (Neovim), UTF-16 code units (VS Code, the default) or code
points (UTF-32, Emacs). Every range the server sends and every position it receives goes through
a `LineIndex` of the exact text it refers to.

Lines are split the way LSP (and Python's tokenizer) split them: at ``\\n``, ``\\r\\n`` and
``\\r`` only, never at the other characters `str.splitlines` treats as breaks (form feed,
``\\u2028``, ...).
"""

from __future__ import annotations

import bisect
import itertools
import operator
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Span

if TYPE_CHECKING:
    from lsprotocol import types

__all__ = ["UTF8", "UTF16", "UTF32", "LineIndex", "code_units", "column_to_code_points"]

#: the values of lsprotocol's `PositionEncodingKind` (tests/server/test_units.py checks them):
#: this module is used before lsprotocol is imported (see `early`)
UTF8 = "utf-8"
UTF16 = "utf-16"
UTF32 = "utf-32"

_NEWLINE = re.compile(r"\r\n|\r|\n")


def code_units(text: str, encoding: str) -> int:
    """The length of `text` in the code units of `encoding`."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        # lone surrogates can reach us through JSON escapes; count them as UTF-8 would encode them
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def column_to_code_points(line: str, units: int, encoding: str) -> int:
    """The code-point column of a column given in `encoding` code units on `line`.

    A column past the end of the line means the end of the line (as the LSP specification
    says); a column inside a multi-unit character rounds down to that character's start.
    """
    if units <= 0:
        return 0
    if encoding == UTF32 or line.isascii():
        return min(units, len(line))
    seen = 0
    for i, ch in enumerate(line):
        cp = ord(ch)
        if encoding == UTF8:
            width = 1 if cp < 0x80 else 2 if cp < 0x800 else 3 if cp < 0x10000 else 4
        else:
            width = 2 if cp > 0xFFFF else 1
        if seen + width > units:
            return i
        seen += width
    return len(line)


def _line_starts(text: str) -> list[int]:
    """The offsets at which the lines of `text` start. Built on every edit of a document and
    for every report (milliseconds on a large module, on the path from keystroke to
    diagnostics): without ``\\r``, from `str.split` (four times faster than a regex)."""
    if "\r" in text:
        return [0, *(m.end() for m in _NEWLINE.finditer(text))]
    lines = text.split("\n")
    lines.pop()  # the last line has no break: no line starts after it
    # line i + 1 starts after the lengths of lines 0..i and their i + 1 breaks
    return [0, *map(operator.add, itertools.accumulate(map(len, lines)), itertools.count(1))]


@dataclass(frozen=True)
class CodePointPosition:
    """A position in code points: 0-based line and column (what `LineIndex` resolves to)."""

    line: int
    column: int


class LineIndex:
    """Line starts of one text, for converting between offsets, spans and LSP positions.

    The starts are `_base`, those from line `_from` on moved by `_shift`: an edit within one
    line (typing) moves every later start, and moving them in a list took milliseconds of each
    keystroke on a large module; successive edits of the same line add up in `_shift`. An
    index is never changed once made (the analysis thread reads the snapshot's)."""

    __slots__ = ("_base", "_from", "_shift", "encoding", "text")

    def __init__(self, text: str, encoding: str) -> None:
        self.text = text
        self.encoding = encoding
        self._base = _line_starts(text)
        self._from = len(self._base)
        self._shift = 0

    @classmethod
    def _made(
        cls, text: str, encoding: str, base: list[int], moved_from: int, shift: int
    ) -> LineIndex:
        index = cls.__new__(cls)
        index.text = text
        index.encoding = encoding
        index._base = base
        index._from = moved_from
        index._shift = shift
        return index

    @property
    def _starts(self) -> list[int]:
        """The offsets at which the lines start (a new list when a shift is pending)."""
        base, moved_from, shift = self._base, self._from, self._shift
        if not shift:
            return base
        return base[:moved_from] + [s + shift for s in base[moved_from:]]

    def _start(self, line: int) -> int:
        start = self._base[line]
        return start + self._shift if line >= self._from else start

    def _line_of(self, offset: int) -> int:
        """The 0-based line the code-point `offset` is on (`bisect_right` of the starts, less
        one)."""
        base, moved_from, shift = self._base, self._from, self._shift
        if moved_from < len(base) and offset >= base[moved_from] + shift:
            return bisect.bisect_right(base, offset - shift, moved_from) - 1
        return bisect.bisect_right(base, offset, 0, moved_from) - 1

    def replaced(self, start: int, end: int, inserted: str, text: str) -> LineIndex:
        """The index of `text`, this index's text with `[start, end)` (code-point offsets)
        replaced by `inserted`: the line starts before the edit are kept, those after it
        shifted, rather than the whole text split again (a keystroke on a large module); an
        edit within one line only records the shift (see the class)."""
        if "\r" in text:  # an edit may join or split a "\r\n": split it all again
            return LineIndex(text, self.encoding)
        shift = len(inserted) - (end - start)
        if "\n" not in inserted:
            line = self._line_of(start)
            if self._line_of(end) == line:  # within one line
                if not self._shift or self._from == line + 1:
                    return LineIndex._made(text, self.encoding, self._base, line + 1,
                                           self._shift + shift)
                return LineIndex._made(text, self.encoding, self._starts, line + 1, shift)
        starts = self._starts
        after = bisect.bisect_right(starts, end)
        new = starts[:bisect.bisect_right(starts, start)]
        if "\n" in inserted:
            new += [start + m.end() for m in _NEWLINE.finditer(inserted)]
        new += [s + shift for s in starts[after:]] if shift else starts[after:]
        return LineIndex._made(text, self.encoding, new, len(new), 0)

    @property
    def line_count(self) -> int:
        """Number of lines; the empty line after a final newline counts."""
        return len(self._base)

    def line_text(self, line: int) -> str:
        """Line `line` (0-based) without its line break; '' past the end."""
        if not 0 <= line < len(self._base):
            return ""
        start = self._start(line)
        end = self._start(line + 1) if line + 1 < len(self._base) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    # -- LSP -> code points ---------------------------------------------------------------------

    def resolve(self, position: types.Position) -> CodePointPosition | None:
        """The code-point position of an LSP position; None when its line is past the end."""
        if position.line >= len(self._base):
            return None
        line = self.line_text(position.line)
        return CodePointPosition(
            position.line, column_to_code_points(line, position.character, self.encoding)
        )

    def offset(self, position: types.Position) -> int:
        """The code-point offset into the text of an LSP position, clamped to the text."""
        if position.line >= len(self._base):
            return len(self.text)
        resolved = self.resolve(position)
        assert resolved is not None
        return self._start(resolved.line) + resolved.column

    # -- code points -> LSP ---------------------------------------------------------------------

    def units(self, line: int, column: int) -> tuple[int, int]:
        """The LSP (line, character) of a 1-based line and a code-point column (clamped to the
        text), as plain numbers."""
        index = line - 1
        if index < 0:
            return 0, 0
        if index >= len(self._base):
            last = len(self._base) - 1
            return last, code_units(self.line_text(last), self.encoding)
        text = self.line_text(index)
        column = max(0, min(column, len(text)))
        return index, code_units(text[:column], self.encoding)

    def position(self, line: int, column: int) -> types.Position:
        """The LSP position of a 1-based line and a code-point column (clamped to the text)."""
        from lsprotocol.types import Position  # imported by then: only the server asks

        index, character = self.units(line, column)
        return Position(line=index, character=character)

    def range(self, span: Span) -> types.Range:
        """The LSP range of an analysis span."""
        from lsprotocol.types import Range

        return Range(
            start=self.position(span.line, span.col), end=self.position(span.end_line, span.end_col)
        )

    def json_range(self, span: Span) -> dict[str, dict[str, int]]:
        """`range` as JSON (what the stdin front publishes before lsprotocol is imported)."""
        start_line, start = self.units(span.line, span.col)
        end_line, end = self.units(span.end_line, span.end_col)
        return {"start": {"line": start_line, "character": start},
                "end": {"line": end_line, "character": end}}

    def span(self, range_: types.Range) -> Span | None:
        """The analysis span of an LSP range; None when it starts past the end of the text."""
        start = self.resolve(range_.start)
        if start is None:
            return None
        end = self.resolve(range_.end)
        if end is None:
            last = len(self._base) - 1
            end = CodePointPosition(last, len(self.line_text(last)))
        if (end.line, end.column) < (start.line, start.column):
            start, end = end, start
        return Span(start.line + 1, start.column, end.line + 1, end.column)
