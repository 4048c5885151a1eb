"""Notebooks: the code cells of a notebook analysed together, in order, as one module.

Cells are joined into one source; IPython magics and shell escapes (`%time`, `!pip`, `%%bash`
cells) become blank lines so that line numbers stay put. Findings are then mapped back to the
cell they fall in, with cell-relative positions.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from jax_lsp.analysis.engine import AnalysisConfig, AnalysisResult, analyze_source
from jax_lsp.analysis.findings import Finding, ParseError, PathStep, Span
from jax_lsp.analysis.workspace import Workspace


@dataclass(frozen=True)
class CellFinding:
    """A finding in one cell: `cell` is the index among the notebook's code cells."""

    cell: int
    finding: Finding


@dataclass(frozen=True)
class NotebookSource:
    source: str
    #: the 1-based line of the joined source where each code cell starts
    starts: tuple[int, ...]

    def locate(self, line: int) -> tuple[int, int]:
        """(cell index, cell-relative 1-based line) of a line of the joined source."""
        cell = 0
        for i, start in enumerate(self.starts):
            if start <= line:
                cell = i
        return cell, line - self.starts[cell] + 1


def _neutralize(cell: str) -> str:
    """The cell as Python, one line per line of the cell, ending with a newline."""
    lines = cell.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    if lines and lines[0].lstrip().startswith("%%"):
        return "\n" * len(lines)
    out = []
    for line in lines:
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")) or (stripped.endswith("?") and " " not in stripped):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}pass" if indent else "")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


_LINE_BREAK = re.compile(r"\r\n?")


def join_cells(cells: list[str]) -> NotebookSource:
    """The cells as one module. Line breaks become ``\\n`` (a lone ``\\r`` ends a line for
    Python and LSP alike), so each cell line is one line of the source."""
    parts: list[str] = []
    starts: list[int] = []
    line = 1
    for cell in cells:
        text = _neutralize(_LINE_BREAK.sub("\n", cell))
        starts.append(line)
        parts.append(text)
        line += text.count("\n")
    return NotebookSource("".join(parts), tuple(starts))


def code_cells_of_ipynb(text: str) -> list[str]:
    """The sources of the code cells of a `.ipynb` document (nbformat 4)."""
    nb = json.loads(text)
    cells = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        src = cell.get("source", "")
        cells.append("".join(src) if isinstance(src, list) else str(src))
    return cells


def _map_span(nb: NotebookSource, span: Span) -> tuple[int, Span]:
    cell, line = nb.locate(span.line)
    end_cell, end_line = nb.locate(span.end_line)
    if end_cell != cell:
        end_line, end_col = line, span.col
    else:
        end_col = span.end_col
    return cell, Span(line, span.col, end_line, end_col)


def analyze_cells(
    cells: list[str],
    filename: str = "<notebook>",
    config: AnalysisConfig | None = None,
    workspace: Workspace | None = None,
) -> tuple[list[CellFinding], ParseError | None, NotebookSource]:
    """Analyse the code cells as one module; findings carry cell-relative positions. Path
    steps in the notebook get a `filename` of `"<cell N>"` when they are in another cell."""
    nb = join_cells(cells)
    result: AnalysisResult = analyze_source(nb.source, filename, config, workspace)
    error = result.error
    if error is not None:
        cell, line = nb.locate(error.line)
        error = ParseError(f"cell {cell + 1}: {error.message}", line, error.col)
    out = []
    for f in result.findings:
        cell, span = _map_span(nb, f.span)
        steps = []
        for st in f.path:
            if st.filename is None:
                c, s = _map_span(nb, st.span)
                steps.append(PathStep(s, st.label, None if c == cell else f"<cell {c + 1}>"))
            else:
                steps.append(st)
        operand_spans = tuple(_map_span(nb, s)[1] for s in f.operand_spans)
        out.append(
            CellFinding(cell, replace(f, span=span, path=tuple(steps), operand_spans=operand_spans))
        )
    return out, error, nb
