"""The JSON-RPC protocol, adjusted where pygls' defaults do not suit.

- Messages and the lifecycle (JSON-RPC 2.0 and the LSP specification): a frame that is not
  JSON is answered with a ParseError (-32700, id null), a message that is not a JSON-RPC
  request, notification or response (an object id, a missing method...) with InvalidRequest
  (-32600, id null unless its id is valid); before `initialize` every request but `initialize`
  gets ServerNotInitialized (-32002) and notifications but `exit` are dropped; a second
  `initialize` and any request after `shutdown` get InvalidRequest. pygls would log these, drop
  them, or answer nothing, leaving the client waiting.
- Bookkeeping: pygls files the future of every handler it runs under a message id, and forgets
  it only when it answers a request; notifications (under a fresh id each) and the steps of its
  built-in handlers were kept for good, about 2 KiB per keystroke. Here every future is
  forgotten once done.
- Text synchronisation: the server keeps its own document store (`documents`, and `notebooks`
  for notebooks and their cells), so pygls' built-in didOpen/didChange/didClose of text and
  notebook documents only hand over to our handlers instead of also keeping a second copy of
  every buffer (which would cost a full re-split of the text per keystroke).
- A request whose parameters do not match the LSP schema gets an ``InvalidParams`` error
  response with its id; pygls would log it and never answer, leaving the client waiting.
  Matching stops at the first wrong value (`quick_converter`).
- An `initialize` the stdin `front` answered before the server was imported is handled like
  any other, but its answer is not sent twice (it is checked against the one sent). Should its
  parameters not match the schema after all, the server starts with the position encoding it
  advertised and no other client capability, rather than contradict what it answered.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

import cattrs
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol, default_converter
from pygls.protocol.language_server import lsp_method

__all__ = [
    "INVALID_REQUEST",
    "PARSE_ERROR",
    "SERVER_NOT_INITIALIZED",
    "JaxLspProtocol",
    "invalid_message",
    "quick_converter",
]

log = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
SERVER_NOT_INITIALIZED = -32002


def quick_converter() -> cattrs.Converter:
    """pygls' converter, failing at the first value that does not match the schema. By default
    cattrs collects every error of a message with its traceback, and pygls formats them all
    into its log: a 600 KB notification of 100,000 wrong list items took 50 s and 540 MiB to
    reject (issue 35). A malformed message is rejected all the same (requests get
    InvalidParams, notifications are dropped), for the price of reading up to its first
    wrong value."""
    converter = default_converter()
    # read when cattrs builds its structuring functions, lazily: nothing is built yet
    converter.detailed_validation = False
    return converter


def _valid_id(value: Any) -> bool:
    """LSP ids are integers or strings (JSON-RPC allows null only in some responses)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def invalid_message(data: Any) -> str | None:
    """Why `data` (decoded JSON) is not a JSON-RPC 2.0 message, or None if it is one."""
    if not isinstance(data, dict):
        return "a JSON-RPC message is a JSON object"
    if data.get("jsonrpc") != "2.0":
        return 'a JSON-RPC 2.0 message has "jsonrpc": "2.0"'
    if "method" in data:
        if not isinstance(data["method"], str):
            return "a method name is a string"
        if "id" in data and not _valid_id(data["id"]):
            return "a request id is an integer or a string"
        return None
    if "result" in data or "error" in data:
        if "id" not in data or not (data["id"] is None or _valid_id(data["id"])):
            return "a response id is an integer, a string or null"
        return None
    return "neither a request, a notification nor a response"


#: what a client sends most, and first as it opens and edits a document (see `prepare`)
_FIRST_MESSAGES: tuple[dict[str, Any], ...] = tuple(
    {"jsonrpc": "2.0", **message} for message in (
        {"method": types.TEXT_DOCUMENT_DID_OPEN, "params": {"textDocument": {
            "uri": "file:///m.py", "languageId": "python", "version": 1, "text": ""}}},
        {"method": types.TEXT_DOCUMENT_DID_CHANGE, "params": {
            "textDocument": {"uri": "file:///m.py", "version": 2},
            "contentChanges": [
                {"range": {"start": {"line": 0, "character": 0},
                           "end": {"line": 0, "character": 0}}, "text": ""},
                {"text": ""}]}},
        {"method": types.TEXT_DOCUMENT_DID_SAVE, "params": {
            "textDocument": {"uri": "file:///m.py"}}},
        {"method": types.TEXT_DOCUMENT_DID_CLOSE, "params": {
            "textDocument": {"uri": "file:///m.py"}}},
        {"id": 0, "method": types.TEXT_DOCUMENT_HOVER, "params": {
            "textDocument": {"uri": "file:///m.py"}, "position": {"line": 0, "character": 0}}},
        {"id": 0, "method": types.TEXT_DOCUMENT_DIAGNOSTIC, "params": {
            "textDocument": {"uri": "file:///m.py"}}},
        {"method": types.CANCEL_REQUEST, "params": {"id": 0}},
    )
)


@dataclass(frozen=True)
class _MalformedRequest:
    """A request that could not be structured: answered with an error, never dispatched."""

    id: int | str
    method: str
    error: JsonRpcException


class _Futures(dict[Any, Any]):
    """The futures of running handlers by message id. Iterating takes a snapshot: pygls cancels
    them in a loop at `shutdown`, and a cancelled future's done callback forgets it (see
    `JaxLspProtocol._execute_handler`) while the loop runs."""

    def items(self) -> Any:
        return list(super().items())


class JaxLspProtocol(LanguageServerProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_futures = _Futures()
        #: `initialize` was received (requests are served from then on)
        self.initialize_received = False
        #: `shutdown` was received (only `exit` is served from then on)
        self.shutdown_received = False
        #: the `initialize` request the stdin front answered: its id and the result sent
        self._answered: tuple[int | str, dict[str, Any]] | None = None

    def prepare(self) -> None:
        """Have the converter build its structuring functions for the messages clients send
        most, now (e.g. while the client has yet to open a document): the first time it meets
        a type it builds them, about ten milliseconds of CPU the first didOpen, and again the
        first didChange, would otherwise wait for."""
        for data in _FIRST_MESSAGES:
            super().structure_message(data)

    def answered_early(self, msg_id: int | str, result: dict[str, Any]) -> None:
        """The `initialize` request `msg_id` was answered with `result` before the server ran
        (see `front`): handle it, but do not answer it again."""
        self._answered = (msg_id, result)

    def _is_answered(self, msg_id: Any, method: Any = types.INITIALIZE) -> bool:
        return (
            self._answered is not None
            and method == types.INITIALIZE
            and type(msg_id) is type(self._answered[0])
            and msg_id == self._answered[0]
        )

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if self._is_answered(msg_id):
            assert self._answered is not None
            sent = self._answered[1]
            self._answered = None
            if error is not None:
                log.error("initialize failed after it was answered: %s", error)
            elif (ours := json.loads(json.dumps(self._converter.unstructure(result)))) != sent:
                log.error("initialize was answered with %s, the server would answer %s",
                          json.dumps(sent), json.dumps(ours))
            return
        super()._send_response(msg_id, result, error)

    # -- messages ------------------------------------------------------------------------------

    def send_error(self, msg_id: int | str | None, code: int, message: str) -> None:
        """An error response (id null when the request's id could not be read)."""
        self._send_data(
            {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}
        )

    def notify_text(self, method: str, params: str) -> None:
        """A notification whose params are JSON text already (see `lint.Report`): framed
        and written as pygls' `_send_data` would write `json.dumps` of the message."""
        if self.writer is None:
            log.error("cannot send %s: no transport", method)
            return
        body = f'{{"jsonrpc": "2.0", "method": {json.dumps(method)}, "params": {params}}}'
        data = body.encode(self.CHARSET)
        if self._include_headers:
            data = (f"Content-Length: {len(data)}\r\n"
                    f"Content-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n"
                    ).encode("ascii") + data
        try:
            written = self.writer.write(data)
        except BrokenPipeError:
            log.exception("cannot send %s: the client is gone", method)
            raise
        if inspect.isawaitable(written):  # a WebSocket
            asyncio.ensure_future(written)

    def handle_body(self, body: bytes) -> None:
        """Decode one frame's body and handle the message it holds."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError) as e:  # not UTF-8, not JSON, nested too deeply
            log.warning("a frame that is not JSON: %s", e)
            self.send_error(None, PARSE_ERROR, f"Parse error: {e}")
            return
        problem = invalid_message(data)
        if problem is not None:
            msg_id = data.get("id") if isinstance(data, dict) else None
            log.warning("an invalid JSON-RPC message: %s", problem)
            self.send_error(
                msg_id if _valid_id(msg_id) else None,
                INVALID_REQUEST,
                f"Invalid request: {problem}",
            )
            return
        try:
            message = self.structure_message(data)
        except Exception as exc:  # a notification or response whose params do not match
            log.warning("cannot read a %s message: %s", data.get("method", "response"), exc)
            self._server._report_server_error(exc, JsonRpcException)
            return
        self.handle_message(message)

    def _admitted(self, message: Any, method: str) -> bool:
        """The lifecycle: whether the message may be served now (else it was answered with an
        error, if a request, or dropped, if a notification)."""
        if method == types.EXIT:
            return True
        msg_id = getattr(message, "id", None)
        request = _valid_id(msg_id)
        error: tuple[int, str] | None = None
        if self.shutdown_received:
            error = (INVALID_REQUEST, f"{method}: the server is shutting down")
        elif method == types.INITIALIZE and request:
            if self.initialize_received:
                error = (INVALID_REQUEST, "initialize may only be sent once")
            else:
                self.initialize_received = True
        elif not self.initialize_received:
            error = (SERVER_NOT_INITIALIZED, f"{method}: the server is not initialized yet")
        elif method == types.SHUTDOWN and request:
            self.shutdown_received = True
        if error is None:
            return True
        if request:
            self.send_error(msg_id, *error)
        else:
            log.info("notification %s dropped: %s", method, error[1])
        return False

    def _execute_handler(
        self,
        msg_id: Any,
        handler: Any,
        callback: Any,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        def done(future: Any) -> None:
            try:
                callback(future)
            finally:
                if self._request_futures.get(msg_id) is future:
                    del self._request_futures[msg_id]

        super()._execute_handler(msg_id, handler, done, args, kwargs)

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if self._is_answered(data.get("id"), data.get("method")):
                assert self._answered is not None
                log.warning("initialize parameters not understood (%s): starting with the "
                            "position encoding answered and no other client capability", error)
                encoding = self._answered[1]["capabilities"]["positionEncoding"]
                capabilities = {"general": {"positionEncodings": [encoding]}}
                return super().structure_message({**data, "params": {
                    "processId": None, "rootUri": None, "capabilities": capabilities}})
            if (
                isinstance(data, dict)
                and "method" in data
                and isinstance(data.get("id"), (int, str))
            ):
                return _MalformedRequest(data["id"], str(data["method"]), error)
            raise

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if isinstance(method, str) and not self._admitted(message, method):
            return
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
