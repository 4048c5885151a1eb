"""The stdin front: `initialize` answered before the server's libraries are imported, with what
the server itself would answer, and nothing lost or answered twice when the server takes over."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.capabilities import ServerCapabilitiesBuilder
from pygls.protocol import default_converter
from pytest_lsp import client_capabilities

from jax_lsp.server.runtime.front import StdinFront, initialize_result
from jax_lsp.server.server import create_server
from tests.server.raw_server import PACKAGE_ROOT, RawServer, alive, children, frame

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"

#: what `jax-lsp serve` must not import before its stdin front answers `initialize`
HEAVY = ("jax_lsp.analysis", "jax_lsp.catalog", "jax_lsp.checker", "jax_lsp.fixes", "pygls",
         "lsprotocol", "libcst", "jedi", "cattrs", "attrs",
         # the checker's parts the server shares (they were in jax_lsp.checker)
         "jax_lsp.project.cache", "jax_lsp.project.provenance", "jax_lsp.project.discovery",
         "jax_lsp.project.gitignore")

_PROBE = """
import json, sys
from jax_lsp.cli import build_parser
args = build_parser({"serve"}).parse_args(["serve", "--python", "x"])
import jax_lsp.server.runtime.front, jax_lsp.server.runtime.spawn
print(json.dumps(sorted(sys.modules)))
"""


def test_serve_reaches_its_front_without_the_heavy_imports() -> None:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                         env=env, timeout=60, check=True).stdout
    assert [m for m in json.loads(out) if m.startswith(HEAVY)] == []


#: what the server process does not import to start (the analysis processes analyse; the
#: catalog, the fixes and the workspace scan's checker load in the background once it runs)
ANALYSER = ("jax_lsp.analysis.engine", "jax_lsp.analysis.interp", "jax_lsp.analysis.workspace",
            "jax_lsp.fixes.registry", "jax_lsp.catalog", "jax_lsp.checker", "libcst", "jedi",
            "jax_lsp.project.cache", "jax_lsp.project.provenance", "jax_lsp.project.discovery",
            "jax_lsp.project.gitignore")

_SERVER_PROBE = """
import json, sys
from jax_lsp.server.server import create_server
create_server()
print(json.dumps(sorted(sys.modules)))
"""


def test_the_server_starts_without_the_analyser() -> None:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    out = subprocess.run([sys.executable, "-c", _SERVER_PROBE], capture_output=True, text=True,
                         env=env, timeout=60, check=True).stdout
    assert [m for m in json.loads(out) if m.startswith(ANALYSER)] == []


def test_the_trusted_environment_variables_are_the_analysis_ones() -> None:
    from jax_lsp.analysis import environment
    from jax_lsp.project import trust

    assert (trust.ENV_PYTHON, trust.ENV_TRUST_PROJECT_PYTHON) == (
        environment.ENV_PYTHON, environment.ENV_TRUST_PROJECT_PYTHON)

#: client capabilities (as JSON) that change what the server advertises
CLIENTS: dict[str, dict[str, Any]] = {
    name: default_converter().unstructure(client_capabilities(name))
    for name in ("visual-studio-code", "neovim@v0.11.0", "emacs")
}
CLIENTS["bare"] = {}
CLIENTS["notebooks, utf-32 after an unknown encoding"] = {
    "notebookDocument": {"synchronization": {}},
    "general": {"positionEncodings": ["utf-7", "utf-32", "utf-8"]},
}
CLIENTS["only unknown encodings"] = {"general": {"positionEncodings": ["ebcdic"]}}
CLIENTS["will-save clients"] = {
    "textDocument": {"synchronization": {"willSave": True, "willSaveWaitUntil": True}},
    "workspace": {"fileOperations": {"didCreate": True, "willRename": True}},
}


@pytest.mark.parametrize("client", sorted(CLIENTS))
def test_the_early_answer_is_the_servers(client: str) -> None:
    """What the front answers equals what pygls builds from the registered features."""
    server = create_server()
    protocol = server.protocol
    converter = default_converter()
    params = {"processId": None, "rootUri": None, "capabilities": CLIENTS[client]}
    caps = converter.structure(params, types.InitializeParams).capabilities
    built = ServerCapabilitiesBuilder(
        caps,
        set({**protocol.fm.features, **protocol.fm.builtin_features}),
        protocol.fm.feature_options,
        list(protocol.fm.commands),
        server._text_document_sync_kind,
        server._notebook_document_sync,
        ServerCapabilitiesBuilder.choose_position_encoding(caps),
    ).build()
    expected = types.InitializeResult(capabilities=built, server_info=protocol.server_info)
    assert initialize_result(params) == json.loads(json.dumps(converter.unstructure(expected)))


def _analysis_child(server: subprocess.Popen[bytes]) -> int:
    """The analysis process under `server` (maybe behind a launcher process), once started:
    run as `python -m jax_lsp.server.runtime.analysis_process`, or forked (`spawn.fork`: a child
    with its parent's command line)."""
    deadline = time.monotonic() + 20
    server_cmdline = b""
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            server_cmdline = Path(f"/proc/{server.pid}/cmdline").read_bytes()
        pids = [(pid, server_cmdline) for pid in children(server.pid)]
        while pids:
            pid, parent_cmdline = pids.pop()
            with contextlib.suppress(OSError):
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
                if (b"jax_lsp.server.runtime.analysis_process" in cmdline
                        or cmdline == parent_cmdline):
                    return pid
                pids += [(child, cmdline) for child in children(pid)]
        time.sleep(0.001)
    raise AssertionError("no analysis process started")


def test_initialize_is_answered_while_the_analysis_process_cannot_run(tmp_path: Path) -> None:
    """With the analysis process stopped from its first moments, `initialize` is still answered
    (once), what was sent meanwhile is kept, and the diagnostics come once it runs again (or
    from its replacement: the front's first analysis finds it stopped, kills and replaces it,
    as the server does)."""
    raw = RawServer(tmp_path)
    child = _analysis_child(raw.process)
    os.kill(child, signal.SIGSTOP)
    try:
        answer = raw.call("initialize", {
            "processId": None, "rootUri": tmp_path.as_uri(),
            "capabilities": {"general": {"positionEncodings": ["utf-8"]},
                             "textDocument": {"diagnostic": {}}}})
        assert answer["result"]["capabilities"]["positionEncoding"] == "utf-8"
        raw.notify("initialized", {})
        source = (EXAMPLES / "logging_in_loss.py").read_text()
        uri = (tmp_path / "m.py").as_uri()
        raw.open(uri, source)
        pending = raw.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        time.sleep(0.3)
    finally:
        with contextlib.suppress(ProcessLookupError):  # replaced
            os.kill(child, signal.SIGCONT)
    items = raw.response(pending)["result"]["items"]
    assert items and all(d["code"].startswith("JAX") for d in items)
    raw.quiet(0.2)
    assert not raw.responses.get(answer["id"])  # answered once
    assert raw.call("shutdown")["result"] is None
    raw.notify("exit")
    assert raw.process.wait(10) == 0


def test_what_precedes_initialize_keeps_its_lifecycle_answers(tmp_path: Path) -> None:
    """A request before `initialize` still gets ServerNotInitialized; a second `initialize`
    still gets InvalidRequest; the first gets the one answer."""
    raw = RawServer(tmp_path)
    early = raw.request("textDocument/hover", {"textDocument": {"uri": "file:///x.py"},
                                               "position": {"line": 0, "character": 0}})
    first = raw.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    second = raw.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    assert raw.response(early)["error"]["code"] == -32002
    assert "capabilities" in raw.response(first)["result"]
    assert raw.response(second)["error"]["code"] == -32600
    raw.close_input()
    assert raw.process.wait(10) == 1


def test_an_initialize_the_schema_refuses_still_starts_the_server(tmp_path: Path) -> None:
    """The front answered an `initialize` whose parameters pygls cannot read (a processId that
    is not a number): the server starts with the encoding it answered instead of failing."""
    raw = RawServer(tmp_path)
    answer = raw.call("initialize", {"processId": "me", "rootUri": None, "capabilities": {
        "general": {"positionEncodings": ["utf-32"]}, "textDocument": {"diagnostic": {}}}})
    assert answer["result"]["capabilities"]["positionEncoding"] == "utf-32"
    raw.notify("initialized", {})
    uri = (tmp_path / "m.py").as_uri()
    raw.open(uri, "é = 1\n" + (EXAMPLES / "logging_in_loss.py").read_text())
    items = raw.diagnostics(uri)
    assert items
    assert raw.call("shutdown")["result"] is None
    raw.notify("exit")
    assert raw.process.wait(10) == 0


def test_the_front_reads_before_the_server_exists(tmp_path: Path) -> None:
    """Bytes written before the server's imports are done (a frame split anywhere, a bad frame
    first) are all read, in order."""
    process = subprocess.Popen(
        [sys.executable, "-m", "jax_lsp", "serve"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=tmp_path)
    assert process.stdin is not None and process.stdout is not None
    init = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    shutdown = frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    data = b"Content-Length: x\r\n\r\n" + init + shutdown + frame({"jsonrpc": "2.0",
                                                                 "method": "exit"})
    for i in range(0, len(data), 7):
        process.stdin.write(data[i:i + 7])
        process.stdin.flush()
    out, _ = process.communicate(timeout=30)
    bodies = [json.loads(part.split(b"\r\n\r\n", 1)[1])
              for part in out.split(b"Content-Length: ")[1:]]
    by_id = {b.get("id"): b for b in bodies}
    assert len(bodies) == 3 and [b.get("id") for b in bodies][-1] == 2
    assert by_id[None]["error"]["code"] == -32700
    assert "capabilities" in by_id[1]["result"]
    assert process.returncode == 0
    assert not any(alive(pid) for pid in children(process.pid))


def test_the_front_keeps_what_arrives_until_a_server_attaches() -> None:
    """In one process: `initialize` answered from the thread, every frame (it included) kept
    in order for the server, then what arrives later delivered, then the end of input."""
    read_end, write_end = os.pipe()
    out = io.BytesIO()
    params = {"processId": None, "rootUri": None,
              "capabilities": {"general": {"positionEncodings": ["utf-32"]}}}
    front = StdinFront(os.fdopen(read_end, "rb"), out)
    os.write(write_end, frame({"jsonrpc": "2.0", "id": 7, "method": "initialize",
                               "params": params})
             + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    deadline = time.monotonic() + 10
    while front.answered is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert front.answered == (7, initialize_result(params))
    header, body = out.getvalue().split(b"\r\n\r\n", 1)
    assert header == b"Content-Length: %d" % len(body)
    assert json.loads(body) == {"jsonrpc": "2.0", "id": 7, "result": initialize_result(params)}
    delivered: list[Any] = []
    closed = threading.Event()
    kept, ended = front.attach(delivered.extend, closed.set)
    assert [json.loads(e.body)["method"] for e in kept] == ["initialize", "initialized"]
    assert not ended
    os.write(write_end, frame({"jsonrpc": "2.0", "id": 8, "method": "shutdown"}))
    os.close(write_end)
    assert closed.wait(10)
    assert [json.loads(e.body)["method"] for e in delivered] == ["shutdown"]
    assert out.getvalue().count(b"Content-Length") == 1  # only `initialize` was answered
