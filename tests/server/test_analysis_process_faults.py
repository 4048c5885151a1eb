"""The analysis child under faults the server must outlive: a child that stays stopped is
timed out and replaced, whether it was stopped while idle or in the middle of an analysis."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from jax_lsp.analysis import AnalysisConfig
from jax_lsp.server import analysis_process
from jax_lsp.server.analysis_process import AnalysisFailed, AnalysisProcess

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")

ROOT = Path(__file__).resolve().parents[2]
LOGGING = (ROOT / "examples" / "logging_in_loss.py").read_text()
SLOW = "import jax\n" + "".join(
    f"def h{i}(x):\n    return jax.grad(lambda z: z * h{i - 1}(x))(x)\n" if i else
    "def h0(x):\n    return x\n"
    for i in range(3000)
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
    with pytest.raises(AnalysisFailed, match="stopped"):
        _analyse(process, LOGGING)
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    assert process.pid != stopped


def test_a_child_stopped_during_an_analysis_is_timed_out(process: AnalysisProcess) -> None:
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    stopped = process.pid
    assert stopped is not None
    threading.Timer(0.2, os.kill, (stopped, signal.SIGSTOP)).start()
    start = time.monotonic()
    with pytest.raises(AnalysisFailed, match="stopped"):
        _analyse(process, SLOW)
    assert time.monotonic() - start < 3
    assert [f.code for f in _analyse(process, LOGGING)] == ["JAX003"]
    assert process.pid != stopped
