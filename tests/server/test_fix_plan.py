"""The fixes of one document version are computed once for all the code-action requests on it
(`server.fix_plan`, issue 33): a fix is judged against the document's report (the original
text is not analysed again), each fix's judgement and each finding's fixes are kept, and a new
version or report starts over."""

from __future__ import annotations

import ast
import os
import sys
import time
from pathlib import Path

import pytest
from raw_server import PACKAGE_ROOT

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind, Span
from jax_lsp.fixes import registry
from jax_lsp.fixes.model import Fix, TextEdit, apply_edits
from jax_lsp.fixes.registry import fixes_for
from jax_lsp.project.config import Config
from jax_lsp.server.session.fix_plan import DocumentAnalysis, FixPlan, FixPlans, PlanKey
from jax_lsp.server.session.lint import Report

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_fix import many_fixable  # noqa: E402

TEXT = many_fixable(3)


@pytest.fixture
def analysed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts analysed in this process from here on (by a plan or by the registry)."""
    import jax_lsp.analysis.engine as engine

    registry._codes.cache_clear()
    seen: list[str] = []
    real = engine.analyze_source

    def counted(source: str, *args: object, **kwargs: object) -> object:
        seen.append(source)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(engine, "analyze_source", counted)  # (the registry imports it then)
    yield seen
    registry._codes.cache_clear()


def _report(text: str, version: int = 1, *, exact: bool = True) -> Report:
    findings = tuple(analyze_source(text, "m.py").findings)
    return Report(uri="file:///m.py", version=version, generation=0, text=text,
                  findings=findings, diagnostics_json=(), result_id="r", exact=exact)


def _plan(report: Report | None, text: str = TEXT, version: int = 1) -> FixPlan:
    key = PlanKey("file:///m.py", version, text, 0, report, None)
    return FixPlan(key, DocumentAnalysis("m.py", None, Config(), None))


def test_a_fix_is_judged_against_the_report_without_analysing_the_original(
        analysed: list[str]) -> None:
    report = _report(TEXT)
    finding = report.findings[0]
    plan = _plan(report)
    analysed.clear()
    [fix] = plan.fixes(finding, {FixKind.CUSTOM_VJP})
    assert analysed == [apply_edits(TEXT, fix.edits)]  # the fixed text, once; not TEXT
    # the same fix as the registry's own validation keeps
    [plain] = fixes_for(TEXT, finding, focused=True, kinds={FixKind.CUSTOM_VJP})
    assert (fix.kind, fix.title, fix.edits, fix.create) == \
        (plain.kind, plain.title, plain.edits, plain.create)


def test_each_fix_is_built_and_judged_once_per_version(analysed: list[str]) -> None:
    report = _report(TEXT)
    plan = _plan(report)
    finding = report.findings[0]
    analysed.clear()
    one = plan.fixes(finding, {FixKind.CUSTOM_VJP})  # a client resolving one action
    assert len(analysed) == 1
    every = plan.fixes(finding)  # an eager client's list: the others are judged, not this one
    assert [f.kind for f in every if f.kind is FixKind.CUSTOM_VJP] == [FixKind.CUSTOM_VJP]
    judged = len(analysed)
    assert judged == sum(f.kind is not FixKind.SUPPRESS for f in every)
    assert plan.fixes(finding) == every  # asked again: nothing built or analysed
    assert plan.fixes(finding, {FixKind.CUSTOM_VJP}) == one
    assert len(analysed) == judged


def test_a_fix_that_adds_a_finding_is_dropped() -> None:
    report = _report(TEXT)
    plan = _plan(report)
    finding = report.findings[0]
    line = TEXT.count("\n") + 1
    # a fix that fixes nothing and adds one more gradient through a callback: a new JAX001
    added = ("def loss_new(x):\n    return jnp.sum(jax.pure_callback(\n"
             "        host_0, jax.ShapeDtypeStruct(x.shape, x.dtype), x))\n\n\n"
             "g_new = jax.grad(loss_new)(x0)\n")
    trade = Fix(kind=FixKind.CUSTOM_VJP, title="trade", safe=True, preferred=True,
                edits=(TextEdit(Span(line, 0, line, 0), added),))
    assert plan.judge(trade)
    [good] = plan.fixes(finding, {FixKind.CUSTOM_VJP})
    assert not plan.judge(good)
    assert finding.code == "JAX001"


def test_without_a_current_report_the_original_is_analysed_once(
        analysed: list[str]) -> None:
    stale = _report(TEXT, exact=False)  # an incremental analysis not yet confirmed
    plan = _plan(stale)
    analysed.clear()
    for finding in stale.findings:
        plan.fixes(finding, {FixKind.CUSTOM_VJP})
    assert analysed.count(TEXT) == 1
    assert len(analysed) == 1 + len(stale.findings)


def test_the_fix_all_is_computed_once() -> None:
    plan = _plan(_report(TEXT))
    calls: list[int] = []
    assert plan.once("fix all", lambda: calls.append(1) or "edits") == "edits"
    assert plan.once("fix all", lambda: calls.append(1) or "other") == "edits"
    assert calls == [1]


def test_a_new_version_or_report_gets_a_new_plan() -> None:
    plans = FixPlans()
    report = _report(TEXT)
    analysis = DocumentAnalysis("m.py", None, Config(), None)
    first = plans.plan(PlanKey("file:///m.py", 1, TEXT, 0, report, None), lambda: analysis)
    again = plans.plan(PlanKey("file:///m.py", 1, TEXT, 0, report, None), lambda: analysis)
    assert again is first
    edited = TEXT + "\n"
    assert plans.plan(PlanKey("file:///m.py", 2, edited, 0, report, None),
                      lambda: analysis) is not first
    newer = _report(TEXT)  # the same version re-analysed (a file it imports changed)
    assert plans.plan(PlanKey("file:///m.py", 1, TEXT, 0, newer, None),
                      lambda: analysis) is not first
    assert plans.plan(PlanKey("file:///m.py", 1, TEXT, 1, newer, None),
                      lambda: analysis) is not first  # another configuration



REPO = Path(__file__).resolve().parents[2]
#: the labelled corpus's programs that have findings to fix
CORPUS = sorted((REPO / "tests" / "rules").glob("*/fires/*.py"))


def _parsed_alike(a: ast.AST, b: ast.AST) -> bool:
    return ast.dump(a, include_attributes=True) == ast.dump(b, include_attributes=True)


@pytest.mark.parametrize("code", sorted({p.parts[-3] for p in CORPUS}))
def test_a_fix_judged_from_the_plans_tree_reports_what_a_full_analysis_does(code: str) -> None:
    """Each fix's text is analysed on a tree made from the plan's own (only the statements
    its edits touch parsed, the others the plan's, moved): for every fix the corpus's
    findings have (refused ones included), the findings are those of a full analysis of the
    fixed text, and the plan's tree is left as `ast.parse` makes it."""
    from jax_lsp.analysis.suppress import filter_suppressed
    from jax_lsp.server.session.reported import configured

    compared = from_tree = 0
    for program in (p for p in CORPUS if p.parts[-3] == code):
        text = program.read_text(encoding="utf-8")
        report = _report(text)
        plan = FixPlan(PlanKey(program.as_uri(), 1, text, 0, report, None),
                       DocumentAnalysis(str(program), program, Config(), None))
        for finding in report.findings:
            for fix in fixes_for(text, finding, focused=True, validate=False):
                fixed = apply_edits(text, fix.edits)
                full = analyze_source(fixed, str(program))
                expected = None if full.error is not None else configured(
                    filter_suppressed(fixed, full.findings), Config(), program)
                got = plan.reported(fixed, fix.create, fix.edits)
                assert got == expected, (program.name, fix.kind)
                if got is not None:
                    assert [(f.span, f.message, f.path) for f in got] == \
                        [(f.span, f.message, f.path) for f in expected or ()]
                compared += 1
                made = plan._fixed_tree(fixed, fix.edits)  # (the path `reported` took)
                if made is not None:
                    from_tree += 1
                    made[1]()
        parsed = plan._parsed()
        assert parsed is not None and _parsed_alike(parsed[0], ast.parse(text))
    assert compared and from_tree >= compared // 2  # most fixes' trees are made, not parsed


def test_an_eager_request_past_its_deadline_offers_the_judged_fixes_only(
        analysed: list[str]) -> None:
    """An eager client's request judges the finding's first fix whatever the time, the
    others only while there is time: those left out are judged on a later request, never
    offered unjudged."""
    report = _report(TEXT)
    plan = _plan(report)
    finding = report.findings[0]
    analysed.clear()
    hurried = plan.fixes(finding, deadline=time.monotonic() - 1)
    assert [f.kind for f in hurried] == [FixKind.CUSTOM_VJP, FixKind.SUPPRESS]
    assert hurried[0].preferred and len(analysed) == 1
    every = plan.fixes(finding, deadline=time.monotonic() + 3600)
    kinds = [f.kind for f in every]
    assert kinds[0] is FixKind.CUSTOM_VJP and len(kinds) > 2  # the others, judged now
    assert len(analysed) == sum(k is not FixKind.SUPPRESS for k in kinds)  # the first once
    assert every == plan.fixes(finding)  # kept: the same as without a deadline
    assert [f.kind for f in fixes_for(TEXT, finding, focused=True)] == kinds


def test_resolving_a_custom_rule_fix_imports_no_libcst(tmp_path: Path) -> None:
    """The custom_vjp fix of a file (its machinery in the helper module beside it) is built
    from `ast` (`fixes.lite`) and judged without LibCST: the builders of the other kinds, whose
    modules import it (a third of a second), are not imported."""
    import subprocess

    program = tmp_path / "m.py"
    program.write_text(TEXT, encoding="utf-8")
    script = f"""
import sys
from pathlib import Path
from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.fixes.generated import HelperModule
from jax_lsp.project.config import Config
from jax_lsp.server.session.fix_plan import DocumentAnalysis, FixPlan, PlanKey
from jax_lsp.server.session.lint import Report

path = Path({str(program)!r})
text = path.read_text(encoding="utf-8")
findings = tuple(analyze_source(text, str(path)).findings)
report = Report(uri=path.as_uri(), version=1, generation=0, text=text, findings=findings,
                diagnostics_json=(), result_id="r")
helpers = HelperModule.beside(path, lambda p: None)
plan = FixPlan(PlanKey(path.as_uri(), 1, text, 0, report, helpers),
               DocumentAnalysis(str(path), path, Config(), None))
[fix] = plan.fixes(findings[0], {{FixKind.CUSTOM_VJP}})
print(fix.kind.value, "libcst" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)})
    assert out.stdout.split() == ["custom-vjp", "False"], out.stdout + out.stderr
