"""A quick fix is judged in the analysis process, which has the analyser imported and warm
(issue 33: Eglot's request, which gets the edits with the list, waited for the server's process
to import and warm up the analyser for its first judgement). The judgement there is the one the
server's process makes; the fixes are built without the analyser; a document's analysis goes
before a judgement, which is then asked again."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from concurrent.futures import CancelledError
from pathlib import Path

import pytest
from lsprotocol import types

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.analysis.options import WorkspaceSpec
from jax_lsp.fixes.generated import HelperModule
from jax_lsp.project.config import Config
from jax_lsp.server.features import code_actions
from jax_lsp.server.runtime.analysis_process import AnalysisProcess
from jax_lsp.server.server import create_server
from jax_lsp.server.session.fix_plan import DocumentAnalysis, FixPlan, PlanKey
from jax_lsp.server.session.lint import Report

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_fix import many_fixable  # noqa: E402

TEXT = many_fixable(3)

EAGER = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
    code_action=types.CodeActionClientCapabilities(
        code_action_literal_support=types.ClientCodeActionLiteralOptions(
            code_action_kind=types.ClientCodeActionKindOptions(value_set=["quickfix"])))))


def _report(uri: str, path: Path, text: str = TEXT) -> Report:
    findings = tuple(analyze_source(text, str(path)).findings)
    return Report(uri=uri, version=1, generation=0, text=text, findings=findings,
                  diagnostics_json=(), result_id="r")


def test_the_analysis_process_judges_every_fix_as_the_server_would(tmp_path: Path) -> None:
    """For every fix of every finding (the custom rules, which import a helper module that is
    not written yet, included): the findings the analysis process reports for the fixed text
    are those the server's own analysis reports, and so is the verdict."""
    path = tmp_path / "module.py"
    path.write_text(TEXT)
    spec = WorkspaceSpec((str(tmp_path),))
    helpers = HelperModule.beside(path, lambda p: None)
    report = _report(path.as_uri(), path)
    process = AnalysisProcess()
    try:
        def remote(text: str, config: object, planned: dict[Path, str]) -> object:
            return process.judge(text, str(path), config, planned)  # type: ignore[arg-type]

        key = PlanKey(path.as_uri(), 1, TEXT, 0, report, helpers)
        here = FixPlan(key, DocumentAnalysis(str(path), path, Config(), spec))
        there = FixPlan(key, DocumentAnalysis(str(path), path, Config(), spec, remote=remote))
        compared = 0
        for finding in report.findings:
            for fix in here.fixes(finding):
                if fix.kind is FixKind.SUPPRESS:
                    continue
                from jax_lsp.fixes.model import apply_edits

                fixed = apply_edits(TEXT, fix.edits)
                expected = here.reported(fixed, fix.create, fix.edits)
                got = there.reported(fixed, fix.create, fix.edits)
                assert expected is not None and got is not None
                assert [(f.code, f.span) for f in got] == [(f.code, f.span) for f in expected]
                assert there.judge(fix) == here.judge(fix)
                compared += 1
        assert compared >= 2 * len(report.findings)
        assert any(fix.create for finding in report.findings for fix in here.fixes(finding))
        assert there.remote_failures == 0 and process.cpu_seconds > 0
    finally:
        process.stop()


def test_a_fix_that_breaks_the_text_is_judged_unparsable_there(tmp_path: Path) -> None:
    process = AnalysisProcess()
    try:
        assert process.judge("def f(:\n", str(tmp_path / "m.py"), Config().analysis_config(),
                             {}) is None
    finally:
        process.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_an_eager_request_judges_in_the_analysis_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's process runs no analysis for Eglot's request: the fixes it offers are
    judged by its analysis process (an analysis here would fail)."""
    import jax_lsp.analysis.engine as engine

    server = create_server()
    session = server.session
    session.initialize(EAGER, "utf-32")
    path = tmp_path / "module.py"
    path.write_text(TEXT)
    uri = path.as_uri()
    session.documents.open(types.TextDocumentItem(uri=uri, language_id="python", version=1,
                                                  text=TEXT))
    report = _report(uri, path)
    session.scheduler._reports[uri] = Report(
        uri=uri, version=1, generation=session.configuration.generation, text=TEXT,
        findings=report.findings, diagnostics_json=(), result_id="r")

    def here(*args: object, **kwargs: object) -> object:
        raise AssertionError("a fix was judged in the server's process")

    monkeypatch.setattr(engine, "analyze_source", here)
    try:
        doc = session.documents.get(uri)
        assert doc is not None
        listed = await code_actions.code_action(server, types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=doc.index.range(report.findings[0].span),
            context=types.CodeActionContext(diagnostics=[])))
        preferred = [a for a in listed if a.is_preferred]
        assert len(preferred) == 1 and preferred[0].edit is not None
        plan = code_actions.plan_of(session, doc).plan
        assert plan.analyses >= 1 and plan.remote_failures == 0
        assert session.scheduler.pool._workers[0].process.cpu_seconds > 0
    finally:
        session.scheduler.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_a_documents_analysis_goes_before_a_judgement(tmp_path: Path) -> None:
    """A judgement under way when a document's analysis is due is interrupted, and the
    analysis runs at once (the user is typing): a judgement is asked again after it."""
    server = create_server()
    session = server.session
    session.initialize(EAGER, "utf-32")
    path = tmp_path / "module.py"
    uri = path.as_uri()
    session.documents.open(types.TextDocumentItem(uri=uri, language_id="python", version=1,
                                                  text=TEXT))
    scheduler = session.scheduler
    big = many_fixable(400)  # a judgement of seconds
    config = Config().analysis_config()
    try:
        process = scheduler.pool._workers[0].process
        process.judge("x = 1\n", str(path), config, {})  # started and warm
        judging = scheduler.yielding(
            lambda p: p.judge(big, str(tmp_path / "big.py"), config, {}))
        for _ in range(6000):  # until the child runs it (a minute at most: a loaded machine)
            if process._busy:
                break
            await asyncio.sleep(0.01)
        assert process._busy
        await asyncio.sleep(0.1)
        start = time.monotonic()
        scheduler.lint_now(uri)
        got = await scheduler.wait_for(uri, 1, timeout=60)
        waited = time.monotonic() - start
        assert got is not None and got.version == 1
        with pytest.raises(CancelledError):
            judging.result(timeout=0)
        # the document's analysis did not wait for the judgement to end
        alone = time.monotonic()
        process.judge(big, str(tmp_path / "big.py"), config, {})
        assert waited < time.monotonic() - alone
    finally:
        scheduler.stop()


def test_building_a_fix_imports_no_analyser() -> None:
    """What the server's process imports to build fixes (the preload's list) leaves the
    analyser out: it is the analysis process's (0.2 s of imports on this machine)."""
    code = (
        "import sys\n"
        "import jax_lsp.server.features.code_actions, jax_lsp.server.session.fix_plan\n"
        "import jax_lsp.fixes.generated, jax_lsp.fixes.registry\n"
        "import jax_lsp.fixes.custom_vjp, jax_lsp.fixes.custom_jvp, jax_lsp.fixes.lite\n"
        "import jax_lsp.fixes.outline\n"
        "print(sorted(m for m in ('jax_lsp.analysis.engine', 'jax_lsp.analysis.interp')"
        " if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout


def test_what_fix_all_needs_is_preloaded_once_no_code_action_is_computed() -> None:
    """The server's background preload imports the fixes first, then the analyser that "Fix
    all" runs in the server's process, but not while a code action is being computed (its
    fixes are built in this process: the imports would take the GIL from it)."""
    code = (
        "import sys, threading, time\n"
        "from jax_lsp.server.server import create_server\n"
        "session = create_server().session\n"
        "session.background_may_start = lambda: True\n"
        "session.catalog_may_load = lambda: True\n"
        "with session.computing_fixes():\n"
        "    threading.Thread(target=session._preload, daemon=True).start()\n"
        "    assert session.fixes_preloaded.wait(120)\n"
        "    time.sleep(0.5)\n"
        "    print('during', 'jax_lsp.fixes.apply' in sys.modules)\n"
        "for _ in range(1200):\n"
        "    if 'jax_lsp.fixes.apply' in sys.modules:\n"
        "        break\n"
        "    time.sleep(0.1)\n"
        "print('after', 'jax_lsp.fixes.apply' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.split() == ["during", "False", "after", "True"], out.stdout + out.stderr
