"""The connection under bad input and lost clients, byte by byte: broken frames resynchronise,
the lifecycle rules of the LSP specification hold, and the server (with its analysis child)
ends when its client goes away."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from raw_server import RawServer, alive, children, frame

ROOT = Path(__file__).resolve().parents[2]
LOGGING = (ROOT / "examples" / "logging_in_loss.py").read_text()

PARSE_ERROR, INVALID_REQUEST, NOT_INITIALIZED, METHOD_NOT_FOUND = -32700, -32600, -32002, -32601


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RawServer]:
    raw = RawServer(tmp_path)
    try:
        yield raw
    finally:
        raw.kill()


@pytest.fixture(scope="module")
def initialized(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RawServer]:
    """One initialized server for the framing tests (each leaves it as it found it)."""
    raw = RawServer(tmp_path_factory.mktemp("framing"))
    try:
        raw.initialize()
        yield raw
    finally:
        raw.kill()


def ping(server: RawServer) -> None:
    """A request the server answers at once (MethodNotFound): proof it still reads frames."""
    answer = server.call("jax-lsp/ping")
    assert answer["error"]["code"] == METHOD_NOT_FOUND


def null_id_errors(server: RawServer) -> list[int]:
    return [m["error"]["code"] for m in server.responses.pop(None, [])]


#: (what is wrong, the bytes, whether the server answers them with a parse error)
BAD_FRAMES = [
    ("length too small", frame({"jsonrpc": "2.0", "id": "x", "method": "a"}, 5), True),
    ("length too large", frame({"jsonrpc": "2.0", "method": "$/a"}, 4000), False),
    ("length missing", b"Content-Type: application/json\r\n\r\n{}", False),
    ("length not a number", b"Content-Length: twelve\r\n\r\n{}", True),
    ("length negative", b"Content-Length: -12\r\n\r\n{}", True),
    ("length huge", b"Content-Length: 1000000000000\r\n\r\n{}", True),
    ("body not JSON", frame(b"{'not': json"), True),
    ("body not UTF-8", frame(b'{"a": "\xff\xfe"}'), True),
    ("garbage between frames", b"\x00\x01garbage\r\n\r\n", False),
]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipe sizes are Linux's")
def test_pipes_hold_a_whole_module(initialized: RawServer) -> None:
    """The client's pipes and the analysis process's hold a large module's text (a didOpen, an
    analysis request) in one write, not in 64 KiB rounds."""
    import fcntl

    from jax_lsp.server.runtime.pipes import PIPE_SIZE

    ping(initialized)
    process = initialized.process
    assert process.stdin is not None and process.stdout is not None
    ends = [process.stdin.fileno(), process.stdout.fileno()]
    (child,) = children(process.pid)
    for fd in (0, 1):  # the analysis process's ends, opened again through /proc
        ends.append(os.open(f"/proc/{child}/fd/{fd}", os.O_RDONLY | os.O_NONBLOCK))
    try:
        assert [fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ) >= PIPE_SIZE for fd in ends] == [True] * 4
    finally:
        for fd in ends[2:]:
            os.close(fd)


def test_bad_frames_do_not_wedge_the_session(initialized: RawServer) -> None:
    server = initialized
    ping(server)
    for what, data, answered in BAD_FRAMES:
        server.write(data)
        ping(server)
        ping(server)
        assert null_id_errors(server) == ([PARSE_ERROR] if answered else []), what
    # documents still get their diagnostics
    uri = (server.root / "m.py").as_uri()
    server.open(uri, LOGGING)
    assert [d["code"] for d in server.diagnostics(uri)] == ["JAX003"]
    assert server.process.poll() is None


def test_a_frame_split_anywhere_is_read(initialized: RawServer) -> None:
    server = initialized
    data = frame({"jsonrpc": "2.0", "id": "split", "method": "jax-lsp/ping", "params": None})
    for i in range(1, len(data)):
        server.write(data[:i])
        time.sleep(0.001)
        server.write(data[i:])
    for _ in range(1, len(data)):
        assert server.response("split")["error"]["code"] == METHOD_NOT_FOUND


def test_a_huge_length_is_never_allocated(initialized: RawServer) -> None:
    server = initialized
    server.write(b"Content-Length: 60000000000\r\n\r\n")
    ping(server)
    rss_kib = int(Path(f"/proc/{server.process.pid}/status").read_text()
                  .split("VmRSS:")[1].split()[0])
    assert rss_kib < 1_000_000
    assert null_id_errors(server) == [PARSE_ERROR]


def test_lifecycle_rules(server: RawServer) -> None:
    # before initialize: requests get ServerNotInitialized, notifications are dropped
    assert server.call("textDocument/hover", {})["error"]["code"] == NOT_INITIALIZED
    server.notify("textDocument/didOpen", {})
    answer = server.initialize()
    assert "capabilities" in answer["result"]
    # initialize only once
    again = server.call("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    assert again["error"]["code"] == INVALID_REQUEST
    # ids are integers or strings: any other id gets an error with id null
    for bad_id in ({"x": 1}, [1], 1.5, True):
        server.send({"jsonrpc": "2.0", "id": bad_id, "method": "jax-lsp/ping"})
        server.quiet(0.3)
        assert null_id_errors(server) == [INVALID_REQUEST]
    # not JSON-RPC 2.0 at all
    server.send({"id": 7, "method": "jax-lsp/ping"})
    assert server.response(7)["error"]["code"] == INVALID_REQUEST
    server.send([{"jsonrpc": "2.0", "id": 8, "method": "jax-lsp/ping"}])  # no batches in LSP
    server.quiet(0.3)
    assert null_id_errors(server) == [INVALID_REQUEST]
    ping(server)
    assert server.call("shutdown", None, msg_id=0)["result"] is None
    # after shutdown: every request but exit is refused
    assert server.call("jax-lsp/ping")["error"]["code"] == INVALID_REQUEST
    assert server.call("textDocument/hover", {})["error"]["code"] == INVALID_REQUEST
    assert server.call("shutdown")["error"]["code"] == INVALID_REQUEST
    server.notify("exit")
    assert server.wait_exit() == 0


HELPERS = 1200


def _slow_module() -> str:
    """A module whose analysis takes seconds: many helpers, each reached from many grads."""
    lines = ["import jax", "import jax.numpy as jnp", ""]
    for i in range(HELPERS):
        lines += [
            f"def h{i}(x):",
            f"    y = h{i - 1}(x) if x > 0 else jnp.sin(x)" if i else "    y = jnp.sin(x)",
            f"    return y * {i} + jax.grad(lambda z: z * y)(x)",
            "",
        ]
    lines += [f"g{i} = jax.grad(h{i})" for i in range(HELPERS)]
    return "\n".join(lines) + "\n"


def _exited(pids: list[int], timeout: float) -> float | None:
    """Seconds until every process in `pids` is gone, or None past `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if not any(alive(p) for p in pids):
            return time.monotonic() - start
        time.sleep(0.05)
    return None


def test_closing_stdin_during_an_analysis_ends_server_and_child(server: RawServer) -> None:
    server.initialize()
    ping(server)
    child = children(server.process.pid)
    assert child, "the analysis process runs from the start"
    server.open((server.root / "slow.py").as_uri(), _slow_module())
    time.sleep(0.5)  # the analysis has started
    server.close_input()
    took = _exited([server.process.pid, *child], 5)
    assert took is not None and took < 2.5, took


def test_a_dead_client_process_ends_the_server(server: RawServer) -> None:
    client = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    server.initialize(process_id=client.pid)
    ping(server)
    child = children(server.process.pid)
    ping(server)
    assert server.process.poll() is None  # the client is alive: the server stays
    client.kill()
    client.wait()
    took = _exited([server.process.pid, *child], 10)
    assert took is not None and took < 4, took


def test_the_analysis_child_dies_with_a_killed_server(server: RawServer) -> None:
    server.initialize()
    ping(server)
    child = children(server.process.pid)
    server.open((server.root / "slow.py").as_uri(), _slow_module())
    time.sleep(0.5)
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait()
    took = _exited(child, 10)
    assert took is not None and took < 3, took


@pytest.mark.parametrize(
    "text",
    [
        "\ufeff" + LOGGING,
        LOGGING + "# \ud800 a byte that was not UTF-8\n",
        "\ufeff# caf\udce9\n" + LOGGING + "x = '\udcff'\n",
    ],
    ids=["bom", "lone-high-surrogate", "bom-and-low-surrogates"],
)
def test_a_bom_or_lone_surrogates_still_get_diagnostics(
    initialized: RawServer, text: str
) -> None:
    server = initialized
    plain = (server.root / "plain.py").as_uri()
    server.open(plain, LOGGING)
    [expected] = server.diagnostics(plain)
    uri = (server.root / f"odd{abs(hash(text))}.py").as_uri()
    server.open(uri, text)  # json.dumps writes lone surrogates as \ud800 escapes
    [got] = server.diagnostics(uri)
    shift = text.count("\n", 0, text.index(LOGGING[:40]))
    assert got["code"] == expected["code"] == "JAX003"
    assert got["range"]["start"]["line"] == expected["range"]["start"]["line"] + shift
    assert got["range"]["start"]["character"] == expected["range"]["start"]["character"]


def test_tcp_uses_the_same_framing(tmp_path: Path) -> None:
    import json
    import re
    import socket

    process = subprocess.Popen(
        [sys.executable, "-m", "jax_lsp", "serve", "--tcp", "--port", "0", "--log-level", "info"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path,
    )
    try:
        assert process.stderr is not None
        port = None
        while port is None:
            line = process.stderr.readline().decode()
            assert line, "the server exited before listening"
            if m := re.search(r"Serving on \('127\.0\.0\.1', (\d+)\)", line):
                port = int(m.group(1))
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            init = {"processId": None, "rootUri": None, "capabilities": {}}
            sock.sendall(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                "params": init}))
            sock.sendall(b"Content-Length: 1000000000000\r\n\r\n")
            sock.sendall(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
            received = b""
            while b'"id": 2' not in received and b'"id":2' not in received:
                chunk = sock.recv(65536)
                assert chunk, received
                received += chunk
            headers = rb"Content-Length: \d+\r\n(?:[^\r\n]+\r\n)*\r\n"
            bodies = [json.loads(b) for b in re.split(headers, received) if b.strip()]
            assert {"id": None, "code": -32700} in [
                {"id": b.get("id"), "code": b.get("error", {}).get("code")} for b in bodies]
            assert any(b.get("id") == 2 and "result" in b for b in bodies)
            sock.sendall(frame({"jsonrpc": "2.0", "method": "exit"}))
        assert process.wait(30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
