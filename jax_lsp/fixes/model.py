"""The values fixes produce: text edits and a titled, safety-flagged fix."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from operator import add
from pathlib import Path

from jax_lsp.analysis.findings import FixKind, Span


@dataclass(frozen=True)
class TextEdit:
    """Replace the text in `span` (end exclusive; an empty span inserts) with `new_text`."""

    span: Span
    new_text: str


@dataclass(frozen=True)
class CreatedFile:
    """A new file a fix needs (the helper module its edits import)."""

    path: Path
    text: str


@dataclass(frozen=True)
class Fix:
    kind: FixKind
    title: str
    #: safe = does not change what the program computes where it already worked
    safe: bool
    edits: tuple[TextEdit, ...]
    #: the fix an editor should offer first for this finding
    preferred: bool = False
    #: files to create before the edits apply (they import them)
    create: tuple[CreatedFile, ...] = ()


def line_starts(source: str) -> list[int]:
    """The offset of each line's first character (lines end at `\\n`)."""
    lengths = accumulate(map(len, source.split("\n")), initial=0)
    return list(map(add, lengths, range(source.count("\n") + 1)))


def apply_edits(source: str, edits: tuple[TextEdit, ...] | list[TextEdit]) -> str:
    """Apply non-overlapping edits to `source` (character positions); insertions at the same
    position appear in the order of `edits`."""
    starts = line_starts(source)

    def index(line: int, col: int) -> int:
        if line - 1 >= len(starts):
            return len(source)
        return min(starts[line - 1] + col, len(source))

    out = source
    # back to front; insertions at one position keep their order in `edits` (as in LSP)
    ordered = sorted(enumerate(edits), key=lambda ie: (ie[1].span.line, ie[1].span.col, ie[0]))
    for _, e in reversed(ordered):
        a = index(e.span.line, e.span.col)
        b = index(e.span.end_line, e.span.end_col)
        out = out[:a] + e.new_text + out[b:]
    return out
