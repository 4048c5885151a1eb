"""Text synchronisation: opening, editing (incrementally) and closing documents and notebooks.

Opening lints at once; an edit asks the scheduler to lint once the edits pause; closing forgets
the document and, for clients that get pushed diagnostics, clears them. A notebook
(``notebookDocument/*``) is linted as one document, the joined source of its code cells (see
`notebooks`); a change to its cells' text, order or kinds is an edit of that document, a change
of metadata or execution summaries is not.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from lsprotocol import types

from jax_lsp.server.features import diagnostics
from jax_lsp.server.runtime.errors import guarded

if TYPE_CHECKING:
    from jax_lsp.server.server import JaxLanguageServer

__all__ = ["register"]


@guarded(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(server: JaxLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    session = server.session
    doc = session.documents.open(params.text_document)
    session.scheduler.lint_now(doc.uri)


@guarded(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(server: JaxLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    session = server.session
    doc = session.documents.change(params)
    if doc is not None:
        session.scheduler.changed(doc.uri)
        if doc.path is not None:
            session.files_changed([str(doc.path)])


@guarded(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(server: JaxLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    session = server.session
    doc = session.documents.get(params.text_document.uri)
    if doc is not None and doc.path is not None:
        session.files_changed([str(doc.path)], immediately=True)


@guarded(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(server: JaxLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    session = server.session
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

@guarded(types.NOTEBOOK_DOCUMENT_DID_OPEN)
def notebook_did_open(
    server: JaxLanguageServer, params: types.DidOpenNotebookDocumentParams
) -> None:
    session = server.session
    notebook, gone = session.notebooks.open(params)
    session.clear_cells(notebook, gone)
    session.scheduler.lint_now(notebook.uri)


@guarded(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
def notebook_did_change(
    server: JaxLanguageServer, params: types.DidChangeNotebookDocumentParams
) -> None:
    session = server.session
    changed = session.notebooks.change(params)
    if changed is None:
        return
    notebook, removed, code_changed = changed
    session.clear_cells(notebook, removed)
    if code_changed:
        session.scheduler.changed(notebook.uri)


@guarded(types.NOTEBOOK_DOCUMENT_DID_SAVE)
def notebook_did_save(
    server: JaxLanguageServer, params: types.DidSaveNotebookDocumentParams
) -> None:
    # nothing to do: the cells were analysed as edited, and no module imports a notebook
    pass


@guarded(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
def notebook_did_close(
    server: JaxLanguageServer, params: types.DidCloseNotebookDocumentParams
) -> None:
    session = server.session
    uri = params.notebook_document.uri
    notebook = session.notebooks.close(uri)
    session.dependencies.pop(uri, None)
    session.scheduler.closed(uri)
    if notebook is not None:
        cells = [cell for cell, _ in notebook.cells]
        cells += [c.uri for c in params.cell_text_documents if c.uri not in cells]
        session.clear_cells(notebook, cells)


def register(server: JaxLanguageServer) -> None:
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(partial(did_open, server))
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(partial(did_change, server))
    server.feature(types.TEXT_DOCUMENT_DID_SAVE)(partial(did_save, server))
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(partial(did_close, server))
    server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)(partial(notebook_did_open, server))
    server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)(partial(notebook_did_change, server))
    server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)(partial(notebook_did_save, server))
    server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)(partial(notebook_did_close, server))
