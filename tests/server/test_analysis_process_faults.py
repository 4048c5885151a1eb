"""The analysis child under faults the server must outlive: a child that stays stopped is
timed out and replaced, whether it was stopped while idle or in the middle of an analysis,
and the request it had is sent to the new child (issue 35: the document's diagnostics were
published empty until its next edit); a request whose new child is lost too fails."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from jax_lsp.analysis import AnalysisConfig
from jax_lsp.server.runtime import analysis_process
from jax_lsp.server.runtime.analysis_process import AnalysisFailed, AnalysisProcess

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")

ROOT = Path(__file__).resolve().parents[2]
LOGGING = (ROOT / "examples" / "logging_in_loss.py").read_text()
SLOW = "import jax\n" + "".join(
    f"def h{i}(x):\n    return jax.grad(lambda z: z * h{i - 1}(x))(x)\n" if i else
    "def h0(x):\n    return x\n"
    for i in range(3000)
)
#: as slow, with a finding at its end (a callback differentiated)
SLOW_FINDING = SLOW + (
    "\n\ndef host(x):\n    return jax.pure_callback(abs, x, x)\n\n\n"
    "value = jax.grad(host)(1.0)\n"
)


@pytest.fixture
def process(monkeypatch: pytest.MonkeyPatch) -> Iterator[AnalysisProcess]:
    monkeypatch.setattr(analysis_process, "STOPPED_TIMEOUT", 0.5)
    proc = AnalysisProcess()
    proc.start()
    try:
        yield proc
    finally:
        proc.stop()


def _analyse(proc: AnalysisProcess, source: str) -> list:
    proc.begin(object())
    return proc.analyze(source, "a.py", AnalysisConfig())[0]


def test_a_child_stopped_while_idle_is_replaced(process: AnalysisProcess) -> None:
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    stopped = process.pid
    assert stopped is not None
    os.kill(stopped, signal.SIGSTOP)
    time.sleep(0.1)
    # the stopped child is replaced, and the new one answers the request
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    assert process.pid != stopped
    assert not alive(stopped)


def test_a_child_stopped_during_an_analysis_is_timed_out(process: AnalysisProcess) -> None:
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    stopped = process.pid
    assert stopped is not None
    threading.Timer(0.2, os.kill, (stopped, signal.SIGSTOP)).start()
    start = time.monotonic()
    assert [f.code for f in _analyse(process, SLOW_FINDING)] == ["JAX001"]
    assert process.pid != stopped
    assert not alive(stopped)
    # (0.5 s stopped, then the new child's whole analysis: a margin for a loaded machine)
    assert time.monotonic() - start < 60


def test_a_request_whose_new_child_is_lost_too_fails(process: AnalysisProcess) -> None:
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    first = process.pid
    assert first is not None
    stopper = _StopEveryChild(process)
    stopper.start()
    try:
        start = time.monotonic()
        with pytest.raises(AnalysisFailed, match="stopped"):
            _analyse(process, SLOW)
        assert time.monotonic() - start < 20
        assert len(stopper.stopped) == 2  # the first child and its replacement
    finally:
        stopper.done = True
        stopper.join()
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    assert process.pid not in stopper.stopped


class _StopEveryChild(threading.Thread):
    """Stops each child `process` runs, 0.2 s after it sees it, until `done`."""

    def __init__(self, process: AnalysisProcess) -> None:
        super().__init__(daemon=True)
        self.process = process
        self.stopped: list[int] = []
        self.done = False

    def run(self) -> None:
        while not self.done:
            pid = self.process.pid
            if pid is not None and pid not in self.stopped and alive(pid):
                time.sleep(0.2)
                if self.done:
                    return
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)
                self.stopped.append(pid)
            time.sleep(0.02)


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
