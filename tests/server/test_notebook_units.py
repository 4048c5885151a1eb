"""The notebook bookkeeping without a client: cells kept in order through LSP structure changes,
positions of the joined source mapped to cells and back, fix edits placed in cells."""

from __future__ import annotations

from lsprotocol import types

from jax_lsp.analysis import Finding, PathStep, Span
from jax_lsp.fixes import TextEdit
from jax_lsp.server.session.capabilities import ClientProfile
from jax_lsp.server.session.notebooks import Layout, NotebookStore

CODE = types.NotebookCellKind.Code
MARKUP = types.NotebookCellKind.Markup
NB = "file:///work/analysis.ipynb"


def cell_uri(n: int) -> str:
    return f"vscode-notebook-cell:/work/analysis.ipynb#W{n}sZmlsZQ%3D%3D"


def item(n: int, text: str, language: str = "python", version: int = 1) -> types.TextDocumentItem:
    return types.TextDocumentItem(uri=cell_uri(n), language_id=language, version=version, text=text)


def open_notebook(store: NotebookStore, cells: list[tuple[int, str, types.NotebookCellKind]]):
    params = types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=NB,
            notebook_type="jupyter-notebook",
            version=1,
            cells=[types.NotebookCell(kind=k, document=cell_uri(n)) for n, _, k in cells],
        ),
        cell_text_documents=[
            item(n, t, "python" if k == CODE else "markdown") for n, t, k in cells
        ],
    )
    notebook, gone = store.open(params)
    assert gone == []
    return notebook


def change(store: NotebookStore, version: int, **cells) -> tuple:
    result = store.change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(uri=NB, version=version),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(**cells) if cells else None,
                metadata={"kernelspec": {"name": "python3"}} if not cells else None,
            ),
        )
    )
    assert result is not None
    return result


def code(store: NotebookStore, notebook) -> list[str]:
    return [d.uri for d in store.code_cells(notebook)]


def test_structure_changes_keep_the_cells_in_order() -> None:
    store = NotebookStore()
    nb = open_notebook(
        store, [(0, "import jax\n", CODE), (1, "# title", MARKUP), (2, "x = 1\n", CODE)]
    )
    assert code(store, nb) == [cell_uri(0), cell_uri(2)]
    assert store.of_cell(cell_uri(1)) is nb and store.cell(cell_uri(1)) is not None
    revision = nb.revision

    # metadata only: the code did not change, nothing to lint
    _, removed, changed = change(store, 2)
    assert (removed, changed, nb.revision) == ([], False, revision)

    # an execution summary (cells.data, same kind) does not count either
    data = [types.NotebookCell(kind=CODE, document=cell_uri(0), metadata={"collapsed": True})]
    _, _, changed = change(store, 3, data=data)
    assert not changed

    # insert a cell after the first
    structure = types.NotebookDocumentCellChangeStructure(
        array=types.NotebookCellArrayChange(
            start=1, delete_count=0, cells=[types.NotebookCell(kind=CODE, document=cell_uri(3))]
        ),
        did_open=[item(3, "y = 2\n")],
    )
    _, removed, changed = change(store, 4, structure=structure)
    assert changed and removed == [] and nb.revision == revision + 1
    assert code(store, nb) == [cell_uri(0), cell_uri(3), cell_uri(2)]

    # move the last cell first (VS Code: delete and insert the same cell, no open or close)
    move_out = types.NotebookDocumentCellChangeStructure(
        array=types.NotebookCellArrayChange(start=3, delete_count=1)
    )
    move_in = types.NotebookDocumentCellChangeStructure(
        array=types.NotebookCellArrayChange(
            start=0, delete_count=0, cells=[types.NotebookCell(kind=CODE, document=cell_uri(2))]
        )
    )
    _, removed, _ = change(store, 5, structure=move_out)
    assert removed == [cell_uri(2)] and code(store, nb) == [cell_uri(0), cell_uri(3)]
    # its text document was not closed: it comes back as it was
    _, removed, _ = change(store, 6, structure=move_in)
    assert removed == [] and code(store, nb) == [cell_uri(2), cell_uri(0), cell_uri(3)]

    # a code cell turned markdown leaves the module
    to_markdown = [types.NotebookCell(kind=MARKUP, document=cell_uri(3))]
    _, _, changed = change(store, 7, data=to_markdown)
    assert changed and code(store, nb) == [cell_uri(2), cell_uri(0)]

    # delete a cell: it is reported as removed, and its text document is closed
    delete = types.NotebookDocumentCellChangeStructure(
        array=types.NotebookCellArrayChange(start=1, delete_count=1),
        did_close=[types.TextDocumentIdentifier(uri=cell_uri(0))],
    )
    _, removed, changed = change(store, 8, structure=delete)
    assert removed == [cell_uri(0)] and changed
    assert store.cell(cell_uri(0)) is None and store.of_cell(cell_uri(0)) is None

    # edit a cell's text (incrementally, in the cell's own positions)
    edit = types.NotebookDocumentCellContentChanges(
        document=types.VersionedTextDocumentIdentifier(uri=cell_uri(2), version=2),
        changes=[
            types.TextDocumentContentChangePartial(
                range=types.Range(
                    start=types.Position(line=0, character=4),
                    end=types.Position(line=0, character=5),
                ),
                text="42",
            )
        ],
    )
    _, _, changed = change(store, 8, text_content=[edit])
    assert changed and store.cell(cell_uri(2)).text == "x = 42\n"  # type: ignore[union-attr]
    assert store.layout(nb).text.startswith("x = 42\n")

    closed = store.close(NB)
    assert closed is nb and store.cell(cell_uri(2)) is None and len(store) == 0


def test_reopening_reports_the_cells_it_no_longer_has() -> None:
    store = NotebookStore()
    first = open_notebook(store, [(0, "a = 1\n", CODE), (1, "b = 2\n", CODE)])
    params = types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=NB,
            notebook_type="jupyter-notebook",
            version=2,
            cells=[types.NotebookCell(kind=CODE, document=cell_uri(1))],
        ),
        cell_text_documents=[item(1, "b = 2\n")],
    )
    second, gone = store.open(params)
    assert gone == [cell_uri(0)] and second.revision > first.revision


def layout_of(cells: list[str]) -> Layout:
    store = NotebookStore()
    store.encoding = "utf-16"
    nb = open_notebook(store, [(i, text, CODE) for i, text in enumerate(cells)])
    return store.layout(nb)


CELLS = [
    "%matplotlib inline\nimport jax\n",  # lines 1-2
    'def f(x):\n    s = "🎉"\n    return jax.pure_callback(g, s, x)',  # lines 3-5, no final newline
    "jax.grad(f)(1.0)\n",  # line 6
]


def test_spans_of_the_joined_source_land_in_their_cell() -> None:
    layout = layout_of(CELLS)
    assert layout.text.splitlines()[0] == ""  # the magic, neutralised in place
    assert layout.source.starts == (1, 3, 6)
    assert layout.locate(Span(5, 11, 5, 37)) == (1, Span(3, 11, 3, 37))
    assert layout.locate(Span(6, 0, 6, 8)) == (2, Span(1, 0, 1, 8))
    # a span running into the next cell ends with its own
    assert layout.locate(Span(4, 4, 6, 3)) == (1, Span(2, 4, 3, 37))


def test_a_finding_as_a_cell_sees_it() -> None:
    layout = layout_of(CELLS)
    finding = Finding(
        code="JAX001",
        message="`jax.pure_callback` is reached by `jax.grad` (line 6) through `f`",
        span=Span(5, 11, 5, 37),
        path=(
            PathStep(Span(6, 0, 6, 8), "`jax.grad` differentiates here"),
            PathStep(Span(6, 0, 6, 16), "calls `f`"),
            PathStep(Span(3, 0, 3, 1), "in another file", "/elsewhere/helpers.py"),
        ),
    )
    number, local = layout.localize(finding)
    assert number == 1 and local.span == Span(3, 11, 3, 37)
    assert "`jax.grad` (cell 3, line 1) through" in local.message
    files = [s.filename for s in local.path]
    assert files == ["cell 3", "cell 3", "/elsewhere/helpers.py"]
    assert layout.cell_findings(cell_uri(1), [finding]) == [local]
    assert layout.cell_findings(cell_uri(2), [finding]) == []

    profile = ClientProfile(encoding="utf-16", related_information=True)
    per_cell = layout.diagnostics([finding], profile)
    assert [len(v) for v in per_cell.values()] == [0, 1, 0]
    (diagnostic,) = per_cell[cell_uri(1)]
    assert diagnostic.range.start == types.Position(line=2, character=11)
    assert diagnostic.data["uri"] == cell_uri(1)
    related = diagnostic.related_information or []
    assert [r.location.uri for r in related] == [
        cell_uri(2),
        cell_uri(2),
        "file:///elsewhere/helpers.py",
    ]
    assert related[0].location.range.end == types.Position(line=0, character=8)


def test_cells_are_named_by_their_number_among_all_cells() -> None:
    # as Jupyter, ruff and the CLI's JSON number them: markdown and raw cells count
    store = NotebookStore()
    nb = open_notebook(
        store,
        [(0, "# Setup", MARKUP), (1, CELLS[0], CODE), (2, CELLS[1], CODE), (3, "text", MARKUP),
         (4, CELLS[2], CODE)],
    )
    layout = store.layout(nb)
    assert [(c.number, c.ordinal, c.label) for c in layout.cells] == [
        (0, 2, "cell 2"), (1, 3, "cell 3"), (2, 5, "cell 5")
    ]
    finding = Finding(
        code="JAX001",
        message="`jax.pure_callback` is reached by `jax.grad` (line 6) through `f`",
        span=Span(5, 11, 5, 37),
        path=(PathStep(Span(6, 0, 6, 8), "`jax.grad` differentiates here"),),
    )
    _, local = layout.localize(finding)
    assert "`jax.grad` (cell 5, line 1) through" in local.message
    assert [s.filename for s in local.path] == ["cell 5"]

    # a markdown cell inserted above changes no code but renumbers the cells: lint again
    structure = types.NotebookDocumentCellChangeStructure(
        array=types.NotebookCellArrayChange(
            start=0, delete_count=0, cells=[types.NotebookCell(kind=MARKUP, document=cell_uri(9))]
        ),
        did_open=[item(9, "# Title", "markdown")],
    )
    _, _, changed = change(store, 2, structure=structure)
    assert changed
    assert [c.label for c in store.layout(nb).cells] == ["cell 3", "cell 4", "cell 6"]
    # typing in a markdown cell changes nothing the findings depend on
    edit = types.NotebookDocumentCellContentChanges(
        document=types.VersionedTextDocumentIdentifier(uri=cell_uri(9), version=2),
        changes=[types.TextDocumentContentChangeWholeDocument(text="# Title, longer")],
    )
    _, _, changed = change(store, 3, text_content=[edit])
    assert not changed


def test_fix_edits_go_back_to_their_cells() -> None:
    layout = layout_of(CELLS)
    # an edit in cell 2 (after the emoji) and an insertion at the start of cell 3
    placed = layout.cell_edits(
        [TextEdit(Span(5, 29, 5, 30), "h"), TextEdit(Span(6, 0, 6, 0), "import numpy\n")]
    )
    assert placed is not None
    assert [(cell.uri, edits) for cell, edits in placed] == [
        (cell_uri(1), [TextEdit(Span(3, 29, 3, 30), "h")]),
        (cell_uri(2), [TextEdit(Span(1, 0, 1, 0), "import numpy\n")]),
    ]
    # up to the start of the next cell: to the end of this one (past its end: LineIndex clamps)
    [(cell, [edit])] = layout.cell_edits([TextEdit(Span(4, 0, 6, 0), "pass\n")])  # type: ignore[misc]
    assert cell.uri == cell_uri(1) and edit.span == Span(2, 0, 4, 0)
    assert cell.index.range(edit.span).end == types.Position(line=2, character=37)
    # across cells, or on the line of a magic: not placed
    assert layout.cell_edits([TextEdit(Span(4, 0, 6, 3), "")]) is None
    on_magic = [TextEdit(Span(1, 0, 1, 0), "# note\n"), TextEdit(Span(1, 0, 1, 5), "")]
    assert layout.cell_edits(on_magic) is None
    # an insertion before the magic's line is fine
    assert layout.cell_edits([TextEdit(Span(1, 0, 1, 0), "import numpy\n")]) == [
        (layout.cells[0], [TextEdit(Span(1, 0, 1, 0), "import numpy\n")])
    ]
