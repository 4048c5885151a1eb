"""Text synchronisation: opening, editing (incrementally) and closing documents.

Opening lints at once; an edit asks the scheduler to lint once the edits pause; closing forgets
the document and, for clients that get pushed diagnostics, clears them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from jax_lsp.server import diagnostics
from jax_lsp.server.errors import guarded

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
