"""Minimised re-expressions of what jax-lsp reported on the repositories of
`scripts/realrepos_new.txt` (docs/measurements.md, "Round 3"): each labelled by running JAX, and
the analysis checked against the label. A program whose false positive is a known, documented
mechanism not yet fixed is a strict xfail naming it: when the mechanism is fixed the xfail
passes, the test fails, and the program belongs in tests/corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle import expected_markers, run_program

from jax_lsp.analysis import analyze_source
from jax_lsp.codes import RULES

PROGRAMS = sorted((Path(__file__).parent / "realrepos3").glob("*.py"))

#: program -> the mechanism behind the false positive jax-lsp reports on it
KNOWN_FALSE_POSITIVES: dict[str, str] = {
    # none left: summary_after_context_cap.py's (a context-cap summary keeping the marks of a
    # value_and_grad level that had returned) is fixed by `Level.closed`
    # (tests/analysis/test_context_cap_summary.py)
}


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_behaves_as_labeled(path: Path) -> None:
    markers = expected_markers(path.read_text(encoding="utf-8"))
    outcome = run_program(path)
    if not markers:
        assert outcome.ok, f"{path.name} is labeled as running, but JAX said: {outcome}"
        return
    codes = {code for _, code in markers}
    assert not outcome.ok, f"{path.name} is labeled {sorted(codes)}, but it ran without error"
    assert any(RULES[c].matches(outcome.exception, outcome.message) for c in codes), (
        f"{path.name} is labeled {sorted(codes)}, but JAX raised {outcome}"
    )


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN_FALSE_POSITIVES[p.name]))
     if p.name in KNOWN_FALSE_POSITIVES else p for p in PROGRAMS],
    ids=[p.stem for p in PROGRAMS])
def test_analysis_matches_label(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    got = {(f.span.line, f.code) for f in analyze_source(source, str(path)).findings}
    assert got == expected_markers(source)


def test_every_known_false_positive_is_a_program() -> None:
    assert set(KNOWN_FALSE_POSITIVES) <= {p.name for p in PROGRAMS}
