"""Where a notebook's findings lie, in the two numberings ruff's output formats use for a
notebook, so that a pipeline written for ruff reads jax-lsp's positions the same way.

- In a cell: the cell's number among all cells (markdown and raw ones too), rows counted from
  the cell's first line (concise, full, grouped, json, json-lines).
- In ruff's concatenated text (sarif, rdjson, and grouped's alignment): ruff joins the code
  cells it parses as Python, each followed by one line break, so a cell that ends with a line
  break is followed by a blank row; it leaves out the cells it does not parse (a cell magic
  other than the few that run Python, an automagic first line, a VS Code language other than
  Python). This differs from the source jax-lsp analyses (`analysis.notebook.join_cells`: one
  line per cell line, non-Python cell magics kept as blank lines).

The other formats have no notebook positions in ruff: github, gitlab, pylint and azure locate
a notebook finding at row 1, column 1, and junit gives none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.notebook import (
    NotebookSource,
    code_cells_of_ipynb,
    is_python_code_cell,
    join_cells,
    load_ipynb,
)
from jax_lsp.checker.results import FileResult, split_lines

__all__ = ["NotebookLayout", "notebook_layouts", "ruff_joins_cell"]

#: ruff's automagics: a cell whose first line starts with one (not followed by an assignment)
#: is left out, as IPython runs it as a shell-like command (ruff_notebook's `cell.rs`)
_RUFF_AUTOMAGICS = frozenset(
    {
        "alias", "alias_magic", "autoawait", "autocall", "automagic", "bookmark", "cd",
        "code_wrap", "colors", "conda", "config", "debug", "dhist", "dirs", "doctest_mode",
        "edit", "env", "gui", "history", "killbgscripts", "load", "load_ext", "loadpy", "logoff",
        "logon", "logstart", "logstate", "logstop", "lsmagic", "macro", "magic", "mamba",
        "matplotlib", "micromamba", "notebook", "page", "pastebin", "pdb", "pdef", "pdoc",
        "pfile", "pinfo", "pinfo2", "pip", "popd", "pprint", "precision", "prun", "psearch",
        "psource", "pushd", "pwd", "pycat", "pylab", "quickref", "recall", "rehashx",
        "reload_ext", "rerun", "reset", "reset_selective", "run", "save", "sc", "set_env", "sx",
        "system", "tb", "time", "timeit", "unalias", "unload_ext", "who", "who_ls", "whos",
        "xdel", "xmode",
    }
)
_ASSIGNMENTS = frozenset({"=", "+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^="})
#: the cell magics whose body ruff still reads as Python
_RUFF_PYTHON_CELL_MAGICS = frozenset(
    {"capture", "debug", "ipytest", "prun", "pypy", "python", "python3", "time", "timeit"}
)
_ROW_BREAK = re.compile(r"\r\n|\r|\n")


def _source_lines(cell: dict[str, Any]) -> list[str]:
    source = cell.get("source", "")
    if isinstance(source, list):
        return [str(line) for line in source]
    return str(source).split("\n")


def ruff_joins_cell(cell: object) -> bool:
    """Whether ruff puts this cell of a `.ipynb` document into the text it checks."""
    if not isinstance(cell, dict) or cell.get("cell_type") != "code":
        return False
    metadata = cell.get("metadata")
    vscode = metadata.get("vscode") if isinstance(metadata, dict) else None
    if isinstance(vscode, dict) and vscode.get("languageId", "python") != "python":
        return False
    lines = _source_lines(cell)
    if lines:
        tokens = lines[0].split()
        if tokens and tokens[0] in _RUFF_AUTOMAGICS and (
                len(tokens) < 2 or tokens[1] not in _ASSIGNMENTS):
            return False
    for line in lines:
        first = next(iter(line.split()), "")
        if len(first) >= 2 and first.startswith("%%") and \
                first[2:] not in _RUFF_PYTHON_CELL_MAGICS:
            return False
    return True


def _ruff_starts(nb: dict[str, Any], numbers: Sequence[int]) -> list[int]:
    """The row of ruff's concatenated text where each of the cells `numbers` starts (a cell
    ruff leaves out: where it would start)."""
    starts: dict[int, int] = {}
    row = 1
    for number, cell in enumerate(nb.get("cells", []), 1):
        starts[number] = row
        if ruff_joins_cell(cell):
            source = cell.get("source", "")
            text = "".join(map(str, source)) if isinstance(source, list) else str(source)
            row += len(_ROW_BREAK.findall(text)) + 1
    return [starts[n] for n in numbers]


@dataclass(frozen=True)
class NotebookLayout:
    """Where a notebook's code cells lie in the source that was analysed (the joined cells),
    each code cell's number among all cells, its own text, and the row of ruff's concatenated
    text where it starts."""

    nb: NotebookSource
    numbers: list[int]
    cells: list[str]
    ruff_starts: list[int]
    #: the numbers of the cells ruff puts into its concatenated text
    ruff_joined: frozenset[int]

    def place(self, span: Span) -> tuple[int, Span]:
        """The number of the cell `span` starts in, and `span` in that cell's rows and
        columns (as ruff reports notebook positions)."""
        cell, row = self.nb.locate(span.line)
        end_row = span.end_line - self.nb.starts[cell] + 1
        return self.numbers[cell], Span(row, self.nb.column(span.line, span.col), end_row,
                                        self.nb.column(span.end_line, span.end_col))

    def lines(self, number: int) -> list[str]:
        return split_lines(self.cells[self.numbers.index(number)])

    def ruff_row(self, number: int, row: int) -> int:
        """Row `row` of cell `number` as a row of ruff's concatenated text."""
        return self.ruff_starts[self.numbers.index(number)] + row - 1

    def in_ruff_text(self, span: Span) -> Span:
        """`span` (of the analysed source) in rows of ruff's concatenated text."""
        number, s = self.place(span)
        return Span(self.ruff_row(number, s.line), s.col, self.ruff_row(number, s.end_line),
                    s.end_col)


def notebook_layout(r: FileResult) -> NotebookLayout | None:
    """The layout of the notebook `r` was read from (None for a module, or when the notebook
    cannot be read again or has changed since)."""
    if not r.abspath.endswith(".ipynb") or r.source is None:
        return None
    try:
        text = r.notebook()
        nb = load_ipynb(text)
        cells = code_cells_of_ipynb(text)
        joined = join_cells(cells)
        numbers = [i for i, c in enumerate(nb.get("cells", []), 1) if is_python_code_cell(c)]
        starts = _ruff_starts(nb, numbers)
        ruff_joined = frozenset(i for i, c in enumerate(nb["cells"], 1) if ruff_joins_cell(c))
    except (OSError, UnicodeDecodeError, ValueError, AttributeError, TypeError, KeyError):
        return None
    if joined.source != r.source:
        return None
    return NotebookLayout(joined, numbers, cells, starts, ruff_joined)


def notebook_layouts(results: Sequence[FileResult]) -> dict[int, NotebookLayout | None]:
    """Each result's notebook layout, by `id` of the result."""
    return {id(r): notebook_layout(r) for r in results}
