"""A client that pulls diagnostics gets the first opened document's from the stdin front as
soon as its analysis ends, not once the server has started (`early`, `front.answer_kept`): a
pull sent before is answered then, one sent after at once; the front does not keep an answered
pull for the server, and leaves every pull it cannot answer for sure to the server."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.server.runtime import analysis_process
from jax_lsp.server.runtime.early import _FAULT_ENV, EARLY_RESULT_ID, EarlyLint
from jax_lsp.server.runtime.framing import Frame
from jax_lsp.server.runtime.front import StdinFront
from jax_lsp.server.session.lint import analyze_here
from tests.server.raw_server import RawServer, frame

SOURCE = (Path(__file__).resolve().parents[2] / "examples" / "logging_in_loss.py").read_text()
PULL = {"textDocument": {"diagnostic": {}}}


class _Client:
    """The client's ends of a `StdinFront`'s pipes."""

    def __init__(self) -> None:
        read_in, write_in = os.pipe()
        read_out, write_out = os.pipe()
        self.early = EarlyLint()
        self.front = StdinFront(os.fdopen(read_in, "rb"), os.fdopen(write_out, "wb"),
                                early=self.early)
        self._to = os.fdopen(write_in, "wb")
        self._from = os.fdopen(read_out, "rb")

    def send(self, message: dict[str, Any]) -> None:
        self._to.write(frame(message))
        self._to.flush()

    def receive(self) -> dict[str, Any]:
        length = int(self._from.readline().split(b":")[1])
        self._from.readline()
        return json.loads(self._from.read(length))

    def kept(self) -> list[dict[str, Any]]:
        """What the server gets when it attaches."""
        kept, _ = self.front.attach(lambda events: None, lambda: None)
        return [json.loads(e.body) for e in kept if isinstance(e, Frame)]

    def close(self) -> None:
        self._to.close()
        self._from.close()


@pytest.fixture
def analysis(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The front's analysis runs here, and ends once the event is set."""
    monkeypatch.delenv(_FAULT_ENV, raising=False)
    release = threading.Event()

    def first_analysis(source: str, filename: str, config: AnalysisConfig) -> Any:
        release.wait(30)
        return analyze_here(source, filename, config)

    monkeypatch.setattr(analysis_process, "first_analysis", first_analysis)
    yield release
    release.set()


def _start(client: _Client, uri: str) -> None:
    client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "capabilities": PULL}})
    assert client.receive()["id"] == 1
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": SOURCE}}})


def _pull(client: _Client, msg_id: int, uri: str, previous: str | None = None) -> None:
    params: dict[str, Any] = {"textDocument": {"uri": uri}}
    if previous is not None:
        params["previousResultId"] = previous
    client.send({"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/diagnostic",
                 "params": params})


def test_pulls_before_and_after_the_analysis_ends_are_answered_by_the_front(
        analysis: threading.Event) -> None:
    client = _Client()
    try:
        _start(client, "file:///w/m.py")
        _pull(client, 2, "file:///w/m.py")
        _pull(client, 3, "file:///w/other.py")  # not the document analysed: the server's
        analysis.set()
        first = client.receive()
        assert first["id"] == 2 and first["result"]["resultId"] == EARLY_RESULT_ID
        assert [d["code"] for d in first["result"]["items"]] == ["JAX003"]
        _pull(client, 4, "file:///w/m.py")
        assert client.receive()["result"] == first["result"]
        _pull(client, 5, "file:///w/m.py", previous=EARLY_RESULT_ID)
        assert client.receive()["result"] == {"kind": "unchanged", "resultId": EARLY_RESULT_ID}
        assert client.early.pulled is not None
        assert client.early.pulled[:2] == ("file:///w/m.py", 1)
        assert [m.get("id") for m in client.kept()] == [1, None, None, 3]
    finally:
        client.close()


def test_pulls_after_an_edit_are_left_to_the_server(analysis: threading.Event) -> None:
    client = _Client()
    try:
        _start(client, "file:///w/m.py")
        _pull(client, 2, "file:///w/m.py")
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": "file:///w/m.py", "version": 2},
            "contentChanges": [{"text": SOURCE + "x = 1\n"}]}})
        _pull(client, 3, "file:///w/m.py")
        deadline = time.monotonic() + 30
        while client.early._still_valid() and time.monotonic() < deadline:
            time.sleep(0.01)  # until the front has read the edit
        analysis.set()
        client.early.wait()
        assert client.early.thread is not None
        client.early.thread.join(30)
        kept = client.kept()
        assert [m.get("id") for m in kept if m.get("method") == "textDocument/diagnostic"] == \
            [2, 3]
        assert client.early.pulled is None
    finally:
        client.close()


def test_a_pulling_editor_gets_the_server_s_diagnostics_from_the_front(tmp_path: Path) -> None:
    """End to end: the first pull is the front's (its start-up is not waited for), with the
    diagnostics the server then computes itself (so it asks for no second pull)."""
    path = tmp_path / "m.py"
    path.write_text(SOURCE)
    raw = RawServer(tmp_path)
    try:
        raw.initialize(capabilities={**PULL, "workspace": {"diagnostics": {
            "refreshSupport": True}}})
        uri = path.as_uri()
        raw.open(uri, SOURCE)
        first = raw.call("textDocument/diagnostic", {"textDocument": {"uri": uri}})["result"]
        assert first["resultId"] == EARLY_RESULT_ID
        # a hover is the server's to answer: once it is, so are pulls
        raw.call("textDocument/hover", {"textDocument": {"uri": uri},
                                        "position": {"line": 0, "character": 0}})
        ours = raw.call("textDocument/diagnostic", {"textDocument": {"uri": uri}})["result"]
        assert ours["resultId"] != EARLY_RESULT_ID
        assert ours["items"] == first["items"]
        raw.quiet(0.3)
        assert not [n for n in raw.notifications
                    if n.get("method") == "workspace/diagnostic/refresh"]
    finally:
        raw.kill()
