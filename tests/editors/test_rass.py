"""The Emacs README's recipe for jax-lsp beside another server through rassumfrassum (`rass`),
at the protocol level, as Eglot would use it: rass runs `ruff server` first (the primary) and
jax-lsp second. Stock rass sends hover to its primary alone, so jax-lsp's hover is lost (null at
the finding); with the shipped preset (editors/emacs/rass/jax.py) the hover carries jax-lsp's
explanation, and the other server's hover comes first when both answer.

rassumfrassum is a test dependency (pure Python); the test is skipped where it or ruff is
missing. tests/editors/test_emacs.py runs the same recipe in real Emacs with Eglot.
"""

from __future__ import annotations

import importlib.util
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
PRESET = REPO / "editors" / "emacs" / "rass" / "jax.py"
SOURCE = """\
import jax
import numpy as np


def f(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), np.float32), x)


g = jax.grad(f)(1.0)
"""
TIMEOUT = 30.0


def rass_command(*preset: str) -> list[str]:
    if importlib.util.find_spec("rassumfrassum") is None:
        pytest.skip("rassumfrassum is not installed (pip install rassumfrassum)")
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("no ruff on PATH")
    return [sys.executable, "-m", "rassumfrassum", *preset, "--", ruff, "server",
            "--", sys.executable, "-m", "jax_lsp", "serve"]


class Client:
    """Just enough of an LSP client over stdio: requests, and the notifications that arrive."""

    def __init__(self, command: list[str], root: Path) -> None:
        # a session of its own: rass and the servers it starts end together (close)
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=root,
                                        start_new_session=True)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()
        self._id = 0

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while (line := stream.readline()) != b"\r\n":
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(stream.read(length or 0))
            if "method" in message and "id" in message:  # the server asks: answer null
                self.send({"id": message["id"], "result": None})
            self.messages.put(message)

    def wait_for(self, what: str, predicate: Any) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while True:
            for message in self.seen:
                if predicate(message):
                    self.seen.remove(message)
                    return message
            left = deadline - time.monotonic()
            assert left > 0, f"timed out waiting for {what}"
            try:
                self.seen.append(self.messages.get(timeout=left))
            except queue.Empty:
                pass

    def request(self, method: str, params: Any) -> Any:
        self._id += 1
        self.send({"id": self._id, "method": method, "params": params})
        answer = self.wait_for(method, lambda m, i=self._id: m.get("id") == i and "method" not in m)
        assert "error" not in answer, answer
        return answer["result"]

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.send({"method": "exit"})
            self.process.wait(0.2)
        except (AssertionError, OSError, subprocess.TimeoutExpired):
            pass
        finally:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)  # rass and its servers
            except ProcessLookupError:
                pass
            self.process.wait()


def hover_and_fixes_at_the_finding(command: list[str], root: Path) -> tuple[Any, list[Any]]:
    """Open the program, wait for jax-lsp's diagnostic: the hover at its start and the
    quickfixes for it."""
    path = root / "program.py"
    path.write_text(SOURCE)
    uri = path.as_uri()
    client = Client(command, root)
    try:
        client.request("initialize", {
            "processId": None,
            "rootUri": root.as_uri(),
            "capabilities": {"textDocument": {
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "publishDiagnostics": {"relatedInformation": True},
            }},
        })
        client.send({"method": "initialized", "params": {}})
        client.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": SOURCE}}})
        published = client.wait_for("jax-lsp's diagnostic", lambda m: (
            m.get("method") == "textDocument/publishDiagnostics"
            and any(d.get("code") == "JAX001" for d in m["params"]["diagnostics"])))
        [finding] = [d for d in published["params"]["diagnostics"] if d.get("code") == "JAX001"]
        assert finding["source"] == "jax-lsp"
        hover = client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": finding["range"]["start"]})
        fixes = client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": finding["range"],
            "context": {"diagnostics": [finding], "only": ["quickfix"]}})
        return hover, fixes or []
    finally:
        client.close()


def test_stock_rass_loses_the_hover_the_preset_keeps_it(tmp_path: Path) -> None:
    # what the README warns about: the primary (ruff) alone is asked, and says nothing here
    hover, _ = hover_and_fixes_at_the_finding(rass_command(), tmp_path)
    assert hover is None
    hover, fixes = hover_and_fixes_at_the_finding(rass_command(str(PRESET)), tmp_path)
    assert hover is not None
    assert "JAX001" in hover["contents"]["value"]
    assert "Pure callbacks do not support JVP" in hover["contents"]["value"]
    # jax-lsp's capabilities reached rass however long it took to start: its fixes are offered,
    # the preferred one first
    assert fixes and fixes[0].get("isPreferred") is True, [f["title"] for f in fixes]
    assert any(f["title"].startswith("Suppress JAX001") for f in fixes)


def test_the_preset_joins_hovers_the_primarys_first() -> None:
    if importlib.util.find_spec("rassumfrassum") is None:
        pytest.skip("rassumfrassum is not installed (pip install rassumfrassum)")
    spec = importlib.util.spec_from_file_location("rass_jax_preset", PRESET)
    assert spec is not None and spec.loader is not None
    preset = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(preset)
    from rassumfrassum.frassum import PayloadItem, Server

    primary, jax = Server("pyright"), Server("jax-lsp")
    logic = preset.logic_class()([primary, jax], None, None, None, None, None)
    theirs = {"contents": {"kind": "markdown", "value": "```python\ndef f(x)\n```"},
              "range": {"start": {"line": 4, "character": 4}, "end": {"line": 4, "character": 5}}}
    ours = {"contents": {"kind": "markdown", "value": "**JAX001** ..."}}
    # jax-lsp answered first: the primary's hover still comes first, with its range
    joined, error = logic.process_responses(
        "textDocument/hover", [PayloadItem(ours, jax, False), PayloadItem(theirs, primary, False)])
    assert not error
    assert joined == {
        "contents": {"kind": "markdown",
                     "value": "```python\ndef f(x)\n```\n\n---\n\n**JAX001** ..."},
        "range": theirs["range"],
    }
    # one answer is passed on as it is; no answer is null; MarkedStrings become Markdown
    assert logic.process_responses(
        "textDocument/hover", [PayloadItem(None, primary, False), PayloadItem(ours, jax, False)]
    ) == (ours, False)
    assert logic.process_responses(
        "textDocument/hover", [PayloadItem(None, primary, False), PayloadItem(None, jax, False)]
    ) == (None, False)
    marked = {"contents": [{"language": "python", "value": "x: int"}, "an int"]}
    joined, _ = logic.process_responses(
        "textDocument/hover", [PayloadItem(marked, primary, False), PayloadItem(ours, jax, False)])
    expected = "```python\nx: int\n```\n\nan int\n\n---\n\n**JAX001** ..."
    assert joined["contents"]["value"] == expected
