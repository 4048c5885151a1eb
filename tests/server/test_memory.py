"""Edits do not accumulate memory in the server: after many didChange notifications and a
didClose, nothing per edit is left behind (pygls kept a future per notification for good)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import json
from typing import Any

import pytest

from jax_lsp.server.server import create_server

EDITS = 400


class _Sink:
    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


def _send(protocol: Any, method: str, params: Any, msg_id: int | None = None) -> None:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
    if msg_id is not None:
        message["id"] = msg_id
    # as pygls' own reader hands messages over
    protocol.handle_message(json.loads(json.dumps(message), object_hook=protocol.structure_message))


def _edit_pairs(protocol: Any, uri: str, version: int, count: int) -> int:
    """`count` edits that insert a character and delete it again; the last version."""
    for _ in range(count):
        for start, end, text in ((0, 0, "y"), (0, 1, "")):
            version += 1
            _send(protocol, "textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": 1, "character": start},
                                              "end": {"line": 1, "character": end}},
                                    "text": text}],
            })
    return version


def _live_futures() -> int:
    gc.collect()
    return sum(isinstance(o, concurrent.futures.Future) for o in gc.get_objects())


async def _settle() -> None:
    """Let the debounce timers of the edits fire (or be discarded)."""
    for _ in range(3):
        await asyncio.sleep(0.1)
    gc.collect()


@pytest.mark.asyncio(loop_scope="function")
async def test_edits_and_close_leave_nothing_behind(tmp_path) -> None:
    server = create_server()
    protocol = server.protocol
    protocol.set_writer(_Sink())
    try:
        _send(protocol, "initialize", {"processId": None, "rootUri": None, "capabilities": {}}, 1)
        _send(protocol, "initialized", {})
        uri = (tmp_path / "doc.py").as_uri()
        _send(protocol, "textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": "import jax\nx = 1\n"}})
        version = _edit_pairs(protocol, uri, 1, 50)  # warm up every path once
        await _settle()
        futures_before = _live_futures()
        version = _edit_pairs(protocol, uri, version, EDITS)
        _send(protocol, "textDocument/didClose", {"textDocument": {"uri": uri}})
        await _settle()
        assert protocol._request_futures == {}
        # pygls kept a future (about 1.8 KiB with its id and lock) per notification
        grown = _live_futures() - futures_before
        assert grown < 10, f"{grown} futures retained by {2 * EDITS} edits"
    finally:
        server.session.scheduler.stop()
