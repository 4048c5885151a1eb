"""Fixes on notebooks: the code cells are fixed as the one module the analysis sees, and the
fixed module is cut back into cells.

The joined module has one line per cell line (magics blanked, see `analysis.notebook`); a line
diff of the module before and after the fixes says which lines of which cell changed. An
inserted line goes to the cell of the line before it (new imports and helpers stay before their
use when the cells run in order); lines no fix touched keep their cell's original text, magics
included. The notebook is written back through `json` with the formatting it had (indent, ASCII
escapes, final newline), found by re-serialising it unchanged; a notebook whose text does not
survive that round trip, or a fix touching a magic or a dedented cell, is refused, so a notebook
is never rewritten in any other way than its changed cells' sources.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from typing import Any

from jax_lsp.analysis.notebook import (
    NotebookSource,
    join_cells,
    load_ipynb,
    python_code_cells,
)

__all__ = ["CellEdit", "NotebookCells", "NotebookFixError", "cell_edits", "read_notebook"]


_LINES = re.compile(r"[^\n]*\n|[^\n]+\Z")
#: a cell's lines as ruff counts its rows (\r\n, \r and \n end a line), each with its break
_ROWS = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class NotebookFixError(ValueError):
    """The fixed module cannot be written back into this notebook without other changes."""


@dataclass(frozen=True)
class CellChange:
    #: the cell's 1-based position among all cells (as ruff and Jupyter number them)
    number: int
    before: str
    after: str


@dataclass(frozen=True)
class CellEdit:
    """One replacement in one cell's text, in ruff's notebook terms: 1-based rows counted from
    the cell's first line and 1-based columns in characters, the end exclusive."""

    #: the cell's 1-based position among all cells
    cell: int
    row: int
    column: int
    end_row: int
    end_column: int
    content: str


def cell_edits(change: CellChange) -> list[CellEdit]:
    """`change` as edits of the cell's text: one per run of lines that differ, so that
    applying them to `change.before` gives `change.after` exactly."""
    before, after = _ROWS.findall(change.before), _ROWS.findall(change.after)

    def position(i: int) -> tuple[int, int]:
        """The row and column where line `i` of `before` starts (or the text ends)."""
        if i < len(before) or not before or before[-1].endswith(("\n", "\r")):
            return i + 1, 1
        return len(before), len(before[-1]) + 1

    edits = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            edits.append(CellEdit(change.number, *position(i1), *position(i2),
                                  "".join(after[j1:j2])))
    return edits


def _dump_options(text: str, nb: Any) -> dict[str, Any] | None:
    """The `json.dumps` options that reproduce `text` exactly from `nb`, if any."""
    for indent in (1, 2, 4, None, 3, "\t"):
        for ensure_ascii in (False, True):
            for separators in (None, (",", ":")):
                options = {"indent": indent, "ensure_ascii": ensure_ascii,
                           "separators": separators}
                try:
                    dumped = json.dumps(nb, **options)
                except RecursionError:  # as deep as json.loads could read: not rewritten
                    return None
                if text in (dumped, dumped + "\n"):
                    return {**options, "newline": text.endswith("\n")}
    return None


@dataclass(frozen=True)
class NotebookCells:
    """A notebook's JSON, its code cells and their joined module."""

    text: str
    nb: Any
    #: index in nb["cells"] of each code cell
    indices: tuple[int, ...]
    sources: tuple[str, ...]
    joined: NotebookSource

    def rebuild(self, fixed: str) -> tuple[str, tuple[CellChange, ...]]:
        """The notebook's text with the code cells of the fixed module `fixed`, and the cells
        that changed. Raises `NotebookFixError` when that cannot be done faithfully."""
        options = _dump_options(self.text, self.nb)
        if options is None:
            raise NotebookFixError("its JSON formatting cannot be kept")
        new_cells = self._split(fixed)
        changes = []
        nb = load_ipynb(self.text)
        for index, before, after in zip(self.indices, self.sources, new_cells):
            if after == before:
                continue
            cell = nb["cells"][index]
            original = cell.get("source", "")
            # nbformat's list form: each line with its line break
            cell["source"] = _LINES.findall(after) if isinstance(original, list) else after
            changes.append(CellChange(index + 1, before, after))
        newline = options.pop("newline")
        out = json.dumps(nb, **options) + ("\n" if newline else "")
        return out, tuple(changes)

    def _split(self, fixed: str) -> list[str]:
        """The cells' sources after the fixes (see the module docstring)."""
        before = self.joined.source.split("\n")[:-1]
        after = fixed.split("\n")
        if after and after[-1] == "":
            after.pop()
        else:
            raise NotebookFixError("the fixed code does not end with a line break")
        starts = [s - 1 for s in self.joined.starts]  # 0-based first line of each cell
        owner = [0] * len(before)
        for cell, start in enumerate(starts):
            end = starts[cell + 1] if cell + 1 < len(starts) else len(before)
            for i in range(start, end):
                owner[i] = cell
        originals = [_normalised(s).split("\n") for s in self.sources]
        lines: list[list[str]] = [[] for _ in self.sources]
        touched: set[int] = set()
        matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                for i in range(i1, i2):
                    lines[owner[i]].append(originals[owner[i]][i - starts[owner[i]]])
                continue
            for i in range(i1, i2):  # replaced or deleted lines must be plain Python
                cell = owner[i]
                if originals[cell][i - starts[cell]] != before[i]:
                    raise NotebookFixError("a fix changes an IPython magic or a dedented line")
            target = owner[i1] if i1 < i2 else (owner[i1 - 1] if i1 > 0 else 0)
            lines[target].extend(after[j1:j2])
            touched.add(target)
        out = []
        for cell, source in enumerate(self.sources):
            if cell not in touched:
                out.append(source)
                continue
            if self.joined.shifts and any(
                    owner[line - 1] == cell for line in self.joined.shifts):
                raise NotebookFixError("a fix changes a dedented cell")
            text = "\n".join(lines[cell])
            if source.endswith(("\n", "\r")) or not source:
                text += "\n"
            if "\r\n" in source:
                text = text.replace("\n", "\r\n")
            out.append(text)
        return out


def _normalised(cell: str) -> str:
    """The cell's text with the line breaks `join_cells` uses, and its lines as there."""
    text = cell.replace("\r\n", "\n").replace("\r", "\n")
    return text[:-1] if text.endswith("\n") else text


def read_notebook(text: str) -> NotebookCells:
    """Parse a `.ipynb` document (nbformat 4); raises ValueError when it is not one."""
    nb = load_ipynb(text)
    if "cells" not in nb:
        raise ValueError("not a notebook: no list of cells")
    cells = python_code_cells(nb)
    sources = [src for _, src in cells]
    return NotebookCells(text, nb, tuple(i for i, _ in cells), tuple(sources),
                         join_cells(sources))
