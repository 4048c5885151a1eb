"""Issue 35's server cases, against the real server over stdio (`RawServer`), each with a
margin for a loaded two-core machine:

1. a module of helpers that each call the previous one twice (`doubling_chain`, 250 lines)
   gets its diagnostics, and so do a module importing it and an unrelated one opened with it
   (before: none of them, ever, while it was open);
8. after the analysis child is stopped (SIGSTOP), the next edit gets its real diagnostics
   (before: published empty until the edit after); a document whose URI holds `%00` fails
   nothing of the others' (before: every other document's diagnostics were published empty);
   a notification of 100,000 wrong list items (300 KB to 1.4 MB) is rejected at once
   (before: 30 s to minutes, 300-700 MiB); with stdout full and unread, closing stdin ends
   the server (before: never); and a `JAX_LSP_ANALYSIS_PROCESSES` that is not a number is
   reported and the default taken (before: the server died).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from doubling_chain import DEPTH_250_LINES, doubling_chain
from raw_server import SERVER_COMMAND, RawServer, children, frame

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc, pipes' sizes")

ROOT = Path(__file__).resolve().parents[2]
LOGGING = (ROOT / "examples" / "logging_in_loss.py").read_text()
PUBLISH = "textDocument/publishDiagnostics"
#: seconds for diagnostics that take about one on an idle machine
PATIENCE = 60.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RawServer]:
    raw = RawServer(tmp_path)
    try:
        raw.initialize(capabilities={})  # diagnostics are pushed
        yield raw
    finally:
        raw.kill()


def published(server: RawServer, uri: str) -> list[tuple[int | None, list[dict[str, Any]]]]:
    """The (version, diagnostics) of each publication for `uri`, in order."""
    return [
        (m["params"].get("version"), m["params"]["diagnostics"])
        for m in server.notifications
        if m["method"] == PUBLISH and m["params"]["uri"] == uri
    ]


def wait_until(server: RawServer, done: Any, timeout: float = PATIENCE) -> bool:
    deadline = time.monotonic() + timeout
    while not done():
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        server._drain(min(left, 0.2))
    return True


def codes(diagnostics: list[dict[str, Any]]) -> list[str]:
    return [d["code"] for d in diagnostics]


def test_a_doubling_chain_neither_freezes_nor_holds_up_others(
    server: RawServer, tmp_path: Path
) -> None:
    n = DEPTH_250_LINES
    chain = tmp_path / "chain.py"
    chain.write_text(doubling_chain(n))
    user = tmp_path / "user.py"
    user.write_text(f"import jax\nfrom chain import f{n}\n\n\nvalue = jax.grad(f{n})(1.0)\n")
    uris = {p: p.as_uri() for p in (chain, user, tmp_path / "other.py")}
    server.open(uris[chain], chain.read_text())
    server.open(uris[user], user.read_text())
    server.open(uris[tmp_path / "other.py"], LOGGING)
    expected = {uris[chain]: ["JAX001"], uris[user]: ["JAX001"],
                uris[tmp_path / "other.py"]: ["JAX003"]}

    def all_in() -> bool:
        return all(
            any(codes(d) == want for _, d in published(server, uri))
            for uri, want in expected.items()
        )

    assert wait_until(server, all_in), {u: published(server, u) for u in expected}
    # and the chain is analysed incrementally after an edit
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uris[chain], "version": 2},
        "contentChanges": [{"text": chain.read_text().replace("np.sin", "np.cos")}],
    })
    assert wait_until(server, lambda: any(
        v == 2 and codes(d) == ["JAX001"] for v, d in published(server, uris[chain])))


def test_a_stopped_child_is_replaced_and_the_edit_gets_real_diagnostics(
    server: RawServer, tmp_path: Path
) -> None:
    uri = (tmp_path / "a.py").as_uri()
    server.open(uri, LOGGING)
    assert wait_until(server, lambda: any(d for _, d in published(server, uri)))
    stopped = children(server.process.pid)
    assert stopped
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": LOGGING + "\n# an edit\n"}],
    })
    assert wait_until(server, lambda: any(v == 2 for v, _ in published(server, uri)))
    server.quiet(1.0)
    after = published(server, uri)
    assert all(codes(d) == ["JAX003"] for _, d in after), after  # never empty
    assert not set(stopped) & set(children(server.process.pid))


def test_a_nul_in_one_uri_fails_no_other_document(server: RawServer, tmp_path: Path) -> None:
    bad = tmp_path.as_uri() + "/b%00.py"
    good = (tmp_path / "a.py").as_uri()
    server.open(bad, LOGGING)
    server.open(good, LOGGING)
    assert wait_until(server, lambda: bool(published(server, good)) and bool(
        published(server, bad)))
    server.quiet(1.0)
    assert [codes(d) for _, d in published(server, good)] == [["JAX003"]]
    # the document with no file behind it is analysed as text
    assert [codes(d) for _, d in published(server, bad)] == [["JAX003"]]


def _peak_mib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) // 1024
    raise AssertionError("no VmHWM")


@pytest.mark.parametrize("method,params", [
    ("workspace/didChangeWatchedFiles", {"changes": [0] * 100_000}),
    ("textDocument/didChange", {"textDocument": {"uri": "file:///x.py", "version": 2},
                                "contentChanges": [{"range": 1}] * 100_000}),
], ids=["watched-files", "did-change"])
def test_a_malformed_flood_is_rejected_cheaply(
    server: RawServer, tmp_path: Path, method: str, params: dict[str, Any]
) -> None:
    server.call("jax-lsp/ping")  # started
    server.notify(method, params)
    start = time.monotonic()
    answer = server.call("jax-lsp/ping")
    took = time.monotonic() - start
    assert answer["error"]["code"] == -32601
    peak = _peak_mib(server.process.pid)
    # before: over 25 s (never under 10 here) and 500-700 MiB; now about 0.2 s and no growth
    assert took < 10, took
    assert peak < 250, peak
    uri = (tmp_path / "a.py").as_uri()
    server.open(uri, LOGGING)
    assert wait_until(server, lambda: any(codes(d) == ["JAX003"]
                                          for _, d in published(server, uri)))


def _stdout_full_then_close(tmp_path: Path, wait_before_flood: float) -> float | None:
    """Fill the server's stdout (never read) with answers, close its stdin; seconds until it
    exits (None: not within 30)."""
    process = subprocess.Popen(
        SERVER_COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, cwd=tmp_path,
    )
    try:
        assert process.stdin is not None
        stdin = process.stdin

        def write() -> None:
            try:
                stdin.write(frame({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                   "params": {"processId": None, "rootUri": None,
                                              "capabilities": {}}}))
                stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
                stdin.flush()
                time.sleep(wait_before_flood)
                for i in range(3000):  # 3,000 error answers: far more than a pipe holds
                    stdin.write(frame({"jsonrpc": "2.0", "id": i + 1,
                                       "method": "jax-lsp/ping" + "x" * 200}))
                stdin.flush()
            except OSError:
                pass

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writer.join(20)
        time.sleep(1.0)
        os.close(stdin.fileno())  # (also where the writer is still blocked in a write)
        start = time.monotonic()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            return None
        return time.monotonic() - start
    finally:
        for pid in children(process.pid):
            with_suppressed_kill(pid)
        if process.poll() is None:
            process.kill()
            process.wait()


def with_suppressed_kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


@pytest.mark.parametrize("wait_before_flood", [0.0, 3.0], ids=["before-attach", "after-attach"])
def test_closing_stdin_ends_a_server_whose_stdout_is_full(
    tmp_path: Path, wait_before_flood: float
) -> None:
    took = _stdout_full_then_close(tmp_path, wait_before_flood)
    assert took is not None and took < 20, took


def test_a_bad_number_of_analysis_processes_is_reported_and_the_default_taken(
    tmp_path: Path,
) -> None:
    log = tmp_path / "stderr.txt"
    with log.open("wb") as err:
        raw = RawServer(tmp_path, env={"JAX_LSP_ANALYSIS_PROCESSES": "abc"}, stderr=err)
        try:
            raw.initialize(capabilities={})
            uri = (tmp_path / "a.py").as_uri()
            raw.open(uri, LOGGING)
            # (the first diagnostics may come from the stdin front: the edit's are the server's)
            raw.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": 2},
                "contentChanges": [{"text": LOGGING + "\n# an edit\n"}],
            })
            assert wait_until(raw, lambda: any(v == 2 and codes(d) == ["JAX003"]
                                               for v, d in published(raw, uri)))
            assert raw.process.poll() is None
        finally:
            raw.kill()
    text = log.read_text(errors="replace")
    assert "JAX_LSP_ANALYSIS_PROCESSES='abc' is not a whole number" in text, text


def test_the_number_of_analysis_processes_is_read_leniently() -> None:
    from jax_lsp.server.session.worker import MAX_WORKERS, workers_from

    assert [workers_from(v) for v in (None, "", " ", "2", "0", "-3", "abc", "1.5")] == [
        1, 1, 1, 2, 1, 1, 1, 1]
    assert workers_from(str(10 * MAX_WORKERS)) == MAX_WORKERS

