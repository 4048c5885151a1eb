"""The JSON-RPC protocol, adjusted in two places pygls' defaults do not suit.

- Text synchronisation: the server keeps its own document store (`documents`, and `notebooks`
  for notebooks and their cells), so pygls' built-in didOpen/didChange/didClose of text and
  notebook documents only hand over to our handlers instead of also keeping a second copy of
  every buffer (which would cost a full re-split of the text per keystroke).
- A request whose parameters do not match the LSP schema gets an ``InvalidParams`` error
  response with its id; pygls would log it and never answer, leaving the client waiting.
"""

from __future__ import annotations

import logging
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

__all__ = ["JaxLspProtocol"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _MalformedRequest:
    """A request that could not be structured: answered with an error, never dispatched."""

    id: int | str
    method: str
    error: JsonRpcException


class JaxLspProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if (
                isinstance(data, dict)
                and "method" in data
                and isinstance(data.get("id"), (int, str))
            ):
                return _MalformedRequest(data["id"], str(data["method"]), error)
            raise

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _MalformedRequest):
            log.info("malformed %s request %r: %s", message.method, message.id, message.error)
            self._send_response(
                message.id,
                error=JsonRpcInvalidParams(
                    f"Invalid params for {message.method}"
                ).to_response_error(),
            )
            return
        super().handle_message(message)

    # -- text synchronisation: our handlers own the documents ----------------------------------

    def _hand_over(self, method: str, params: Any) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(method)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(
        self, params: types.DidOpenTextDocumentParams
    ) -> Generator[Any, Any, None]:
        yield from self._hand_over(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, None]:
        yield from self._hand_over(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(
        self, params: types.DidCloseTextDocumentParams
    ) -> Generator[Any, Any, None]:
        yield from self._hand_over(types.TEXT_DOCUMENT_DID_CLOSE, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def lsp_notebook_document__did_open(
        self, params: types.DidOpenNotebookDocumentParams
    ) -> Generator[Any, Any, None]:
        yield from self._hand_over(types.NOTEBOOK_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(
        self, params: types.DidChangeNotebookDocumentParams
    ) -> Generator[Any, Any, None]:
        yield from self._hand_over(types.NOTEBOOK_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def lsp_notebook_document__did_close(
        self, params: types.DidCloseNotebookDocumentParams
    ) -> Generator[Any, Any, None]:
        yield from self._hand_over(types.NOTEBOOK_DOCUMENT_DID_CLOSE, params)
