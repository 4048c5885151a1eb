"""Every fix offered anywhere in the labeled corpus, applied and checked.

For each corpus program (tests/rules/*/{fires,clean}/*.py, examples/*.py), each finding and each fix
`fixes_for` offers for it:

- the fixed program parses, and nothing outside the fix's edit ranges changed;
- applying again is a no-op: the checker no longer reports that code there, so no fix for it is
  offered;
- real JAX runs the fixed program to the end (every fix but the suppression; only programs with
  a single finding are run, since fixing one finding leaves the others failing: today every
  corpus program has exactly one).

The gradients the fixes promise are checked on dedicated programs in `test_fix_gradients.py`.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from fix_cases import (
    FixCase,
    corpus_cases,
    edit_offsets,
    parses,
    reported,
    run_group,
    splice,
    stray_edits,
)

from jax_lsp.analysis.findings import FixKind
from jax_lsp.codes import RULES
from jax_lsp.fixes import fixes_for
from jax_lsp.fixes.offers import COST, listed_title, offered_kinds, preferred_kind

CASES = corpus_cases()

#: fixed programs that still fail under JAX, for a reason outside the fix: (id prefix, fix
#: kind or None for all) -> (exception, why)
KNOWN_FAILURES: dict[tuple[str, str | None], tuple[str, str]] = {}


def _known_failure(case: FixCase) -> tuple[str, str] | None:
    for (prefix, kind), expected in KNOWN_FAILURES.items():
        if case.id.startswith(prefix) and kind in (None, case.fix.kind.value):
            return expected
    return None


def test_the_corpus_offers_fixes() -> None:
    kinds = {c.fix.kind for c in CASES}
    assert kinds >= {FixKind.STOP_GRADIENT, FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP,
                     FixKind.JACREV_INSTEAD, FixKind.SUPPRESS}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fix_is_minimal_and_removes_the_finding(case: FixCase) -> None:
    assert parses(case.fixed), "the fixed program does not parse"
    ranges = sorted(edit_offsets(case.original, e) for e in case.fix.edits)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(ranges)), "edits overlap"
    # everything outside the edited ranges is identical, and the ranges are where they belong
    assert case.fixed == splice(case.original, case.fix.edits)
    assert stray_edits(case.finding, case.fix.edits) == []

    before = reported(case.original, case.finding.code)
    after = reported(case.fixed, case.finding.code)
    assert len(after) < len(before), f"still reported: {[f.message for f in after]}"
    if case.findings == 1:
        assert after == []
    # the fix is no longer offered for anything
    for finding in after:
        again = [f for f in fixes_for(case.fixed, finding) if f.kind is case.fix.kind]
        assert all(f.edits != case.fix.edits for f in again)


def test_preferred_fix_is_first_and_unique() -> None:
    by_finding: dict[tuple[Path, object], list[FixCase]] = {}
    for case in CASES:
        key = (case.program, (case.finding.code, case.finding.span))
        by_finding.setdefault(key, []).append(case)
    for cases in by_finding.values():
        preferred = [c for c in cases if c.fix.preferred]
        assert len(preferred) <= 1
        if preferred:
            assert cases[0] is preferred[0]
        assert cases[-1].fix.kind is FixKind.SUPPRESS


def test_fix_kinds_follow_the_modes_of_differentiation() -> None:
    for case in CASES:
        modes = set(case.finding.modes)
        if case.fix.kind is FixKind.CUSTOM_VJP and case.finding.code in ("JAX001", "JAX007"):
            assert modes <= {"reverse"}, case.id  # custom_vjp breaks forward mode
        if case.fix.preferred and "forward" in modes and case.finding.code == "JAX001":
            assert case.fix.kind is FixKind.CUSTOM_JVP, case.id
        if case.fix.kind is FixKind.STOP_GRADIENT:
            assert case.fix.safe == case.fix.preferred, case.id


def test_editors_list_exactly_the_fixes_that_apply_in_their_order() -> None:
    """The list an editor shows before any fix is computed (`offered_kinds`, titled by
    `listed_title`) is the list `fixes_for` computes: no action that changes nothing, the
    preferred first."""
    by_finding: dict[tuple[Path, object], list[FixCase]] = {}
    for case in CASES:
        key = (case.program, (case.finding.code, case.finding.span))
        by_finding.setdefault(key, []).append(case)
    for cases in by_finding.values():
        finding = cases[0].finding
        computed = [c.fix.kind for c in cases if c.fix.kind is not FixKind.SUPPRESS]
        listed = offered_kinds(finding)
        # (a stop_gradient on an io_callback inside jax.checkpoint would trade JAX003 for
        # JAX004: the analysis does not list it, `rules/io_callback_in_checkpoint_tangent_grad`)
        assert listed == computed, cases[0].id
        preferred = [c.fix.kind for c in cases if c.fix.preferred]
        if preferred and preferred[0] is not FixKind.STOP_GRADIENT:
            assert preferred_kind(finding) is preferred[0], cases[0].id


def test_titles_say_unsafe_and_what_finite_differences_cost() -> None:
    for case in CASES:
        title = case.fix.title
        if not case.fix.safe:
            assert "unsafe" in title, case.id
        if case.fix.kind in (FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP):
            assert COST in title, case.id
        if case.fix.kind is not FixKind.SUPPRESS:
            listed = listed_title(case.fix.kind, case.finding)
            assert ("unsafe" in listed) >= (not case.fix.safe), case.id
            if case.fix.kind in (FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP):
                assert COST in listed, case.id


RUN_CASES = [
    pytest.param(c, id=c.id, marks=pytest.mark.xdist_group(c.group)) for c in CASES if c.runs
]


@pytest.mark.parametrize("case", RUN_CASES)
def test_fixed_program_runs_under_jax(
    case: FixCase, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outcome = run_group(case.group, tmp_path_factory.getbasetemp() / "fixed-corpus")[case.id]
    known = _known_failure(case)
    if known is not None:
        exception, why = known
        assert not outcome.ok and outcome.exception == exception, why
        return
    assert outcome.ok, f"{case.fix.title}\n-> {outcome}"
    # and no longer with the error the finding predicted
    assert outcome.ok or not RULES[case.finding.code].matches(outcome.exception, outcome.message)
