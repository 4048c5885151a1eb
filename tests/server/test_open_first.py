"""An open's first diagnostics come from the one-shot analysis; the recording analysis, which
keeps what the next edit builds on, runs once they are sent (`analysis_process._analyse`,
`_State.after`), and the edits after it are analysed incrementally, with the findings a fresh
analysis gives. Run in this process: what the child does for one request, then what it does
once the answer is sent."""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path

import pytest

from jax_lsp.analysis import AnalysisConfig, Finding
from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.server.runtime import analysis_process
from jax_lsp.server.runtime.analysis_process import _State

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate  # noqa: E402

#: a differentiated callback, appended by an edit: a new finding
ADDED = """

def added_loss(x):
    return jnp.sum(pc(_host_0, jax.ShapeDtypeStruct(x.shape, x.dtype), x))


added_grad = jax.grad(added_loss)(jnp.ones(3))
"""


@pytest.fixture(autouse=True)
def fresh_child() -> Iterator[None]:
    _State.analyzers = OrderedDict()
    _State.sent = OrderedDict()
    _State.after = None
    yield
    _State.analyzers = OrderedDict()
    _State.sent = OrderedDict()
    _State.after = None


def _fresh(text: str, name: str) -> list[Finding]:
    result = analyze_source(text, name, AnalysisConfig())
    return filter_suppressed(text, result.findings)


def _identical(a: list[Finding], b: list[Finding]) -> bool:
    return analysis_process._same_findings(a, b) and [f.path for f in a] == [f.path for f in b]


def test_the_open_is_answered_before_the_records_are_made_and_edits_stay_exact() -> None:
    name = "opened.py"
    text = generate(400)
    config = AnalysisConfig()
    findings, error, _, exact = analysis_process._analyse(text, name, config, False)
    assert error is None and exact and findings
    assert _identical(findings, _fresh(text, name))
    analyzer = analysis_process.analyzer_for(name)
    # the answer came before any recording analysis: that runs once it is sent
    assert analyzer.full_runs == 0 and analyzer.last_source is None
    after, _State.after = _State.after, None
    assert after is not None
    after()
    analyzer.prepare()
    assert analyzer.full_runs == 1 and analyzer.last_source == text

    edited = text + ADDED
    findings, error, _, exact = analysis_process._analyse(edited, name, config, True)
    assert error is None and exact
    assert analyzer.incremental_runs == 1 and analyzer.full_runs == 1
    assert _identical(findings, _fresh(edited, name))
    assert len(findings) == len(_fresh(text, name)) + 1

    edited = edited.replace("def host_act_1(x):", "def host_act_1(x, y=0):")
    findings, _, _, _ = analysis_process._analyse(edited, name, config, True)
    assert analyzer.incremental_runs == 2 and analyzer.full_runs == 1
    assert _identical(findings, _fresh(edited, name))


def test_a_second_full_analysis_of_an_open_document_still_records() -> None:
    """A document the analyzer holds a version of (a confirmation, a re-open in the same
    session) is analysed by the recording analysis at once: nothing runs after."""
    name = "again.py"
    text = generate(200)
    config = AnalysisConfig()
    analysis_process._analyse(text, name, config, False)
    after, _State.after = _State.after, None
    assert after is not None
    after()
    analyzer = analysis_process.analyzer_for(name)
    runs = analyzer.full_runs
    findings, _, _, _ = analysis_process._analyse(text + "\n# saved\n", name, config, False)
    assert analyzer.full_runs == runs + 1 and _State.after is None
    assert _identical(findings, _fresh(text + "\n# saved\n", name))


def test_the_child_imports_the_analyser_before_its_first_request() -> None:
    """`import_analysis` (run by the child while it waits for its first request) leaves no
    module of jax_lsp for the first analysis to import: it would be paid for in the open."""
    import subprocess

    program = (
        "import sys\n"
        "from jax_lsp.server.runtime import analysis_process\n"
        "from jax_lsp.analysis import AnalysisConfig\n"
        "analysis_process.import_analysis()\n"
        "before = set(sys.modules)\n"
        "analysis_process._analyse(sys.argv[1], 'm.py', AnalysisConfig(), False)\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('jax_lsp')))\n"
    )
    out = subprocess.run([sys.executable, "-c", program, generate(200)], capture_output=True,
                         text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]", out.stdout
