"""Lines and columns of a fix's module text (the analysis' convention: 1-based lines, 0-based
character columns) as offsets, and the edits at them: what every reading of the module a fix
is built on (`source.FixSource`, `lite.LiteSource`) shares."""

from __future__ import annotations

from jax_lsp.analysis.findings import Span
from jax_lsp.fixes.model import TextEdit

__all__ = ["TextPositions"]


class TextPositions:
    """Offsets in `text`, whose line starts are `_line_starts`."""

    text: str
    _line_starts: tuple[int, ...]

    def offset(self, line: int, col: int) -> int:
        if line - 1 >= len(self._line_starts):
            return len(self.text)
        return min(self._line_starts[line - 1] + col, len(self.text))

    def position(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self._line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self._line_starts[lo]

    def text_of(self, span: Span) -> str:
        start = self.offset(span.line, span.col)
        return self.text[start : self.offset(span.end_line, span.end_col)]

    def insertion(self, line: int, col: int, text: str) -> TextEdit:
        return TextEdit(Span(line, col, line, col), text)

    def contains(self, outer: Span, inner: Span) -> bool:
        return (outer.line, outer.col) <= (inner.line, inner.col) and (
            inner.end_line,
            inner.end_col,
        ) <= (outer.end_line, outer.end_col)

    def blank_lines_from(self, line: int) -> int:
        lines = self.text.split("\n")
        n = 0
        while line - 1 + n < len(lines) and not lines[line - 1 + n].strip():
            n += 1
        return n
