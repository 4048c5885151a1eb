"""Notebooks over LSP (``notebookDocument/*``): the code cells analysed together, in order, as
one module; each diagnostic in the cell it is in, at a cell-relative range in the client's
encoding, with path steps pointing at the other cells; edits, deleted cells and closing clear
them; hover and code actions work on a cell; the CLI says the same of the ``.ipynb`` file.

Two clients that synchronise notebooks: VS Code (utf-16, pushed diagnostics, as the extension
runs it) and Neovim's capabilities (utf-8, pulled diagnostics) with notebook synchronisation
added, so that both ways of delivering a cell's diagnostics are covered.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import attrs
import pytest
import pytest_lsp
from lsp_harness import (
    PROFILES,
    Profile,
    Session,
    apply_text_edits,
    find,
    initialize,
    server_config,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

from jax_lsp.analysis.notebook import analyze_cells

pytestmark = pytest.mark.asyncio(loop_scope="module")

CODE = types.NotebookCellKind.Code
MARKUP = types.NotebookCellKind.Markup

IMPORTS = "%matplotlib inline\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n"
#: an emoji (two UTF-16 units, four UTF-8 bytes) before the callback on its line
CALLBACK = """\
def host_sin(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    label, y = "🎉 sin", jax.pure_callback(np.sin, spec, x)
    return y
"""
MARKDOWN = "# The loss\n\nA *helper* between the callback and the gradient.\n"
HELPER = "def loss(x):\n    return jnp.sum(host_sin(x))\n"
GRAD = "g = jax.grad(loss)(jnp.ones(3))"
GRAD_STOPPED = "g = jax.grad(lambda x: loss(jax.lax.stop_gradient(x)))(jnp.ones(3))"

CALL = "jax.pure_callback(np.sin, spec, x)"


def notebook_profile(name: str) -> Profile:
    """The client's profile, declaring notebook synchronisation as vscode-languageclient 8+
    does (the recorded capabilities predate it)."""
    profile = PROFILES[name]
    sync = types.NotebookDocumentSyncClientCapabilities(
        dynamic_registration=True, execution_summary_support=True
    )
    caps = attrs.evolve(
        profile.capabilities,
        notebook_document=types.NotebookDocumentClientCapabilities(synchronization=sync),
    )
    return replace(profile, capabilities=caps)


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"], scope="module")
async def client(
    lsp_client: LanguageClient, request: pytest.FixtureRequest, tmp_path_factory: Any
) -> AsyncIterator[None]:
    profile = notebook_profile(request.param)
    root = tmp_path_factory.mktemp(f"nb-{profile.name}")
    lsp_client.init_result = await initialize(lsp_client, profile, root)  # type: ignore[attr-defined]
    lsp_client.profile = profile  # type: ignore[attr-defined]
    lsp_client.root = root  # type: ignore[attr-defined]
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), 30)


@pytest.fixture
def session(client: LanguageClient) -> Session:
    return Session(client, client.profile, client.root)  # type: ignore[attr-defined]


# -- a notebook as the client holds it ---------------------------------------------------------


@dataclass
class Cell:
    uri: str
    text: str
    kind: types.NotebookCellKind = CODE
    language: str = "python"
    version: int = 1

    def item(self) -> types.TextDocumentItem:
        return types.TextDocumentItem(
            uri=self.uri, language_id=self.language, version=self.version, text=self.text
        )

    def cell(self) -> types.NotebookCell:
        return types.NotebookCell(kind=self.kind, document=self.uri)


_notebooks = 0


@dataclass
class Notebook:
    """A notebook open in the client; sends what VS Code sends for each change."""

    session: Session
    uri: str
    cells: list[Cell]
    version: int = 1
    path: Path = field(default_factory=Path)

    @classmethod
    def open(cls, session: Session, sources: Sequence[str | tuple[str, str]]) -> Notebook:
        """Open a notebook of code cells (strings) and markdown cells (("markdown", text))."""
        global _notebooks
        _notebooks += 1
        path = session.root / f"nb{_notebooks}" / "analysis.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        cells = [cls._cell(path, i, source) for i, source in enumerate(sources)]
        nb = cls(session, path.as_uri(), cells, path=path)
        session.client.notebook_document_did_open(
            types.DidOpenNotebookDocumentParams(
                notebook_document=types.NotebookDocument(
                    uri=nb.uri,
                    notebook_type="jupyter-notebook",
                    version=nb.version,
                    cells=[c.cell() for c in cells],
                ),
                cell_text_documents=[c.item() for c in cells],
            )
        )
        return nb

    @staticmethod
    def _cell(path: Path, n: int, source: str | tuple[str, str]) -> Cell:
        # the shape of VS Code's cell URIs: the notebook's path, the cell's handle as fragment
        uri = f"vscode-notebook-cell:{path.as_posix()}#W{n}sZmlsZQ%3D%3D"
        if isinstance(source, tuple):
            return Cell(uri, source[1], MARKUP, source[0])
        return Cell(uri, source)

    def code_cells(self) -> list[Cell]:
        return [c for c in self.cells if c.kind == CODE]

    def _change(self, change: types.NotebookDocumentChangeEvent) -> None:
        self.session.client.notebook_document_did_change(
            types.DidChangeNotebookDocumentParams(
                notebook_document=types.VersionedNotebookDocumentIdentifier(
                    uri=self.uri, version=self.version
                ),
                change=change,
            )
        )

    def edit(self, cell: Cell, text: str) -> None:
        """Replace a cell's text (VS Code leaves the notebook version as it is)."""
        cell.version += 1
        cell.text = text
        self._change(
            types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(
                                uri=cell.uri, version=cell.version
                            ),
                            changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
                        )
                    ]
                )
            )
        )

    def delete(self, cell: Cell) -> None:
        index = self.cells.index(cell)
        del self.cells[index]
        self.version += 1
        self._change(
            types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    structure=types.NotebookDocumentCellChangeStructure(
                        array=types.NotebookCellArrayChange(start=index, delete_count=1),
                        did_close=[types.TextDocumentIdentifier(uri=cell.uri)],
                    )
                )
            )
        )

    def insert(self, index: int, source: str | tuple[str, str]) -> Cell:
        cell = self._cell(self.path, 100 + len(self.cells), source)
        self.cells.insert(index, cell)
        self.version += 1
        self._change(
            types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    structure=types.NotebookDocumentCellChangeStructure(
                        array=types.NotebookCellArrayChange(
                            start=index, delete_count=0, cells=[cell.cell()]
                        ),
                        did_open=[cell.item()],
                    )
                )
            )
        )
        return cell

    def close(self) -> None:
        self.session.client.notebook_document_did_close(
            types.DidCloseNotebookDocumentParams(
                notebook_document=types.NotebookDocumentIdentifier(uri=self.uri),
                cell_text_documents=[types.TextDocumentIdentifier(uri=c.uri) for c in self.cells],
            )
        )

    def write_ipynb(self) -> Path:
        """The same notebook as a file (nbformat 4), for the CLI."""
        cells = [
            {
                "cell_type": "code" if c.kind == CODE else "markdown",
                "metadata": {},
                "source": c.text.splitlines(keepends=True),
                **({"execution_count": None, "outputs": []} if c.kind == CODE else {}),
            }
            for c in self.cells
        ]
        doc = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
        self.path.write_text(json.dumps(doc), encoding="utf-8")
        return self.path


async def cell_diagnostics(
    session: Session, cell: Cell, count: int | None = None
) -> list[types.Diagnostic]:
    """A cell's diagnostics once the server has analysed the notebook as it is now: pulled, or
    the last pushed (waiting until there are `count` of them for the cell's version)."""
    if session.profile.pull:
        return await session.diagnostics(cell.uri, cell.version)
    published = session.client.published[cell.uri]  # type: ignore[attr-defined]
    if count is not None:
        await session.wait_for_publish(
            cell.uri,
            lambda p: p is published[-1]
            and len(p.diagnostics) == count
            and p.version in (None, cell.version),
        )
    await sync(session, cell)  # every publish sent before now has arrived
    return list(published[-1].diagnostics) if published else []


async def sync(session: Session, cell: Cell) -> None:
    """A round trip: the notifications the server sent before its answer have arrived."""
    await session.request(
        session.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=cell.uri),
                position=types.Position(line=0, character=0),
            )
        )
    )


def standard(session: Session) -> tuple[Notebook, Cell, Cell, Cell]:
    nb = Notebook.open(session, [IMPORTS, CALLBACK, ("markdown", MARKDOWN), HELPER, GRAD])
    _, callback, _, helper, grad = nb.cells
    return nb, callback, helper, grad


# -- the tests -------------------------------------------------------------------------------


async def test_the_server_advertises_notebook_sync(session: Session) -> None:
    sync_options = session.client.init_result.capabilities.notebook_document_sync  # type: ignore[attr-defined]
    assert isinstance(sync_options, types.NotebookDocumentSyncOptions)
    (selector,) = sync_options.notebook_selector
    assert selector.notebook == "jupyter-notebook"
    # every cell, markdown ones too: vscode-languageclient sends only the cells whose language a
    # selector names, and the server numbers cells among all of them (as Jupyter and ruff do)
    assert getattr(selector, "cells", None) is None


async def test_the_finding_is_in_the_callback_cell_with_its_path(session: Session) -> None:
    nb, callback, helper, grad = standard(session)
    enc = session.profile.encoding
    [diag] = await cell_diagnostics(session, callback, 1)
    assert diag.code == "JAX001"
    # cell-relative, in the client's encoding (the emoji is 2 UTF-16 units, 4 UTF-8 bytes)
    assert diag.range == find(CALLBACK, CALL, enc)
    assert diag.data["uri"] == callback.uri and diag.data["version"] == callback.version
    # the differentiation site is named in cell terms, not by its line in the joined source
    # named as Jupyter, ruff and the CLI's JSON number cells: the markdown cell counts
    assert "`jax.grad` (cell 5, line 1)" in diag.message
    assert diag.related_information is not None
    steps = [(r.message, r.location.uri, r.location.range) for r in diag.related_information]
    assert steps == [
        ("`jax.grad` differentiates here", grad.uri, find(GRAD, "jax.grad(loss)", enc)),
        ("calls `loss`", grad.uri, find(GRAD, "jax.grad(loss)(jnp.ones(3))", enc)),
        ("calls `host_sin`", helper.uri, find(HELPER, "host_sin(x)", enc)),
    ]
    for other in (nb.cells[0], helper, grad, nb.cells[2]):
        assert await cell_diagnostics(session, other) == []


async def test_hover_and_code_actions_on_a_cell(session: Session) -> None:
    nb, callback, helper, grad = standard(session)
    enc = session.profile.encoding
    [diag] = await cell_diagnostics(session, callback, 1)

    hover = await session.request(
        session.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=callback.uri),
                position=diag.range.start,
            )
        )
    )
    assert hover is not None and hover.range == diag.range
    assert "JAX001" in hover.contents.value
    assert "Pure callbacks do not support JVP" in hover.contents.value
    assert "cell 5:1" in hover.contents.value  # the path's step in the grad cell
    assert "code cell" not in hover.contents.value

    actions = await session.request(
        session.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=callback.uri),
                range=diag.range,
                context=types.CodeActionContext(diagnostics=[diag]),
            )
        )
    )
    by_title = {a.title: a for a in actions}
    suppress = by_title["Suppress JAX001 on this line"]
    assert suppress.diagnostics[0].range == diag.range
    cells = apply_workspace_edit(nb, suppress.edit, enc)
    assert cells[callback.uri].splitlines()[2].endswith(f"{CALL}  # jax-lsp: ignore[JAX001]")
    assert [u for u in cells if cells[u] != texts(nb)[u]] == [callback.uri]

    # each fix lands in the notebook's cells and makes the finding go away
    fixes = [a for a in actions if a.kind == types.CodeActionKind.QuickFix and a is not suppress]
    assert fixes
    for action in fixes:
        if action.edit is None:
            action = await session.request(session.client.code_action_resolve_async(action))
        assert action.edit is not None, action.title
        cells = apply_workspace_edit(nb, action.edit, enc)
        code = [cells[c.uri] for c in nb.code_cells()]
        found, error, _ = analyze_cells(code)
        assert error is None, (action.title, error)
        assert [f.finding.code for f in found if f.finding.code == "JAX001"] == [], action.title
    nb.close()


async def test_the_preferred_fix_adds_a_few_lines_and_the_server_writes_the_module(
    session: Session,
) -> None:
    """In a notebook, where no client creates files, the preferred fix used to paste the
    helpers into a cell (16 lines became 175); now it adds at most 25 lines to the cells and
    `import jax_lsp_derivatives`, the server writes that module beside the .ipynb when the
    client runs the action's command, and the fixed cells run under JAX (the kernel's working
    directory is the notebook's, as Jupyter and VS Code start it)."""
    nb, callback, helper, grad = standard(session)
    enc = session.profile.encoding
    [diag] = await cell_diagnostics(session, callback, 1)
    actions = await session.request(session.client.text_document_code_action_async(
        types.CodeActionParams(text_document=types.TextDocumentIdentifier(uri=callback.uri),
                               range=diag.range,
                               context=types.CodeActionContext(diagnostics=[diag]))))
    [preferred] = [a for a in actions if a.is_preferred]
    assert actions[0] is preferred and len(preferred.title) <= 50
    if preferred.edit is None:
        preferred = await session.request(session.client.code_action_resolve_async(preferred))
    cells = apply_workspace_edit(nb, preferred.edit, enc)
    before = sum(len(c.text.splitlines()) for c in nb.code_cells())
    after = sum(len(cells[c.uri].splitlines()) for c in nb.code_cells())
    assert after - before <= 25, cells
    assert any("import jax_lsp_derivatives" in t for t in cells.values()), cells
    command = preferred.command
    assert command is not None
    module = nb.path.with_name("jax_lsp_derivatives.py")
    written = await session.request(session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)))
    assert written is True and module.read_text(encoding="utf-8").startswith('"""Generated')
    script = "\n".join(cells[c.uri] for c in nb.code_cells()).replace("%matplotlib inline", "")
    ran = subprocess.run([sys.executable, "-c", script + "\nprint(g)\n"], cwd=nb.path.parent,
                         capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 0, ran.stderr[-2000:]
    nb.close()
    module.unlink()


def texts(nb: Notebook) -> dict[str, str]:
    return {c.uri: c.text for c in nb.cells}


def apply_workspace_edit(
    nb: Notebook, edit: types.WorkspaceEdit, encoding: str
) -> dict[str, str]:
    """The cells' texts after the edit; every edit must target a cell, at its version."""
    out = texts(nb)
    versions = {c.uri: c.version for c in nb.cells}
    groups: list[tuple[str, list[types.TextEdit]]] = []
    if edit.document_changes:
        for change in edit.document_changes:
            assert isinstance(change, types.TextDocumentEdit)
            assert change.text_document.version == versions[change.text_document.uri]
            groups.append((change.text_document.uri, list(change.edits)))  # type: ignore[arg-type]
    else:
        assert edit.changes is not None
        groups = [(uri, list(edits)) for uri, edits in edit.changes.items()]
    for uri, edits in groups:
        assert uri in out, f"an edit of {uri}, which is not a cell of the notebook"
        out[uri] = apply_text_edits(out[uri], edits, encoding)
    return out


async def test_stop_gradient_then_deleting_the_grad_cell_then_closing(session: Session) -> None:
    nb, callback, helper, grad = standard(session)
    await cell_diagnostics(session, callback, 1)

    nb.edit(grad, GRAD_STOPPED)
    assert await cell_diagnostics(session, callback, 0) == []

    nb.edit(grad, GRAD)
    [diag] = await cell_diagnostics(session, callback, 1)
    assert diag.related_information is not None
    assert diag.related_information[0].location.uri == grad.uri

    nb.delete(grad)
    assert await cell_diagnostics(session, callback, 0) == []

    # a new grad cell at the end: found again, pointing at it
    again = nb.insert(len(nb.cells), GRAD)
    [diag] = await cell_diagnostics(session, callback, 1)
    assert diag.related_information is not None
    assert diag.related_information[0].location.uri == again.uri
    assert "(cell 5, line 1)" in diag.message

    # a cell inserted first moves nothing in the callback cell, and renumbers the others
    nb.insert(0, "seed = 0\n\n\n")
    if not session.profile.pull:
        await session.wait_for_publish(callback.uri, lambda p: "cell 6," in str(p))
    [moved] = await cell_diagnostics(session, callback, 1)
    assert moved.range == diag.range and "(cell 6, line 1)" in moved.message

    # so does a markdown cell, though the code is unchanged
    nb.insert(0, ("markdown", "# Notes\n"))
    if not session.profile.pull:
        await session.wait_for_publish(callback.uri, lambda p: "cell 7," in str(p))
    [moved] = await cell_diagnostics(session, callback, 1)
    assert moved.range == diag.range and "(cell 7, line 1)" in moved.message

    nb.close()
    if not session.profile.pull:
        cleared = await session.wait_for_publish(
            callback.uri, lambda p: p is session.client.published[callback.uri][-1]  # type: ignore[attr-defined]
            and not p.diagnostics,
        )
        assert cleared.diagnostics == []
        # every cell is cleared, the deleted one too (when it was deleted)
        for cell in [*nb.cells, grad]:
            published = session.client.published.get(cell.uri)  # type: ignore[attr-defined]
            assert published and published[-1].diagnostics == []


async def test_a_syntax_error_in_a_cell_keeps_what_did_not_change(session: Session) -> None:
    nb, callback, helper, grad = standard(session)
    [before] = await cell_diagnostics(session, callback, 1)
    # an unfinished line after the call: the notebook does not parse; the finding above stays
    nb.edit(callback, CALLBACK + "oops = (\n")
    [during] = await cell_diagnostics(session, callback, 1)
    assert during.range == before.range
    nb.edit(callback, CALLBACK)
    [after] = await cell_diagnostics(session, callback, 1)
    assert after.range == before.range
    nb.close()


async def test_the_cli_reports_the_same_cell_and_line(session: Session) -> None:
    nb, callback, helper, grad = standard(session)
    [diag] = await cell_diagnostics(session, callback, 1)
    path = nb.write_ipynb()
    run = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--output-format", "json", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    [cli] = json.loads(run.stdout)
    assert cli["code"] == diag.code
    # the CLI's JSON (like ruff's) names the cell by its 1-based number among all cells
    # (markdown ones too), rows counted in that cell; its message names the cell the same way
    line = cli["location"]["row"]
    assert nb.cells[cli["cell"] - 1] is callback
    # the server names the differentiation site's cell by the number the CLI gives it
    site = cli["related"][0]
    assert nb.cells[site["cell"] - 1] is grad
    assert f"(cell {site['cell']}, line {site['location']['row']})" in diag.message
    assert cli["message"].startswith(f"cell {cli['cell']}, line {line}:")
    assert f"(cell {site['cell']}, line {site['location']['row']})" in cli["message"]
    assert line == diag.range.start.line + 1
    column = cli["location"]["column"] - 1  # 1-based code points
    assert find(CALLBACK, CALL, session.profile.encoding).start == diag.range.start
    assert CALLBACK.splitlines()[line - 1][column:].startswith(CALL)
    nb.close()
