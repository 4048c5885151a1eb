"""The source excerpt under a finding in the `full` format, laid out as ruff 0.17 lays out its
snippets (its annotate-snippets renderer), so that one reads both tools' reports alike:

- two lines of context before and after the range, less the blank ones at either edge;
- a gutter of right-aligned line numbers, ` |` bars above and below (none below when the
  excerpt ends with the carets), and carets under the range, without a label;
- a range over several lines drawn with an arm, ``/`` (or `` ____^``) where it starts and
  ``|___^`` under its last character;
- a line longer than the excerpt's 140 columns cut around the range, ``…`` at each cut end
  (annotate-snippets' margin: the range centred when it fits, else its start kept).

Tabs show as four spaces; control characters as visible stand-ins (`terminal.printable`,
one column each, so carets stay in line). Checked beside the installed ruff in
tests/cli/test_cli_ruff_side_by_side.py (and on 270 random files: the same bytes but for a
line of wide characters cut on the left, where ruff's carets can sit a column further left).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from jax_lsp.analysis.findings import Span
from jax_lsp.terminal import printable

__all__ = ["CONTEXT_LINES", "MAX_WIDTH", "TAB_WIDTH", "Style", "render"]

CONTEXT_LINES = 2
TAB_WIDTH = 4
#: an excerpt's lines are at most this wide, gutter included (ruff's fixed width)
MAX_WIDTH = 140
#: the room annotate-snippets keeps on each side of a range when it cuts a long line
_PAD = 6
_ELLIPSIS = "…"


@dataclass(frozen=True)
class Style:
    """How to colour an excerpt: ANSI SGR sequences for the gutter and for the range's marks
    (the finding's severity colour); None for no colour."""

    gutter: str | None = None
    mark: str | None = None

    def paint(self, text: str, style: str | None) -> str:
        return f"{style}{text}\x1b[0m" if style and text else text


def _char_width(c: str) -> int:
    if unicodedata.combining(c) or c in "\u200b\u200d\ufeff":
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def _width(text: str) -> int:
    return sum(_char_width(c) for c in text)


def _expand(text: str) -> str:
    return text.replace("\t", " " * TAB_WIDTH)


def _column(text: str, col: int) -> int:
    """The display column (tabs expanded, wide characters two) of character `col` of
    `text`."""
    return _width(_expand(text[:col]))


def _underlines(lines: Sequence[str], span: Span) -> dict[int, tuple[int, int]]:
    """Line number -> (start, end) character columns of the range on that line."""
    line, col, end_line, end_col = span.line, span.col, span.end_line, span.end_col
    if end_line > line and end_col == 0:  # the range ends at the start of a line
        end_line -= 1
        end_col = len(lines[end_line - 1]) if end_line - 1 < len(lines) else 0
    end_line = min(max(end_line, line), len(lines))
    out: dict[int, tuple[int, int]] = {}
    for n in range(line, end_line + 1):
        text = lines[n - 1]
        start = col if n == line else 0
        end = end_col if n == end_line else len(text)
        out[n] = (start, max(end, start))
    return out


def _margin(marks: Sequence[tuple[int, int]], longest: int, width: int) -> tuple[int, int]:
    """The columns [left, right) of the excerpt's lines to show (annotate-snippets' `Margin`,
    whose whitespace trimming ruff does not use), from the marks' columns: the range's on one
    line; a range over lines marks its first character, its last, and column 0 of each line
    between."""
    if longest <= width:
        return 0, longest
    span_left = min(min(a, b) for a, b in marks)
    span_right = max(max(a, b) for a, b in marks)
    label_right = max(b for _, b in marks)
    left, right, label = max(span_left - _PAD, 0), span_right + _PAD, label_right + _PAD
    if label <= width:
        return 0, width
    if label - left <= width:
        start = max(left - (width - (label - left)) // 2, 0)
        return start, start + width
    if right - left <= width:
        start = max(left - (width - (right - left)) // 5 * 2, 0)
        return start, start + width
    return left, right


def _cut(text: str, left: int, right: int, width: int) -> str:
    """`text` (tab-expanded) from display column `left` to as far as the margin's columns
    allow, `…` where it was cut."""
    total = _width(text)
    budget = (total if total - left <= width else min(total, right)) - left
    start, at = 0, 0
    while start < len(text) and at < left:
        at += _char_width(text[start])
        start += 1
    taken, end = 0, start
    while end < len(text) and taken + _char_width(text[end]) <= budget:
        taken += _char_width(text[end])
        end += 1
    shown = text[start:end]
    if left > 0:  # every line of a cut excerpt starts so, a shorter or empty one too;
        # over a wide character, the rest of its columns blank (as ruff's cell buffer)
        pad = " " * (_char_width(shown[0]) - 1) if shown else ""
        shown = _ELLIPSIS + pad + shown[1:]
    if end < len(text) and shown:
        shown = shown[:-1] + _ELLIPSIS
    return shown


def render(lines: Sequence[str], span: Span, style: Style | None = None) -> tuple[list[str], int]:
    """The excerpt of `lines` (a file's physical lines) around `span` (1-based lines,
    0-based character columns), and its gutter width; ([], 0) when the span is not in
    `lines`."""
    style = style or Style()
    if not 1 <= span.line <= len(lines):
        return [], 0
    marks = _underlines(lines, span)
    first, last = min(marks), max(marks)
    # a final newline does not start another line
    count = len(lines) - 1 if len(lines) > 1 and lines[-1] == "" else len(lines)
    top, bottom = max(1, first - CONTEXT_LINES), max(last, min(count, last + CONTEXT_LINES))
    while top < first and not lines[top - 1].strip():
        top += 1
    while bottom > last and not lines[bottom - 1].strip():
        bottom -= 1
    gutter = len(str(bottom))
    text = {n: _expand(lines[n - 1]) for n in range(top, bottom + 1)}
    cols = {n: (_column(lines[n - 1], a), _column(lines[n - 1], b)) for n, (a, b) in marks.items()}
    multi = last > first
    arm = 2 if multi else 0
    room = MAX_WIDTH - gutter - 3 - arm
    if multi:
        start, end = cols[first][0], cols[last][1]
        spots = [(start, start + 1), (max(end - 1, 0), end)] + [(0, 0)] * (last - first > 1)
    else:
        spots = [cols[first]]
    left, right = _margin(spots, max(_width(t) for t in text.values()), room)

    def shown(n: int) -> str:
        return printable(_cut(text[n], left, right, room))

    def offset(col: int) -> int:
        """Where display column `col` is shown."""
        return max(col - left, 0)

    bar = " " * gutter + " " + style.paint("|", style.gutter)
    start_col = cols[first][0]
    slash = multi and not lines[first - 1][:marks[first][0]].strip()
    out = [bar]
    for n in range(top, bottom + 1):
        if not multi:
            lead = ""
        elif first <= n <= last and (n > first or slash):
            lead = style.paint("/" if n == first else "|", style.mark) + " "
        else:
            lead = "  "
        line = f"{style.paint(f'{n:>{gutter}}', style.gutter)} {style.paint('|', style.gutter)}"
        source = shown(n)
        if source:  # as it is, trailing blanks included
            line += f" {lead}{source}"
        elif lead.strip():
            line += f" {lead.rstrip()}"
        out.append(line)
        if n not in marks:
            continue
        if not multi:
            lo, hi = offset(cols[n][0]), offset(cols[n][1])
            carets = "^" * max(1, hi - lo)
            out.append(f"{bar} {' ' * lo}{style.paint(carets, style.mark)}")
        elif n == first and not slash:
            under = " " + "_" * (offset(start_col) + 1) + "^"
            out.append(f"{bar} {style.paint(under, style.mark)}")
        elif n == last:
            under = "|" + "_" * (offset(max(cols[n][1] - 1, 0)) + 1) + "^"
            out.append(f"{bar} {style.paint(under, style.mark)}")
    if bottom not in marks:
        out.append(bar)
    return out, gutter
