"""Notebooks (LSP 3.17 ``notebookDocument/*``): the Python code cells of a notebook analysed
together, in order, as one module, and everything found mapped back to the cell it is in.

A notebook is linted like one more document, keyed by the notebook's URI: its text is the
joined source of its code cells (`jax_lsp.analysis.notebook.join_cells`: magics neutralised,
one source line per cell line) and its version a `revision` bumped on every change to the code
cells. The scheduler therefore coalesces, analyses in the child process, carries findings over a
syntax error and drops stale results for notebooks exactly as for files. A `Layout` then maps
positions of the joined source to (cell, cell-relative position): diagnostics are split per cell
URI with ranges from that cell's own `LineIndex` (so in the negotiated encoding), path steps in
another cell point at that cell, and fix edits go back to the cells they fall in.

Cells whose kind is markdown, or whose language is not Python, are not part of the module, but
the server asks for them too: messages name a cell by its number among all the notebook's cells
("cell 5"), as Jupyter, ruff and `jax-lsp check` do, and only a client that sends every cell lets
the server count them (vscode-languageclient sends only the cells a selector's languages match).
"""

from __future__ import annotations

import bisect
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from lsprotocol import types

from jax_lsp.analysis import Finding, PathStep, Span
from jax_lsp.analysis.notebook import (
    PYTHON_LANGUAGES,
    NotebookSource,
    join_cells,
    site_in_cell_terms,
)
from jax_lsp.fixes.model import TextEdit
from jax_lsp.server.session.capabilities import ClientProfile
from jax_lsp.server.session.documents import Document, path_of
from jax_lsp.server.session.lint import to_diagnostic
from jax_lsp.server.session.positions import LineIndex

__all__ = [
    "NOTEBOOK_SYNC",
    "CellView",
    "Layout",
    "Notebook",
    "NotebookStore",
]

log = logging.getLogger(__name__)

#: the cells jax-lsp asks the client to synchronise: every cell of Jupyter notebooks (the Python
#: ones are analysed; the others are needed to number cells as Jupyter and ruff do)
NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[types.NotebookDocumentFilterWithNotebook(notebook="jupyter-notebook")],
    save=False,
)


@dataclass(frozen=True)
class CellView:
    """One code cell as it was when a `Layout` was made."""

    uri: str
    version: int
    index: LineIndex
    #: the cell's 0-based position among the code cells
    number: int
    #: the cell's 1-based position among all the notebook's cells, markdown ones included
    ordinal: int

    @property
    def label(self) -> str:
        """How messages name the cell: ``cell 5``, counting every cell as Jupyter, ruff and the
        CLI's ``cell`` field do."""
        return f"cell {self.ordinal}"


@dataclass(frozen=True)
class Layout:
    """Where each code cell of one revision of a notebook lies in the joined source."""

    source: NotebookSource
    cells: tuple[CellView, ...]
    _lines: tuple[str, ...] = field(repr=False)

    @classmethod
    def of(cls, code_cells: Sequence[tuple[int, Document]]) -> Layout:
        """The layout of the code cells, each with its 1-based position among all cells."""
        source = join_cells([d.text for _, d in code_cells])
        cells = tuple(
            CellView(d.uri, d.version, d.index, i, ordinal)
            for i, (ordinal, d) in enumerate(code_cells)
        )
        return cls(source, cells, tuple(source.source.split("\n")))

    @property
    def text(self) -> str:
        """The joined source: what the analysis sees."""
        return self.source.source

    def position(self, uri: str) -> int | None:
        """The number of the code cell `uri`, or None."""
        return next((c.number for c in self.cells if c.uri == uri), None)

    # -- joined source <-> cells ---------------------------------------------------------------

    def _cell_of_line(self, line: int) -> int:
        return max(bisect.bisect_right(self.source.starts, line) - 1, 0)

    def _line_count(self, number: int) -> int:
        """How many lines of the joined source the cell takes (the source ends with a line
        break, so its last element after splitting is not a line)."""
        starts = self.source.starts
        end = starts[number + 1] if number + 1 < len(starts) else len(self._lines)
        return end - starts[number]

    def locate(self, span: Span) -> tuple[int, Span]:
        """(cell number, span in that cell) of a span of the joined source. A span that runs
        into the next cell ends at the end of its first cell."""
        number = self._cell_of_line(span.line)
        start = self.source.starts[number]
        line = span.line - start + 1
        end_line = span.end_line - start + 1
        end_col = self.source.column(span.end_line, span.end_col)
        last = self._line_count(number)
        if end_line > last:
            end_line = last
            end_col = len(self.cells[number].index.line_text(last - 1))
        return number, Span(line, self.source.column(span.line, span.col), end_line, end_col)

    def local_span(self, finding: Finding, number: int) -> Span | None:
        """The finding's span in cell `number`, or None if it is in another cell."""
        where, span = self.locate(finding.span)
        return span if where == number else None

    # -- findings as a cell sees them ----------------------------------------------------------

    def message(self, finding: Finding, number: int) -> str:
        """The finding's message with the differentiation site's line said in cell terms (the
        analysis names it by its line in the joined source)."""
        return site_in_cell_terms(self.source, finding, number, lambda n: self.cells[n].label)

    def localize(self, finding: Finding) -> tuple[int, Finding]:
        """(cell number, the finding in that cell's positions). Path steps in that cell keep no
        file name; steps in other cells are named after their cell (``cell 3``)."""
        number, span = self.locate(finding.span)
        steps = []
        for step in finding.path:
            if step.filename is not None:
                steps.append(step)
                continue
            where, local = self.locate(step.span)
            steps.append(
                PathStep(local, step.label, None if where == number else self.cells[where].label)
            )
        operands = tuple(
            local for where, local in map(self.locate, finding.operand_spans) if where == number
        )
        return number, replace(
            finding,
            message=self.message(finding, number),
            span=span,
            path=tuple(steps),
            operand_spans=operands,
        )

    def cell_findings(self, uri: str, findings: Sequence[Finding]) -> list[Finding]:
        """The findings in cell `uri`, in its positions."""
        number = self.position(uri)
        if number is None:
            return []
        out = []
        for finding in findings:
            where, local = self.localize(finding)
            if where == number:
                out.append(local)
        return out

    def _step_location(self, step: PathStep) -> types.Location | None:
        if step.filename is not None:
            return None  # another file: to_diagnostic places it
        where, span = self.locate(step.span)
        cell = self.cells[where]
        return types.Location(uri=cell.uri, range=cell.index.range(span))

    def diagnostic(
        self, finding: Finding, profile: ClientProfile
    ) -> tuple[CellView, types.Diagnostic]:
        """The finding (positions of the joined source) as a diagnostic of its cell."""
        number, span = self.locate(finding.span)
        cell = self.cells[number]
        local = replace(finding, span=span, message=self.message(finding, number))
        return cell, to_diagnostic(
            local, cell.index, cell.uri, cell.version, profile, locate=self._step_location
        )

    def diagnostics(
        self, findings: Sequence[Finding], profile: ClientProfile
    ) -> dict[str, list[types.Diagnostic]]:
        """Every code cell's diagnostics (an empty list for a cell without any)."""
        out: dict[str, list[types.Diagnostic]] = {c.uri: [] for c in self.cells}
        for finding in findings:
            cell, diagnostic = self.diagnostic(finding, profile)
            out[cell.uri].append(diagnostic)
        return out

    # -- fixes -----------------------------------------------------------------------------------

    def cell_edits(
        self, edits: Sequence[TextEdit]
    ) -> list[tuple[CellView, list[TextEdit]]] | None:
        """Edits of the joined source as edits of cells, grouped by cell in cell order; None if
        one cannot be placed in a cell: it spans cells, or touches a line that is not the same
        in the cell (a neutralised magic)."""
        by_cell: dict[int, list[TextEdit]] = {}
        for edit in edits:
            span = edit.span
            number = self._cell_of_line(span.line)
            start = self.source.starts[number]
            last = start + self._line_count(number) - 1  # the cell's last line in the source
            # an edit may run up to the start of the next cell (the end of this one, with the
            # line break join_cells added, which the cell may lack: LineIndex clamps to its end)
            if span.end_line > last and (span.end_line, span.end_col) != (last + 1, 0):
                return None
            cell = self.cells[number]
            # what a line holds does not matter to an insertion before it
            if (span.col, span.end_line, span.end_col) != (0, span.line, 0):
                for line in range(span.line, min(span.end_line, last) + 1):
                    if self._lines[line - 1] != cell.index.line_text(line - start):
                        return None
            local = Span(span.line - start + 1, span.col, span.end_line - start + 1, span.end_col)
            by_cell.setdefault(number, []).append(TextEdit(local, edit.new_text))
        return [(self.cells[n], by_cell[n]) for n in sorted(by_cell)]


@dataclass(eq=False)
class Notebook:
    """One open notebook: its cells in order, and what was last reported for each."""

    uri: str
    notebook_type: str
    #: the client's notebook version (cell text edits may not change it)
    version: int
    path: Path | None
    #: (cell document URI, kind), in notebook order, every kind
    cells: list[tuple[str, types.NotebookCellKind]] = field(default_factory=list)
    #: bumped on every change to the code cells: the "version" the scheduler lints
    revision: int = 0
    #: per cell URI: the (cell version, diagnostics) last published or pulled
    reported: dict[str, tuple[int, tuple[types.Diagnostic, ...]]] = field(default_factory=dict)
    #: the `result_id` of the report `reported` comes from
    result_id: str | None = None
    _layout: Layout | None = field(default=None, repr=False)


class NotebookStore:
    """The open notebooks by URI, and the text documents of their cells."""

    def __init__(self) -> None:
        self._notebooks: dict[str, Notebook] = {}
        self._cells: dict[str, Document] = {}
        self._owner: dict[str, str] = {}
        self.encoding = types.PositionEncodingKind.Utf16.value

    def __iter__(self) -> Iterator[Notebook]:
        return iter(list(self._notebooks.values()))

    def __len__(self) -> int:
        return len(self._notebooks)

    def get(self, uri: str) -> Notebook | None:
        return self._notebooks.get(uri)

    def cell(self, uri: str) -> Document | None:
        """The text document of a cell of an open notebook."""
        return self._cells.get(uri)

    def of_cell(self, uri: str) -> Notebook | None:
        owner = self._owner.get(uri)
        return None if owner is None else self._notebooks.get(owner)

    def layout(self, notebook: Notebook) -> Layout:
        """The layout of the notebook's current code cells (made once per revision)."""
        if notebook._layout is None:
            notebook._layout = Layout.of(self._numbered_code_cells(notebook))
        return notebook._layout

    def code_cells(self, notebook: Notebook) -> list[Document]:
        return [doc for _, doc in self._numbered_code_cells(notebook)]

    def _numbered_code_cells(self, notebook: Notebook) -> list[tuple[int, Document]]:
        """The Python code cells, each with its 1-based position among all cells."""
        out = []
        for ordinal, (uri, kind) in enumerate(notebook.cells, 1):
            doc = self._cells.get(uri)
            if (
                kind == types.NotebookCellKind.Code
                and doc is not None
                and doc.language_id.lower() in PYTHON_LANGUAGES
            ):
                out.append((ordinal, doc))
        return out

    def _signature(self, notebook: Notebook) -> tuple[tuple[int, str, int, str], ...]:
        """What the findings depend on: the code cells, and their numbers (a markdown cell
        inserted above renumbers the cells that messages name)."""
        return tuple(
            (n, d.uri, d.version, d.text) for n, d in self._numbered_code_cells(notebook)
        )

    def _open_cell(self, item: types.TextDocumentItem, notebook: Notebook) -> None:
        self._cells[item.uri] = Document(
            uri=item.uri,
            version=item.version,
            text=item.text,
            language_id=item.language_id,
            encoding=self.encoding,
        )
        self._owner[item.uri] = notebook.uri

    def _close_cell(self, uri: str, notebook: Notebook) -> None:
        if self._owner.get(uri) == notebook.uri:
            self._cells.pop(uri, None)
            del self._owner[uri]

    def _touch(self, notebook: Notebook) -> None:
        notebook.revision += 1
        notebook._layout = None

    # -- notifications -------------------------------------------------------------------------

    def open(self, params: types.DidOpenNotebookDocumentParams) -> tuple[Notebook, list[str]]:
        """Open (or re-open) a notebook: it and the cell URIs it no longer has (to clear)."""
        item = params.notebook_document
        notebook = Notebook(
            uri=item.uri,
            notebook_type=item.notebook_type,
            version=item.version,
            path=path_of(item.uri),
            cells=[(c.document, c.kind) for c in item.cells],
            revision=1,
        )
        gone: list[str] = []
        previous = self.close(item.uri)
        if previous is not None:  # opened again: what the client shows stays accounted for
            kept = {uri for uri, _ in notebook.cells}
            gone = [uri for uri, _ in previous.cells if uri not in kept]
            notebook.revision = previous.revision + 1
            notebook.reported = {u: r for u, r in previous.reported.items() if u in kept}
        self._notebooks[item.uri] = notebook
        for doc in params.cell_text_documents:
            self._open_cell(doc, notebook)
        return notebook, gone

    def change(
        self, params: types.DidChangeNotebookDocumentParams
    ) -> tuple[Notebook, list[str], bool] | None:
        """Apply one ``didChange``: the notebook, the cell URIs it lost, and whether its code
        changed (metadata and execution summaries do not count). None if it is not open."""
        notebook = self._notebooks.get(params.notebook_document.uri)
        if notebook is None:
            log.warning("notebook didChange for a notebook that is not open: %s",
                        params.notebook_document.uri)
            return None
        before = self._signature(notebook)
        had = {uri for uri, _ in notebook.cells}
        notebook.version = params.notebook_document.version
        cells = params.change.cells
        if cells is not None:
            if cells.structure is not None:
                array = cells.structure.array
                new = [(c.document, c.kind) for c in array.cells or []]
                notebook.cells[array.start : array.start + array.delete_count] = new
                for closed in cells.structure.did_close or []:
                    self._close_cell(closed.uri, notebook)
                for opened in cells.structure.did_open or []:
                    self._open_cell(opened, notebook)
            kinds = {c.document: c.kind for c in cells.data or []}
            if kinds:
                notebook.cells = [(uri, kinds.get(uri, kind)) for uri, kind in notebook.cells]
            for content in cells.text_content or []:
                doc = self._cells.get(content.document.uri)
                if doc is None or self._owner.get(doc.uri) != notebook.uri:
                    log.warning("text change for a cell that is not open: %s", content.document.uri)
                    continue
                doc.apply(content.changes, content.document.version)
        # a cell taken out of the array without a didClose of its text document stays open: it
        # may come back (a move sent as a deletion, then an insertion)
        now = {uri for uri, _ in notebook.cells}
        changed = self._signature(notebook) != before
        if changed:
            self._touch(notebook)
        return notebook, sorted(had - now), changed

    def close(self, uri: str) -> Notebook | None:
        notebook = self._notebooks.pop(uri, None)
        if notebook is None:
            return None
        for cell_uri in [u for u, owner in self._owner.items() if owner == uri]:
            self._close_cell(cell_uri, notebook)
        return notebook

