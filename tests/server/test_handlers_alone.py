"""A feature's handlers are module-level functions (`handler(server, params)`): a test imports
one and calls it on a server, without a client, a transport or pygls' dispatch."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified

from jax_lsp.server.features import code_actions, hover, sync
from jax_lsp.server.server import create_server

URI = "file:///tmp/layout3_scratch/handlers_alone.py"
TEXT = "import jax\n\n\ndef f(x):\n    return jax.pure_callback(print, x, x)\n"


@pytest.mark.asyncio(loop_scope="function")
async def test_sync_and_hover_handlers_run_alone() -> None:
    server = create_server()
    session = server.session
    try:
        item = types.TextDocumentItem(uri=URI, language_id="python", version=1, text=TEXT)
        sync.did_open(server, types.DidOpenTextDocumentParams(text_document=item))
        assert session.documents.get(URI) is not None
        edit = types.TextDocumentContentChangeWholeDocument(text=TEXT + "y = 1\n")
        sync.did_change(server, types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[edit]))
        doc = session.documents.get(URI)
        assert doc is not None and doc.version == 2 and doc.text.endswith("y = 1\n")
        elsewhere = types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri="file:///tmp/not_open.py"),
            position=types.Position(line=0, character=0))
        assert await hover.hover(server, elsewhere) is None  # not an open document
        sync.did_close(server, types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=URI)))
        assert session.documents.get(URI) is None
        unknown = types.CodeAction(title="x", data={"uri": URI, "version": 1})
        with pytest.raises(JsonRpcContentModified):
            await code_actions.resolve(server, unknown)  # its document is closed
    finally:
        session.scheduler.stop()
