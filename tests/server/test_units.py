"""The server's pure parts, without a client: position conversion, carrying findings over
edits, and the analysis process (interruption, crash and restart)."""

from __future__ import annotations

import os
import random
import re
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from jax_lsp.analysis import AnalysisConfig, Finding, PathStep, Span
from jax_lsp.server.runtime.analysis_process import AnalysisCancelled, AnalysisProcess
from jax_lsp.server.session.carryover import LineMap, carry_over
from jax_lsp.server.session.positions import LineIndex

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate

LINE = 'x = "é世🎉" + call(a)'  # the call starts at code point 12


@pytest.mark.parametrize(("encoding", "column"), [("utf-8", 18), ("utf-16", 13), ("utf-32", 12)])
def test_columns_in_each_encoding(encoding: str, column: int) -> None:
    index = LineIndex(f"first\r\n{LINE}\rlast\n", encoding)
    assert index.line_count == 4  # \r\n, \r and \n each end a line; the last line is empty
    assert index.line_text(1) == LINE
    span = Span(2, 12, 2, 16)
    rng = index.range(span)
    assert rng.start == types.Position(line=1, character=column)
    assert index.span(rng) == span
    # past the end of a line: the end of the line; past the last line: nothing
    assert index.resolve(types.Position(line=2, character=99)).column == 4  # type: ignore[union-attr]
    assert index.resolve(types.Position(line=9, character=0)) is None
    # inside a multi-unit character (é is two UTF-8 bytes, 🎉 two UTF-16 units): its start
    inside = {"utf-8": (6, 5), "utf-16": (8, 7), "utf-32": (7, 7)}[encoding]
    resolved = index.resolve(types.Position(line=1, character=inside[0]))
    assert resolved is not None and resolved.column == inside[1]


@pytest.mark.parametrize(
    "text", ["", "a", "a\n", "\n\n", "a\nbc\n\nd", "x\fy\n\u2028z\x1c\n", "a\r\nb\rc\n"]
)
def test_lines_split_at_lsp_line_breaks_only(text: str) -> None:
    index = LineIndex(text, "utf-16")
    breaks = ["\r\n" if text[i:i + 2] == "\r\n" else text[i] for i in range(len(text))
              if text[i] == "\n" or (text[i] == "\r" and text[i - 1:i + 1] != "\r\n")]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert index.line_count == len(lines)
    assert [index.line_text(i) for i in range(len(lines))] == lines
    starts = [sum(len(line) + len(br) for line, br in zip(lines[:i], breaks))
              for i in range(len(lines))]
    assert [index.offset(types.Position(line=i, character=0)) for i in range(len(lines))] == starts


def _finding(line: int, path_line: int) -> Finding:
    return Finding(
        "JAX001",
        "m",
        Span(line, 4, line, 10),
        path=(PathStep(Span(path_line, 0, path_line, 5), "`jax.grad` differentiates here"),),
    )


def test_carry_over_keeps_unchanged_regions_and_shifts_the_rest() -> None:
    old = "a\nb\nc\nd\ne\n"
    new = "a\nb\nNEW\nNEW2\nc\nd\ne\n"  # two lines inserted after line 2
    before, after, across = _finding(1, 2), _finding(4, 5), _finding(1, 4)
    assert carry_over(old, new, [before, after, across]) == [
        before,
        Finding(
            "JAX001",
            "m",
            Span(6, 4, 6, 10),
            path=(PathStep(Span(7, 0, 7, 5), "`jax.grad` differentiates here"),),
        ),
        Finding(
            "JAX001",
            "m",
            Span(1, 4, 1, 10),
            path=(PathStep(Span(6, 0, 6, 5), "`jax.grad` differentiates here"),),
        ),
    ]
    # an edit on the finding's own line drops it
    assert carry_over(old, "a\nb\nc\nX\ne\n", [after]) == []


def _lines_kept_by_splitting(old: str, new: str) -> LineMap:
    """`LineMap.between` as its definition says: equal leading and trailing split lines."""
    a, b = re.split(r"\r\n|\r|\n", old), re.split(r"\r\n|\r|\n", new)
    limit = min(len(a), len(b))
    prefix = 0
    while prefix < limit and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    return LineMap(prefix, len(a) - suffix, len(b) - len(a))


@pytest.mark.parametrize("alphabet", ["ab\n", "a\r\n"])
def test_line_map_matches_splitting_the_lines(alphabet: str) -> None:
    rng = random.Random(12)

    def text(n: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, n)))

    for _ in range(3000):
        old = text(10)
        start = rng.randint(0, len(old))
        end = rng.randint(start, len(old))
        new = text(10) if rng.random() < 0.3 else old[:start] + text(4) + old[end:]
        assert LineMap.between(old, new) == _lines_kept_by_splitting(old, new), (old, new)


@pytest.mark.parametrize("alphabet", ["ab\n", "ab\n\r", "a\n\r\né🎉"])
def test_an_edited_line_index_equals_a_new_one(alphabet: str) -> None:
    """`LineIndex.replaced` (kept up to date edit by edit) splits as a new index would."""
    rng = random.Random(alphabet)

    def text(n: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, n)))

    index = LineIndex(text(30), "utf-16")
    start = 0
    for i in range(3000):
        old = index.text
        if i % 3 and old:  # typing: edits near the last one, mostly within its line
            start = min(max(start + rng.randint(-2, 3), 0), len(old))
            end = min(start + rng.choice([0, 0, 0, 1]), len(old))
            inserted = rng.choice(["", "a", "b", "ab", "\n"])
        else:
            start = rng.randint(0, len(old))
            end = rng.randint(start, len(old))
            inserted = text(6)
        new = old[:start] + inserted + old[end:]
        before = index
        index = index.replaced(start, end, inserted, new)
        assert index.text is new
        fresh = LineIndex(new, "utf-16")
        assert index._starts == fresh._starts, (old, start, end, inserted)
        assert [index.line_text(n) for n in range(-1, fresh.line_count + 1)] == \
            [fresh.line_text(n) for n in range(-1, fresh.line_count + 1)]
        assert all(index._line_of(o) == fresh._line_of(o) for o in range(len(new) + 1))
        assert before.text is old and before._starts == LineIndex(old, "utf-16")._starts


def test_an_edited_document_keeps_its_line_index_for_the_lint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A keystroke splits no line of a large document again: the document's edited index
    goes to the lint with its snapshot."""
    from jax_lsp.project.config import Config
    from jax_lsp.server.session import lint as lint_module
    from jax_lsp.server.session.capabilities import ClientProfile
    from jax_lsp.server.session.documents import Document
    from jax_lsp.server.session.lint import Snapshot, lint

    source = "import jax\n\ndef f(x):\n    return jax.pure_callback(print, x, x)\n\n" \
        "g = jax.grad(f)(1.0)\n"
    doc = Document("untitled:m.py", 1, source, "python", "utf-16")
    assert doc.built_index is None
    at = types.Position(line=1, character=0)
    doc.apply([types.TextDocumentContentChangePartial(
        range=types.Range(start=at, end=at), text="# é\n")], 2)
    index = doc.built_index
    assert index is not None and index.text is doc.text

    def built(*args: object) -> LineIndex:
        raise AssertionError("the lint split the text again")

    monkeypatch.setattr(lint_module, "LineIndex", built)
    snapshot = Snapshot(uri=doc.uri, version=2, text=doc.text, path=None, config=Config(),
                        generation=0, profile=ClientProfile(), index=index)
    report = lint(snapshot)
    assert [d.range.start.line for d in report.diagnostics] == [4]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_the_diagnostics_json_is_lsprotocols_through_edits(encoding: str) -> None:
    """Each report's JSON reuses the previous report's where a finding and its lines did not
    change: what it publishes must still be what lsprotocol makes of the diagnostics."""
    import json

    from pygls.protocol import default_converter

    from jax_lsp.project.config import Config
    from jax_lsp.server.session.capabilities import ClientProfile
    from jax_lsp.server.session.lint import Snapshot, lint

    converter = default_converter()
    profile = ClientProfile(encoding=encoding, related_information=True, code_description=True)
    path = Path("/w/m.py")
    source = (
        "import jax\n\ndef f(x):\n    return jax.pure_callback(print, x, x)\n\n"
        "def h(x):\n    y = x; return jax.pure_callback(print, y, y)\n\n"
        "g = jax.grad(f)(1.0) + jax.grad(h)(1.0)\n"
    )
    edits = [
        source,
        source + "# é\n",  # no line a diagnostic points at changes
        source.replace("print, x, x)", "print, x, x)  # é"),  # after a call: its line changes
        source.replace("y = x;", "yé = x;").replace("print, y, y", "print, yé, yé"),  # moves h's
        "# a line above\n" + source,  # moves every one
        source.replace("g = jax.grad(f)(1.0) + ", "g = "),  # f's no longer differentiated
    ]
    previous = None
    for version, text in enumerate(edits, start=1):
        snapshot = Snapshot(uri="file:///w/m.py", version=version, text=text, path=path,
                            config=Config(), generation=0, profile=profile, previous=previous)
        report = lint(snapshot)
        assert report.findings
        expected = json.loads(json.dumps(converter.unstructure(list(report.diagnostics))))
        assert json.loads(json.dumps(list(report.diagnostics_json))) == expected
        assert {d["data"]["version"] for d in report.diagnostics_json} == {version}
        # what is pushed: the text of the same JSON (its parts reused from the previous one)
        assert report.publish_params == json.dumps(
            {"uri": report.uri, "diagnostics": list(report.diagnostics_json),
             "version": version})
        if version == 2:  # (the reuse is exercised: both are the previous report's)
            assert all(d["range"] is p["range"] for d, p in
                       zip(report.diagnostics_json, previous.diagnostics_json))
        previous = report


@pytest.fixture
def process() -> AnalysisProcess:
    proc = AnalysisProcess()
    proc.start()
    yield proc  # type: ignore[misc]
    proc.stop()


def test_the_analysis_process_answers_interrupts_and_restarts(process: AnalysisProcess) -> None:
    source = (
        "import jax\n\ndef f(x):\n    return jax.pure_callback(print, x, x)\n\n"
        "g = jax.grad(f)(1.0)\n"
    )
    process.begin("job-1")
    findings, error, _, _ = process.analyze(source, "m.py", AnalysisConfig())
    assert error is None and [f.code for f in findings] == ["JAX001"]
    _, error, _, _ = process.analyze("def (", "m.py", AnalysisConfig())
    assert error is not None

    # interrupted while it analyses a large module
    big = generate(20_000)
    process.begin("job-2")
    timer = threading.Timer(0.05, process.interrupt, args=("job-2",))
    timer.start()
    started = time.perf_counter()
    with pytest.raises(AnalysisCancelled):
        process.analyze(big, "big.py", AnalysisConfig())
    assert time.perf_counter() - started < 30
    # an interruption for another job is ignored
    process.begin("job-3")
    process.interrupt("job-2")
    findings, _, _, _ = process.analyze(source, "m.py", AnalysisConfig())
    assert len(findings) == 1

    # the child dies while it analyses: the job goes to a new child, which answers it
    # (issue 35: it failed, and the document had no diagnostics until its next edit), and so
    # does the next one (killed between two jobs, the child may be found dead before the next
    # request is sent, and that job then simply goes to a new child: the kill lands
    # mid-analysis instead)
    killed = process.pid
    assert killed is not None
    process.begin("job-4")
    killer = threading.Timer(0.3, os.kill, args=(killed, signal.SIGKILL))
    killer.start()
    findings, error, _, _ = process.analyze(big, "big-2.py", AnalysisConfig())
    killer.join()
    assert error is None and findings
    assert process.pid != killed
    findings, _, _, _ = process.analyze(source, "m.py", AnalysisConfig())
    assert len(findings) == 1


def test_an_interruption_before_the_child_reads_the_request_is_not_lost(
    process: AnalysisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The next keystroke may come while the request is still on its way: the signal must
    not reach the child before the request does (the child would take it for a late one and
    run the stale analysis to its end)."""
    from jax_lsp.server.runtime import analysis_process

    process.begin("warm-up")
    process.analyze("x = 1\n", "m.py", AnalysisConfig())  # the child is up
    sent = analysis_process._send

    def interrupted_on_the_way(stream: Any, message: Any) -> None:
        process.interrupt("job")  # the server is busy with the request, not yet sent
        time.sleep(0.05)  # a signal sent now would reach the child first
        sent(stream, message)

    monkeypatch.setattr(analysis_process, "_send", interrupted_on_the_way)
    process.begin("job")
    started = time.process_time(), process.cpu_seconds
    with pytest.raises(AnalysisCancelled):
        process.analyze(generate(5_000), "big.py", AnalysisConfig())
    # cancelled early: not after a whole analysis (a third of a second of CPU or more)
    assert process.cpu_seconds - started[1] < 0.15


def test_an_interruption_signals_at_once_and_an_abandoned_request_is_not_run(
    process: AnalysisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An interruption waits for nothing of the child's: the server signals as it
    interrupts, even before the request is sent; the child, which reads the request's
    number in the cancel pipe, answers "cancelled" without starting it."""
    from jax_lsp.server.runtime import analysis_process

    process.begin("warm-up")
    process.analyze("x = 1\n", "m.py", AnalysisConfig())  # the child is up
    pid = process.pid
    signalled: list[int] = []
    kill = os.kill

    def recorded(target: int, signum: int) -> None:
        if target == pid:
            signalled.append(signum)
        kill(target, signum)

    monkeypatch.setattr(analysis_process.os, "kill", recorded)
    sent = analysis_process._send
    at_interrupt: list[list[int]] = []

    def interrupted_on_the_way(stream: Any, message: Any) -> None:
        process.interrupt("job")  # the next keystroke, before the request is written
        at_interrupt.append(list(signalled))
        sent(stream, message)

    monkeypatch.setattr(analysis_process, "_send", interrupted_on_the_way)
    process.begin("job")
    cpu = process.cpu_seconds
    with pytest.raises(AnalysisCancelled):
        process.analyze(generate(5_000), "big.py", AnalysisConfig())
    assert at_interrupt == [[signal.SIGUSR1]], "the interruption waited"
    assert process.cpu_seconds == cpu, "the abandoned request ran"
    # the next request, a newer number, is not touched by that cancellation
    monkeypatch.setattr(analysis_process, "_send", sent)
    process.begin("next")
    findings, error, _, _ = process.analyze("x = 2\n", "m.py", AnalysisConfig())
    assert error is None and findings == []


def test_the_child_reads_abandoned_numbers_from_its_cancel_pipe() -> None:
    """`_superseded`: the highest number written so far, compared with the request's."""
    from jax_lsp.server.runtime import analysis_process
    from jax_lsp.server.runtime.analysis_process import _CANCEL, _State, _superseded

    read, write = os.pipe()
    os.set_blocking(read, False)
    saved = _State.cancels, _State.number, _State.abandoned
    try:
        _State.cancels, _State.abandoned = read, 0
        _State.number = 5
        assert not _superseded()
        os.write(write, _CANCEL.pack(4) + _CANCEL.pack(3))
        assert not _superseded() and _State.abandoned == 4
        os.write(write, _CANCEL.pack(5))
        assert _superseded()
        _State.number = 6  # the next request: a late cancellation does not touch it
        assert not _superseded()
        os.close(write)
        assert not _superseded() and _State.cancels is None  # the server is gone
        assert analysis_process._State.abandoned == 5
    finally:
        _State.cancels, _State.number, _State.abandoned = saved
        os.close(read)


def test_without_a_cancel_pipe_an_analysis_runs_to_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where signals cannot interrupt (Windows: no SIGUSR1, no cancel pipe), a superseded
    analysis runs to its end (the scheduler drops its result) and the next one is answered."""
    from jax_lsp.server.runtime import analysis_process, spawn

    monkeypatch.setattr(analysis_process, "_INTERRUPT", None)
    monkeypatch.setattr(spawn, "_cancel_pipe", lambda: None)
    monkeypatch.setattr(spawn, "take_prestarted", lambda: None)
    proc = AnalysisProcess()
    proc.start()
    try:
        assert proc._process is not None and spawn.cancel_fd(proc._process) is None
        source = (
            "import jax\n\ndef f(x):\n    return jax.pure_callback(print, x, x)\n\n"
            "g = jax.grad(f)(1.0)\n"
        )
        proc.begin("job-1")
        timer = threading.Timer(0.05, proc.interrupt, args=("job-1",))
        timer.start()
        findings, _, _, _ = proc.analyze(generate(3_000) + source, "big.py", AnalysisConfig())
        timer.join()
        assert findings  # not interrupted: its end was reached
        proc.begin("job-2")
        findings, _, _, _ = proc.analyze(source, "m.py", AnalysisConfig())
        assert [f.code for f in findings] == ["JAX001"]
    finally:
        proc.stop()


def test_an_answer_that_follows_the_acknowledgement_at_once_is_read(
    process: AnalysisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server reads the child's acknowledgement, then waits for the answer on the pipe:
    an answer already there (a quick analysis) must not have been taken along with it."""
    from jax_lsp.server.runtime import analysis_process

    wait = analysis_process._await_answer
    waits: list[int] = []

    def late(child: Any) -> None:
        waits.append(1)
        if len(waits) % 2:
            time.sleep(0.3)  # the acknowledgement and the answer are both in the pipe
        wait(child)

    monkeypatch.setattr(analysis_process, "_await_answer", late)
    process.begin("job")
    done: list[Any] = []
    worker = threading.Thread(
        target=lambda: done.append(process.analyze("x = 1\n", "m.py", AnalysisConfig())),
        daemon=True,
    )
    worker.start()
    worker.join(10)
    assert done and done[0][1] is None


def test_findings_that_did_not_change_are_not_sent_again(
    process: AnalysisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jax_lsp.server.runtime import analysis_process

    answers: list[Any] = []
    receive = analysis_process._receive

    def recorded(stream: Any) -> Any:
        answer = receive(stream)
        answers.append(answer[1])
        return answer

    monkeypatch.setattr(analysis_process, "_receive", recorded)
    source = (
        "import jax\n\ndef f(x):\n    return jax.pure_callback(print, x, x)\n\n"
        "g = jax.grad(f)(1.0)\n"
    )
    process.begin("job")
    first, _, _, _ = process.analyze(source, "m.py", AnalysisConfig(), True)
    assert [f.code for f in first] == ["JAX001"] and answers[-1][1] == first
    # an edit that changes no finding: the answer refers to the last one
    again, _, _, _ = process.analyze(source + "y = 2\n", "m.py", AnalysisConfig(), True)
    assert answers[-1][1] is None and again == first
    # one that moves them: sent in full
    moved, _, _, _ = process.analyze("\n" + source, "m.py", AnalysisConfig(), True)
    assert answers[-1][1] == moved and moved[0].span.line == first[0].span.line + 1
    # another file's findings are its own, even when equal
    other, _, _, _ = process.analyze("\n" + source, "n.py", AnalysisConfig(), True)
    assert answers[-1][1] == other
    # a new child knows nothing of the last one's answers, nor the server of its
    assert process.pid is not None
    os.kill(process.pid, signal.SIGKILL)
    time.sleep(0.2)  # found dead before the request: it goes to a new child
    after, _, _, _ = process.analyze("\n" + source, "m.py", AnalysisConfig(), True)
    assert answers[-1][1] == after == moved


def test_the_analysis_process_analyses_edits_incrementally(process: AnalysisProcess) -> None:
    from jax_lsp.analysis import analyze_source

    source = generate(3_000)
    process.begin("job-1")
    first, _, _, exact = process.analyze(source, "gen.py", AnalysisConfig(), True)
    assert exact and first  # nothing to build on yet: a full analysis
    # the child reports the CPU its analyses take
    spent = process.cpu_seconds
    assert spent > 0.01
    # one finding goes away: the callback's operand no longer carries a tangent
    edited = source.replace(
        "return host_call(_host_bad_4, jax.ShapeDtypeStruct(x.shape, x.dtype), x)",
        "return host_call(_host_bad_4, jax.ShapeDtypeStruct(x.shape, x.dtype), "
        "jax.lax.stop_gradient(x))",
    )
    assert edited != source
    second, _, _, exact = process.analyze(edited, "gen.py", AnalysisConfig(), True)
    assert exact  # incremental, and its records prove it equal to a full analysis
    assert second == analyze_source(edited, "gen.py").findings
    assert len(second) == len(first) - 1
    assert process.cpu_seconds > spent
    # not allowed to build on the previous version: a full analysis, with the same answer
    third, _, _, exact = process.analyze(edited, "gen.py", AnalysisConfig(), False)
    assert exact and third == second


def test_the_protocol_is_ready_for_the_first_edits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once prepared (at `initialize`), reading the first didOpen and didChange builds no
    structuring function (tens of milliseconds they would otherwise wait for)."""
    import builtins
    import json

    from jax_lsp.server.server import create_server

    server = create_server()
    try:
        server.protocol.prepare()

        built: list[object] = []
        compile_ = builtins.compile

        def compiled(*args: Any, **kwargs: Any) -> Any:
            built.append(args)  # a structuring function's source
            return compile_(*args, **kwargs)

        at = {"line": 3, "character": 1}
        for message in (
            {"method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": "file:///a.py", "languageId": "python", "version": 1, "text": "x\n"}}},
            {"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": "file:///a.py", "version": 2},
                "contentChanges": [{"range": {"start": at, "end": at}, "text": "y"}]}},
            {"id": 7, "method": "textDocument/hover", "params": {
                "textDocument": {"uri": "file:///a.py"}, "position": at}},
        ):
            data = json.loads(json.dumps({"jsonrpc": "2.0", **message}))
            with monkeypatch.context() as patched:
                patched.setattr(builtins, "compile", compiled)
                structured = server.protocol.structure_message(data)
            assert structured.method == message["method"]
        assert built == []
    finally:
        server.session.scheduler.stop()


def test_the_catalog_loads_after_the_first_diagnostics(monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog (for hovers) does not load in the background while the first analysis
    runs: it would take the CPU from it. It does once the first report is out, or when no
    document is being analysed a while after `initialize`."""
    from jax_lsp.server.server import create_server
    from jax_lsp.server.session import state as session_module

    server = create_server()
    session = server.session
    try:
        session._preloaded_at = time.monotonic()
        assert not session.catalog_may_load()  # nothing opened yet: wait a while
        session.scheduler._queue["file:///m.py"] = None  # the first analysis is due
        monkeypatch.setattr(session_module, "BACKGROUND_NO_DOCUMENT", 0.0)
        assert not session.catalog_may_load()  # however long it takes
        session.scheduler._queue.clear()
        assert session.catalog_may_load()  # no document after all
        session._preloaded_at = time.monotonic() + 1
        session._reported_once = True
        assert session.catalog_may_load()  # the first diagnostics are out
    finally:
        session.scheduler.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_a_hover_waits_for_the_catalog_off_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hover that comes while the catalog loads in the background waits for that load (it
    is not loaded twice), and the event loop goes on meanwhile."""
    import asyncio

    import jax_lsp.catalog
    from jax_lsp.server.server import create_server

    loads: list[float] = []
    # the load lasts until the test lets it end: no margin of time to hold under load
    release = threading.Event()

    def load_catalog() -> object:
        loads.append(time.monotonic())
        release.wait(timeout=60)
        return "catalog"

    monkeypatch.setattr(jax_lsp.catalog, "load_catalog", load_catalog)
    server = create_server()
    session = server.session
    try:
        background = threading.Thread(target=lambda: session.catalog)
        background.start()
        while not loads:
            await asyncio.sleep(0.01)
        hover = asyncio.ensure_future(session.loaded_catalog())
        await asyncio.sleep(0.05)
        # the loop went on while the hover waits (a hover blocking it would have returned
        # only once the load ended)
        assert not hover.done()
        release.set()
        assert await hover == "catalog"
        background.join()
        assert len(loads) == 1
    finally:
        session.scheduler.stop()


def test_a_notification_of_json_text_is_framed_as_pygls_frames_one() -> None:
    """`notify_text` (pushed diagnostics) writes the frame pygls' `notify` writes for the
    same message, bytes for bytes."""
    import json

    from jax_lsp.server.server import create_server

    class Writer:
        def __init__(self) -> None:
            self.data = b""

        def write(self, data: bytes) -> None:
            self.data += data

    protocol = create_server().protocol
    params = {"uri": "file:///w/m\u00e9.py", "diagnostics": [{"message": "caf\u00e9 \U0001f600"}],
              "version": 3}
    ours, theirs = Writer(), Writer()
    protocol.set_writer(ours)  # type: ignore[arg-type]
    protocol.notify_text("textDocument/publishDiagnostics", json.dumps(params))
    protocol.set_writer(theirs)  # type: ignore[arg-type]
    protocol._send_data(  # pygls' own framing of the same message
        {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params}
    )
    assert ours.data == theirs.data
    header, body = ours.data.split(b"\r\n\r\n", 1)
    assert int(header.split(b"\r\n")[0].split(b": ")[1]) == len(body)
    assert json.loads(body)["params"] == params
