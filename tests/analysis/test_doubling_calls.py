"""Issue 35, case 1: helpers that each call the previous one twice (`doubling_chain`). The
one-shot analysis memoises the second call of each helper; the recording analysis (the
language server's, `incremental`) copied the memoised call's log span on each answer, which
doubled the logs per level (2^n entries: 28 s at depth 26, never done at 250 lines). Counted,
never timed: the logs grow linearly with the depth; the 250-line module is analysed, in full
and incrementally, with the one-shot analysis's findings; and past the cap on what the logs
copy (`call_logs`) the one-shot analysis answers."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest
from doubling_chain import DEPTH_250_LINES, doubling_chain

from jax_lsp.analysis import interp
from jax_lsp.analysis.engine import AnalysisResult, analyze_source, parse
from jax_lsp.analysis.incremental import IncrementalAnalyzer, KnownEdits, call_logs
from jax_lsp.analysis.interp import Interpreter


def test_jax_rejects_the_module() -> None:
    """Ground truth: JAX raises on the module (a pure_callback has no JVP rule)."""
    pytest.importorskip("jax")
    run = subprocess.run(
        [sys.executable, "-c", doubling_chain(3)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode != 0
    assert "Pure callbacks do not support JVP" in run.stderr


def _logs(depth: int) -> int:
    source = doubling_chain(depth)
    tree = parse(source, "m.py")
    assert not isinstance(tree, AnalysisResult)
    it = Interpreter(tree, source.splitlines(), path="m.py", record=True)
    it.run()
    assert not it.incomplete
    return len(it._entered_log) + len(it._emitted)


def test_the_recording_logs_grow_linearly_with_the_depth() -> None:
    # each helper once in the span of each helper above it: about depth^2 / 2 entries (before:
    # 2^depth, 32,768 at depth 14)
    for depth in (6, 14, 30):
        assert _logs(depth) <= depth * depth + 4 * depth, depth


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Fail (not hang) where the analysis does not finish: it took 0.1 s, and never finished
    before the fix."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise AssertionError(f"the analysis did not finish within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("edit", ["np.sin", "x * 2)\n\n\ng"])
def test_the_250_line_module_is_analysed_in_full_and_incrementally(edit: str) -> None:
    source = doubling_chain(DEPTH_250_LINES)
    expected = analyze_source(source, "m.py")
    assert [f.code for f in expected.findings] == ["JAX001"]
    analyzer = IncrementalAnalyzer()
    # an edit of the callback's line, or of the last helper (its findings are re-derived)
    edited = source.replace(edit, "np.cos" if edit == "np.sin" else "x * 3)\n\n\ng", 1)
    assert edited != source
    with _deadline(60):
        full = analyzer.analyze(source, "m.py", incremental=False)
        result = analyzer.analyze(edited, "m.py")
    assert full.findings == expected.findings and not full.incomplete
    assert analyzer.incremental_runs == 1 and analyzer.one_shot_runs == 0
    assert result.findings == analyze_source(edited, "m.py").findings


def test_past_the_cap_the_one_shot_analysis_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A recording analysis whose log copies exceed their cap is stopped, and the caller gets
    the one-shot analysis's result (never nothing); the next version is analysed in full."""
    monkeypatch.setattr(interp, "WORK_PER_STATEMENT", 0)
    source = doubling_chain(12)
    analyzer = IncrementalAnalyzer()
    result = analyzer.analyze(source, "m.py", incremental=False)
    assert analyzer.one_shot_runs == 1
    assert result.exact and not result.incomplete
    assert result.findings == analyze_source(source, "m.py").findings
    assert analyzer.last_source is None  # nothing recorded to build on
    edited = source.replace("np.sin", "np.cos")
    assert analyzer.analyze(edited, "m.py").findings == analyze_source(edited, "m.py").findings
    assert analyzer.one_shot_runs == 2
    # (a caller that wants only an exact incremental result gets None, as when inexact)
    known = KnownEdits(edited, [], [], [])
    assert analyzer.analyze_exact(edited, "m.py", None, None, known) is None


def test_a_cap_of_zero_examines_nothing() -> None:
    log = call_logs.CallLog(cap=0)
    log.extend_once([])
    with pytest.raises(call_logs.RecordsTooLarge):
        log.extend_once(["a"])
