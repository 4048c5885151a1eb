"""A byte-level client of the real server (`python -m jax_lsp serve` over stdio), for what a typed
LSP client cannot send: broken frames, malformed JSON, requests out of lifecycle order.

Everything the server writes is parsed into messages on a reader thread; the tests wait for the
ones they expect. Requests the server sends (configuration, progress tokens) are answered with
null.
"""

from __future__ import annotations

import importlib.util
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SERVER_COMMAND = [sys.executable, "-m", "jax_lsp", "serve"]
#: the folder holding the `jax_lsp` the tests import (found without importing it): the
#: repository, or a compiled copy given by PYTHONPATH (docs/internals.md, "The compiled
#: build"). A probe process is given it, so that it runs the package the server started by
#: these tests runs (the rules' URLs name the package's folder)
PACKAGE_ROOT = Path(importlib.util.find_spec("jax_lsp").origin).resolve().parents[1]
TIMEOUT = 30.0


def frame(message: Any, length: int | None = None) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    n = len(body) if length is None else length
    return b"Content-Length: %d\r\n\r\n" % n + body


def children(pid: int) -> list[int]:
    """The child processes of `pid` (Linux)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class RawServer:
    def __init__(
        self, root: Path, env: dict[str, str] | None = None, stderr: Any = subprocess.DEVNULL
    ) -> None:
        self.root = root
        self.process = subprocess.Popen(
            SERVER_COMMAND,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=root,
            # (the package under test, not whatever `python -m jax_lsp` finds from `root`: an
            # installed copy elsewhere, e.g. another checkout's editable install)
            env={**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), **(env or {})},
        )
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.responses: dict[Any, list[dict[str, Any]]] = {}
        self.notifications: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._next_id = 0

    # -- writing ------------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        self.write(frame(message))

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: Any = None, msg_id: Any = None) -> Any:
        """Send a request; its id."""
        if msg_id is None:
            self._next_id += 1
            msg_id = f"r{self._next_id}"
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return msg_id

    def call(self, method: str, params: Any = None, msg_id: Any = None) -> dict[str, Any]:
        return self.response(self.request(method, params, msg_id))

    def initialize(self, process_id: int | None = None, **extra: Any) -> dict[str, Any]:
        answer = self.call(
            "initialize",
            {
                "processId": process_id,
                "rootUri": self.root.as_uri(),
                "capabilities": {"textDocument": {"diagnostic": {}}},
                **extra,
            },
        )
        self.notify("initialized", {})
        return answer

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": version,
                              "text": text}},
        )

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        answer = self.call("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        return list(answer["result"]["items"])

    def close_input(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()

    # -- reading ------------------------------------------------------------------------------

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line == b"\r\n" and length is not None:
                    break
            message = json.loads(stream.read(length))
            if "method" in message and "id" in message:  # a request of the server
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            self.messages.put(message)

    def _drain(self, timeout: float) -> bool:
        try:
            message = self.messages.get(timeout=timeout)
        except queue.Empty:
            return False
        if "method" in message:
            self.notifications.append(message)
        else:
            self.responses.setdefault(message.get("id"), []).append(message)
        return True

    def response(self, msg_id: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The (first unclaimed) response with this id; AssertionError if none comes."""
        deadline = time.monotonic() + timeout
        while not self.responses.get(msg_id):
            left = deadline - time.monotonic()
            assert left > 0, f"no response with id {msg_id!r}"
            self._drain(min(left, 0.5))
        return self.responses[msg_id].pop(0)

    def quiet(self, seconds: float) -> None:
        """Collect whatever arrives within `seconds`."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self._drain(left)

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        return self.process.wait(timeout)

    def kill(self) -> None:
        for pid in children(self.process.pid):
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
