"""A listed quick fix is judged before the user picks it (`fix_prefetch`, issue 33): when a lazy
client lists a finding's actions, that finding's preferred fix is judged; the resolve then finds
it judged (no analysis while the user waits), with the same edit as without the prefetch;
nothing starts while an analysis is queued, and a version the user moved away from is not
judged. An eager request that is cancelled starts no judgement."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from lsprotocol import types

from jax_lsp.analysis import analyze_source
from jax_lsp.fixes.offers import preferred_kind
from jax_lsp.server.features import code_actions, fix_prefetch
from jax_lsp.server.server import JaxLanguageServer, create_server
from jax_lsp.server.session import state
from jax_lsp.server.session.lint import Report, finding_key

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_fix import many_fixable  # noqa: E402

TEXT = many_fixable(3)

LAZY = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
    code_action=types.CodeActionClientCapabilities(
        code_action_literal_support=types.ClientCodeActionLiteralOptions(
            code_action_kind=types.ClientCodeActionKindOptions(value_set=["quickfix"])),
        data_support=True, is_preferred_support=True,
        resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"]))))


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Idle means idle for a few milliseconds here (the tests wait that long, not seconds)."""
    monkeypatch.setattr(state, "BACKGROUND_QUIET", 0.01)
    monkeypatch.setattr(fix_prefetch, "POLL_SECONDS", 0.005)


def _server(tmp_path: Path, text: str = TEXT) -> tuple[JaxLanguageServer, str, Report]:
    """A server with `text` open and reported (as the analysis process reports it), the fixes
    imported; no client, no analysis process."""
    server = create_server()
    session = server.session
    session.initialize(LAZY, "utf-16")
    session.fixes_preloaded.set()
    session._reported_once = True
    uri = (tmp_path / "module.py").as_uri()
    session.documents.open(types.TextDocumentItem(uri=uri, language_id="python", version=1,
                                                  text=text))
    findings = tuple(analyze_source(text, str(tmp_path / "module.py")).findings)
    report = Report(uri=uri, version=1, generation=session.configuration.generation, text=text,
                    findings=findings, diagnostics_json=(), result_id="r")
    session.scheduler._reports[uri] = report
    return server, uri, report


async def _settled(server: JaxLanguageServer) -> None:
    """Until the prefetcher has nothing left to do."""
    prefetch = server.fix_prefetch
    for _ in range(2000):
        task = prefetch._task
        if task is None or task.done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the prefetch did not settle")


def _plan(server: JaxLanguageServer, uri: str) -> object:
    doc = server.session.documents.get(uri)
    assert doc is not None
    return code_actions.plan_of(server.session, doc).plan


async def _resolve(server: JaxLanguageServer, uri: str, index: int) -> types.CodeAction:
    """List the actions of finding `index` and resolve its preferred one."""
    doc = server.session.documents.get(uri)
    assert doc is not None
    finding = server.session.current_findings(doc)[index]
    rng = doc.index.range(finding.span)
    listed = await code_actions.code_action(server, types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=rng,
        context=types.CodeActionContext(diagnostics=[])))
    preferred = next(a for a in listed if a.is_preferred)
    assert preferred.data["fix"] == preferred_kind(finding).value
    return await code_actions.resolve(server, preferred)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_listed_findings_preferred_fix_is_judged_before_it_is_picked(
        tmp_path: Path, quick: None) -> None:
    server, uri, report = _server(tmp_path)
    try:
        doc = server.session.documents.get(uri)
        finding = report.findings[2]
        listed = await code_actions.code_action(server, types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=doc.index.range(finding.span),
            context=types.CodeActionContext(diagnostics=[])))
        assert all(a.edit is None for a in listed if a.data)  # listed at once, lazily
        await _settled(server)
        plan = _plan(server, uri)
        assert server.fix_prefetch.judged == 1
        preferred = next(a for a in listed if a.is_preferred)
        assert preferred.data == {"uri": uri, "version": 1, **finding_key(finding),
                                  "fix": preferred_kind(finding).value}
        resolved = await code_actions.resolve(server, preferred)
        assert plan.analyses == 1  # the user's resolve ran no analysis
        # the same edit as a server that prefetched nothing
        fresh, fresh_uri, _ = _server(tmp_path)
        try:
            fresh.fix_prefetch.listed = lambda doc, findings: None  # (off)
            expected = await _resolve(fresh, fresh_uri, 2)
            assert _plan(fresh, fresh_uri).analyses == 1
        finally:
            fresh.session.scheduler.stop()
        assert resolved.edit == expected.edit and resolved.title == expected.title
    finally:
        server.session.scheduler.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_nothing_is_judged_while_an_analysis_waits_or_for_an_old_version(
        tmp_path: Path, quick: None) -> None:
    server, uri, report = _server(tmp_path)
    scheduler = server.session.scheduler
    try:
        scheduler._queue[uri] = None  # a keystroke's analysis waits
        doc = server.session.documents.get(uri)
        server.fix_prefetch.listed(doc, report.findings[:1])
        await asyncio.sleep(0.3)
        assert server.fix_prefetch.judged == 0
        # the document moved on before the analysis ended: version 1 is not worth judging
        server.session.documents.change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=TEXT + "\n")]))
        del scheduler._queue[uri]
        await _settled(server)
        assert server.fix_prefetch.judged == 0
    finally:
        scheduler.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_nothing_is_judged_while_a_code_action_the_client_waits_for_computes(
        tmp_path: Path, quick: None) -> None:
    """A resolve or a "Fix all" under way goes first: the prefetch, a guess, does not take
    the CPU from it (issue 33, round 6)."""
    server, uri, report = _server(tmp_path)
    try:
        doc = server.session.documents.get(uri)
        with server.session.computing_fixes():
            server.fix_prefetch.listed(doc, report.findings[:1])
            await _settled(server)
        assert server.fix_prefetch.judged == 0
        server.fix_prefetch.listed(doc, report.findings[:1])  # none computes now
        await _settled(server)
        assert server.fix_prefetch.judged == 1
    finally:
        server.session.scheduler.stop()


EAGER = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
    code_action=types.CodeActionClientCapabilities(
        code_action_literal_support=types.ClientCodeActionLiteralOptions(
            code_action_kind=types.ClientCodeActionKindOptions(value_set=["quickfix"])))))


@pytest.mark.asyncio(loop_scope="function")
async def test_a_cancelled_eager_request_starts_no_judgement(tmp_path: Path) -> None:
    """An eager client (eglot: every edit with the list) that cancels its request while it
    waits (here: for a judgement under way, the plan held) gets no analysis run for it."""
    server, uri, report = _server(tmp_path)
    server.session.initialize(EAGER, "utf-32")
    try:
        doc = server.session.documents.get(uri)
        plan = _plan(server, uri)
        params = types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=doc.index.range(report.findings[0].span),
            context=types.CodeActionContext(diagnostics=[]))
        plan._lock.acquire()
        try:
            request = asyncio.ensure_future(code_actions.code_action(server, params))
            await asyncio.sleep(0.2)  # its thread waits for the plan
            request.cancel()
            with pytest.raises(asyncio.CancelledError):
                await request
        finally:
            plan._lock.release()
        await asyncio.sleep(0.5)  # the thread took the plan, saw the cancel, and left
        assert plan.analyses == 0
        # a request that is not cancelled still gets the fixes, judged
        listed = await code_actions.code_action(server, params)
        assert plan.analyses >= 1 and any(a.edit is not None for a in listed)
    finally:
        server.session.scheduler.stop()
