"""Text synchronisation: opening, editing (incrementally) and closing documents and notebooks.

Opening lints at once; an edit asks the scheduler to lint once the edits pause; closing forgets
the document and, for clients that get pushed diagnostics, clears them. A notebook
(``notebookDocument/*``) is linted as one document, the joined source of its code cells (see
`notebooks`); a change to its cells' text, order or kinds is an edit of that document, a change
of metadata or execution summaries is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from jax_lsp.server.features import diagnostics
from jax_lsp.server.runtime.errors import guarded

if TYPE_CHECKING:
    from jax_lsp.server.server import JaxLanguageServer

__all__ = ["register"]


def register(server: JaxLanguageServer) -> None:
    session = server.session

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        doc = session.documents.open(params.text_document)
        session.scheduler.lint_now(doc.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        doc = session.documents.change(params)
        if doc is not None:
            session.scheduler.changed(doc.uri)
            if doc.path is not None:
                session.files_changed([str(doc.path)])

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @guarded(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        doc = session.documents.get(params.text_document.uri)
        if doc is not None and doc.path is not None:
            session.files_changed([str(doc.path)], immediately=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        doc = session.documents.get(uri)
        session.documents.close(uri)
        session.dependencies.pop(uri, None)
        if doc is not None and doc.path is not None:
            # its unsaved text no longer overrides the file on disk for the documents using it
            session.files_changed([str(doc.path)], immediately=True)
        session.scheduler.closed(uri)
        if not session.profile.pull_diagnostics:
            diagnostics.clear(server, uri)

    # -- notebooks -------------------------------------------------------------------------------

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    @guarded(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_did_open(params: types.DidOpenNotebookDocumentParams) -> None:
        notebook, gone = session.notebooks.open(params)
        session.clear_cells(notebook, gone)
        session.scheduler.lint_now(notebook.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    @guarded(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_did_change(params: types.DidChangeNotebookDocumentParams) -> None:
        changed = session.notebooks.change(params)
        if changed is None:
            return
        notebook, removed, code_changed = changed
        session.clear_cells(notebook, removed)
        if code_changed:
            session.scheduler.changed(notebook.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    @guarded(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    def notebook_did_save(params: types.DidSaveNotebookDocumentParams) -> None:
        # nothing to do: the cells were analysed as edited, and no module imports a notebook
        pass

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    @guarded(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_did_close(params: types.DidCloseNotebookDocumentParams) -> None:
        uri = params.notebook_document.uri
        notebook = session.notebooks.close(uri)
        session.dependencies.pop(uri, None)
        session.scheduler.closed(uri)
        if notebook is not None:
            cells = [cell for cell, _ in notebook.cells]
            cells += [c.uri for c in params.cell_text_documents if c.uri not in cells]
            session.clear_cells(notebook, cells)
