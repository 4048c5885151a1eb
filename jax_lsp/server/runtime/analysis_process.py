"""The analysis runs in a child process, so the server's event loop never waits for it.

A thread cannot keep the loop free: `ast.parse` holds the GIL for the whole parse (tens of
milliseconds on a large module, far more on a loaded machine), and hover or code action
requests would wait behind it. In a child process the analysis also cannot take the server down
with it (a crash, a runaway recursion): the server logs it, reports nothing for that version,
and starts a new child (after `MAX_FAILURES` deaths in a row it analyses in its own process).

The server side (`AnalysisProcess`) sends one request at a time and blocks (in the analysis
thread, with the GIL released) until the answer. Each request has a number. A superseded
analysis is cancelled at once: the server writes the number of the request it abandons to
the child's cancel pipe ("every request up to N is abandoned"), then sends SIGUSR1. The
child compares the number of the request it answers with the highest one in that pipe: in
the signal handler (it raises `AnalysisCancelled` where it is, after `ast.parse` returns if
it is in it, and answers "cancelled"), and when it reads a request (one abandoned before it
arrived is answered "cancelled" without running). So an interruption never waits for
anything of the child's, a signal that reaches the child before the request does is not
lost, and a late one never touches a newer request. (Until 2026-12-02 the child
acknowledged each request and the server signalled only once it had that acknowledgement.)

The child keeps one `IncrementalAnalyzer` per file (the most recent `MAX_DOCUMENTS`): an edit
is re-analysed incrementally (tens of milliseconds on a large module); the answer says whether
it is exact (its records prove it equals a full analysis) or not, and the server confirms an
inexact one with a full analysis once the edits pause. An incremental
analysis that moved statements of the previous tree (lines were added or removed) is not
interrupted, since that would leave the next one without a previous version to build on: the
signal takes effect only if it falls back to a full analysis, else the server drops the stale
answer. One that moved nothing (an edit within lines) is interruptible like a full one, and
so is the parse of every edit (one that leaves the text broken is answered after the parse
of all that follows it, tens of milliseconds on a large module, and nothing else).

A child that stays stopped (SIGSTOP, `STOPPED_TIMEOUT`) is killed and replaced like one that
died, and the request it had goes to its replacement, once (`ChildLost`); a child whose server
is gone (killed: it could not stop the child) exits by itself.

Messages are length-prefixed pickles over the child's stdin and stdout; its stderr is the
server's.

Run as ``python -m jax_lsp.server.runtime.analysis_process`` (the server starts it).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import pickle
import queue
import select
import signal
import struct
import subprocess
import sys
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from jax_lsp.orphans import exit_when_orphaned
from jax_lsp.server.runtime import cached_results, collection, latency, spawn
from jax_lsp.server.runtime.collection import MAX_YOUNG, Collector

if TYPE_CHECKING:  # the child imports them in `main`; the server's side needs none of them
    from jax_lsp.analysis.findings import Finding, ParseError
    from jax_lsp.analysis.incremental import IncrementalAnalyzer
    from jax_lsp.analysis.options import AnalysisConfig, WorkspaceSpec

__all__ = [
    "AnalysisCancelled", "AnalysisFailed", "AnalysisProcess", "ChildLost", "collect_when_idle",
    "first_analysis", "while_waiting",
]

log = logging.getLogger(__name__)

_HEADER = struct.Struct("!I")
#: a request number on the cancel pipe: every request up to it is abandoned
_CANCEL = struct.Struct("!Q")
#: request numbers, one sequence for every `AnalysisProcess` of the server (a child the
#: stdin front borrowed, see `first_analysis`, is then served by another)
_NUMBERS = itertools.count(1)
#: child deaths in a row after which the server analyses in its own process instead
MAX_FAILURES = 3
#: the signal that interrupts an analysis; where there is none (Windows), a superseded analysis
#: runs to its end and its result is dropped
_INTERRUPT: signal.Signals | None = getattr(signal, "SIGUSR1", None)
#: seconds a child may stay stopped (SIGSTOP) while the server waits for it, and how often
#: the server looks
STOPPED_TIMEOUT = 3.0
STOPPED_POLL = 0.25
#: files whose previous version the child keeps for incremental analysis
MAX_DOCUMENTS = 16


#: per thread: work to do once its next request is sent (see `while_waiting`)
_waiting = threading.local()


def while_waiting(work: Callable[[], None] | None) -> None:
    """Have this thread do `work` once it has sent its next request, while the child answers
    (None: nothing). What the server does with an answer only needs the answer for part of
    it: the rest (the line index of the document the report converts positions with, built
    from scratch for an opened document: 20,000 lines, milliseconds, more on a loaded machine)
    is done on the core the analysis leaves free, instead of after it. Not done if the request
    is not sent (the caller then does it itself)."""
    _waiting.work = work


def _do_waiting_work() -> None:
    work = getattr(_waiting, "work", None)
    if work is not None:
        _waiting.work = None
        try:
            work()
        except Exception:  # noqa: BLE001 - only a head start: the caller does it again
            traceback.print_exc()


class AnalysisCancelled(BaseException):
    """The analysis was interrupted because its result is no longer wanted (a BaseException,
    so that no `except Exception` in the analysis swallows it)."""


class AnalysisFailed(Exception):
    """The analysis raised, or the child process died; the message holds the details."""


class ChildLost(AnalysisFailed):
    """The child died or stayed stopped while it had the request (it is replaced)."""



def _send(stream: IO[bytes], message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError("the analysis process closed its output")
    (size,) = _HEADER.unpack(header)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the analysis process closed its output")
    return pickle.loads(data)


# -- the server's side ----------------------------------------------------------------------------


class AnalysisProcess:
    """The child process, seen from the server (any thread may call `interrupt`)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: spawn.Child | None = None
        self._busy = False
        #: the number of the request the child is busy with (see `_NUMBERS`)
        self._number = 0
        self._cancelled = False
        self._job: object = None
        #: answers lost in a row (the child died); past MAX_FAILURES, analyse in this process
        self._failures = 0
        #: a request the prestarted child answered before this took it, and the answer
        self._early: spawn.Exchange | None = None
        #: CPU seconds the child spent on the requests it answered, in all (what an analysis
        #: costs: its wall time also counts the other processes a loaded machine runs)
        self.cpu_seconds = 0.0
        #: per file, the findings of the child's last answer about it, with that answer's
        #: number (the child answers "the same as answer n" when they have not changed)
        self._held: OrderedDict[str, tuple[int, list[Finding]]] = OrderedDict()

    def start(self) -> None:
        """Start the child now (it imports the analysis while the server does other work);
        if the stdin front borrowed the prestarted one, the first request takes it."""
        with self._lock:
            if self._process is None and spawn.lent():
                return
            self._ensure_started()

    def _ensure_started(self) -> spawn.Child:
        if self._process is None or self._process.poll() is not None:
            taken = spawn.take_prestarted()
            if taken is not None:
                self._process, self._early = taken
            else:
                self._process = spawn.spawn()
            self._held.clear()  # a new child: its answers refer to none of the last one's
        return self._process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def begin(self, job: object) -> None:
        """`job` starts: an interruption is now meant for it and nothing else."""
        with self._lock:
            self._job = job
            self._cancelled = False

    def interrupt(self, job: object) -> None:
        """Abandon `job` if it is the current one: before it reaches the child, or while the
        child runs it."""
        with self._lock:
            if job is not self._job:
                return
            self._cancelled = True
            if self._busy:
                self._abandon(self._number)

    def _abandon(self, number: int) -> None:
        """Abandon the requests up to `number` (the lock held): tell the child through its
        cancel pipe, then interrupt it. Where it has no cancel pipe (Windows, no signal),
        the analysis runs to its end and its result is dropped."""
        process = self._process
        fd = spawn.cancel_fd(process) if process is not None else None
        if _INTERRUPT is None or fd is None or process is None or process.poll() is not None:
            return
        with contextlib.suppress(OSError):  # full (the child reads it with every request)
            os.write(fd, _CANCEL.pack(number))
        with contextlib.suppress(OSError):
            os.kill(process.pid, _INTERRUPT)

    def analyze(
        self, source: str, filename: str, config: AnalysisConfig, incremental: bool = False
    ) -> tuple[list[Finding], ParseError | None, tuple[str, ...], bool]:
        """The findings (suppression comments applied), parse error and workspace
        dependencies of `source`, and whether the analysis was a full one (`incremental`
        allows an incremental analysis, built on the file's previous version).

        Blocks until the child answers; raises `AnalysisCancelled` or `AnalysisFailed`."""
        held = self._held.get(filename)
        answer = self._call(
            ("analyse", source, filename, config, incremental, None if held is None else held[0])
        )
        if answer is None:  # the child keeps dying: analyse here rather than not at all
            from jax_lsp.server.session.lint import analyze_here

            return analyze_here(source, filename, config, incremental)
        return _unpack(answer, filename, self._held)

    def index(self, spec: WorkspaceSpec, paths: list[str]) -> int:
        """Parse workspace modules into the child's index (the first workspace scan), so that
        analyses following imports into them find them parsed; how many parsed. Blocks, and
        raises, like `analyze`."""
        answer = self._call(("index", spec, paths))
        return 0 if answer is None else int(answer)

    def judge(self, source: str, filename: str, config: AnalysisConfig,
              planned: dict[Path, str]) -> list[Finding] | None:
        """The findings (suppression comments applied) of `source`, a fix's text of the
        document `filename`, analysed in full as the document is, with the files `planned`
        (path -> text) as if written; None if it does not parse. The child has the analyser
        imported and warm, and the workspace's modules parsed: judging a fix there spares
        the server's process both (`fix_plan`). Blocks, and raises, like `analyze`; also
        `AnalysisFailed` where the child keeps dying (the caller judges in its own process)."""
        answer = self._call(("judge", source, filename, config, planned))
        if answer is None:
            raise AnalysisFailed("no analysis process to judge the fix in")
        findings: list[Finding] | None = answer[0]
        return findings

    def _call(self, request: tuple[Any, ...]) -> Any:
        """Send a request, return the child's answer (None: the child keeps dying, do the work
        in this process). A child that died or stayed stopped is replaced and asked again,
        once: its death says nothing of the request, and failing it would leave the document
        without diagnostics until its next edit (issue 35)."""
        try:
            return self._call_once(request)
        except ChildLost as e:
            log.warning("%s; sending its request to the new one", e)
            return self._call_once(request)

    def _call_once(self, request: tuple[Any, ...]) -> Any:
        if self._process is None:
            spawn.wait_returned()  # not holding the lock: `interrupt` may be called meanwhile
        with self._lock:
            if self._cancelled:
                raise AnalysisCancelled
            if self._failures >= MAX_FAILURES:
                fallback = True
            else:
                fallback = False
                process = self._ensure_started()
                early, self._early = self._early, None
                if early is not None and early[0] == request:
                    return early[1]  # answered while the stdin front had the child
                self._busy = True
                number = self._number = next(_NUMBERS)
        if fallback:
            return None
        trace = latency.current() if latency.ENABLED else None
        try:
            assert process.stdin is not None and process.stdout is not None
            if _stopped(process.pid):  # a write to it could block for good
                raise ChildStopped("the analysis process is stopped")
            latency.stamp(trace, "send")
            _send(process.stdin, (number, request))
            latency.stamp(trace, "sent")
            latency.stamp_cpu(trace, "sent")
            _do_waiting_work()
            latency.stamp(trace, "waiting_work_done")
            _await_answer(process)
            latency.stamp(trace, "answer_ready")
            latency.stamp_cpu(trace, "answer_ready")
            status, payload, cpu, times = _receive(process.stdout)
            latency.stamp(trace, "answer")
            latency.stamp_cpu(trace, "answer")
            if trace is not None and times is not None:
                trace.update(times, child_cpu=cpu)
        except (OSError, EOFError, pickle.UnpicklingError, ChildStopped) as e:
            with self._lock:
                stopped = self._process is not process  # `stop` took it: the server exits
                if not stopped:
                    self._failures += 1
                    self._process = None
            _kill(process)
            if stopped:
                raise AnalysisCancelled from e
            raise ChildLost(f"the analysis process died ({e}); restarting it") from e
        finally:
            with self._lock:
                self._busy = False
        self._failures = 0
        self.cpu_seconds += cpu
        if status == "cancelled":
            raise AnalysisCancelled
        if status == "error":
            raise AnalysisFailed(payload)
        return payload

    def stop(self) -> None:
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(OSError):
                if process.stdin is not None:
                    process.stdin.close()
            _kill(process)


def first_analysis(
    source: str, filename: str, config: AnalysisConfig
) -> tuple[list[Finding], ParseError | None, tuple[str, ...], bool] | None:
    """`AnalysisProcess.analyze` (in full) on the prestarted child, before the server takes it
    (the stdin front's first diagnostics, see `early`); the server's first request, if the
    same, then gets this answer without asking the child again. None: there is no prestarted
    child, or it failed (the server then finds out for itself)."""
    process = spawn.borrow()
    if process is None:
        return None
    lender = AnalysisProcess()
    lender._process = process
    request = ("analyse", source, filename, config, False, None)
    answer = None
    try:
        # (once: a replacement would wait for this borrowed child to be given back)
        answer = lender._call_once(request)
    except (AnalysisFailed, AnalysisCancelled):
        return None
    finally:
        spawn.give_back(lender._process, None if answer is None else (request, answer))
    return _unpack(answer, filename, OrderedDict())


def _unpack(
    answer: tuple[Any, ...], filename: str, held: OrderedDict[str, tuple[int, list[Finding]]]
) -> tuple[list[Finding], ParseError | None, tuple[str, ...], bool]:
    """An analysis answer as `AnalysisProcess.analyze` returns it; `held` (the findings of
    the last answer about each file) is brought up to date."""
    number, findings, error, dependencies, exact = answer
    if findings is None:  # the same as those of answer `number`, which we hold
        findings = held[filename][1]
    held[filename] = (number, findings)
    held.move_to_end(filename)
    while len(held) > MAX_DOCUMENTS:
        held.popitem(last=False)
    return list(findings), error, dependencies, exact


class ChildStopped(Exception):
    """The child stays stopped (SIGSTOP, a debugger): it is killed and replaced."""


def _stopped(pid: int) -> bool:
    """Whether process `pid` is stopped (False where that cannot be told: no /proc)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] in (b"T", b"t")
    except (OSError, IndexError):
        return False


def _await_answer(process: spawn.Child) -> None:
    """Wait until the child's answer starts; raise `ChildStopped` if the child stays stopped
    for `STOPPED_TIMEOUT` seconds meanwhile. A running analysis has no time limit: it is
    superseded (and interrupted) by the next edit, and a long one is no fault."""
    assert process.stdout is not None
    stopped_since: float | None = None
    while True:
        try:
            ready, _, _ = select.select([process.stdout], [], [], STOPPED_POLL)
        except (OSError, ValueError):  # cannot wait on a pipe (Windows): block in the read
            return
        if ready or process.poll() is not None:
            return
        if not _stopped(process.pid):
            stopped_since = None
            continue
        now = time.monotonic()
        if stopped_since is None:
            stopped_since = now
        elif now - stopped_since >= STOPPED_TIMEOUT:
            raise ChildStopped(f"the analysis process was stopped for {STOPPED_TIMEOUT:g} s")


def _kill(process: spawn.Child) -> None:
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.kill()
        process.wait(timeout=2)
    fd = spawn.cancel_fd(process)
    if fd is not None:
        process.cancel_fd = None  # type: ignore[union-attr]  # (set on a Popen by `spawn`)
        with contextlib.suppress(OSError):
            os.close(fd)


# -- the child's side -----------------------------------------------------------------------------


class _State:
    #: an interruption raises now (a full analysis) or waits (an incremental one)
    analysing = False
    #: the number of the request being answered (0: none, e.g. `_answer` called in process),
    #: the highest number the server abandoned, and the child's end of the cancel pipe it
    #: writes them to (None: it has none)
    number = 0
    abandoned = 0
    cancels: int | None = None
    analyzers: OrderedDict[str, IncrementalAnalyzer] = OrderedDict()
    #: per file, the number and findings of the last answer about it (see `_packed`)
    sent: OrderedDict[str, tuple[int, list[Finding]]] = OrderedDict()
    answers = itertools.count(1)
    #: what to do once the answer is sent: write it to the result cache, or analyse the
    #: document whose answer came from the cache (see `_analyse`)
    after: Callable[[], None] | None = None
    #: the stream requests come from (set by `main`), and the next request (or the error
    #: reading it raised), read meanwhile by `_until_request`
    requests: IO[bytes] | None = None
    pending: queue.SimpleQueue[Any] | None = None
    #: `_until_request` abandons what it runs (an interruption raises then)
    abandon = False
    #: while tracing (see `latency`): the stages of the request being answered
    times: dict[str, Any] | None = None


def _on_interrupt(signum: int, frame: object) -> None:
    raises = _State.abandon or (_State.analysing and _superseded())
    if _State.times is not None:
        latency.stamp(_State.times, "child_signal")
        _State.times["child_signal_raises"] = raises
    if raises:
        raise AnalysisCancelled


def _superseded() -> bool:
    """Whether the server abandoned the request being answered (read from the cancel pipe:
    a signal only says that it wrote there)."""
    fd = _State.cancels
    if fd is not None:
        while True:
            try:
                data = os.read(fd, 4096)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                _State.cancels = None
                break
            if not data:  # the server closed it: it abandons nothing more
                _State.cancels = None
                break
            # the server writes whole numbers, and a pipe does not split a small write
            usable = len(data) - len(data) % _CANCEL.size
            for (n,) in _CANCEL.iter_unpack(data[:usable]):
                _State.abandoned = max(_State.abandoned, n)
    return 0 < _State.number <= _State.abandoned  # 0: not a request (run in process)


def _interruptible(allow: bool = True) -> None:
    """From here on an interruption raises (`allow`), or waits until it is allowed again
    (the analysis is changing what the next one builds on)."""
    _State.analysing = allow
    if allow and _superseded():
        raise AnalysisCancelled


def analyzer_for(filename: str) -> IncrementalAnalyzer:
    """The incremental analyzer of a file (the least recently used one is forgotten)."""
    from jax_lsp.analysis.incremental import IncrementalAnalyzer

    analyzers = _State.analyzers
    analyzer = analyzers.pop(filename, None)
    if analyzer is None:
        analyzer = IncrementalAnalyzer()
        # a full analysis's records are made after its answer is sent (`main` calls
        # `prepare` then): only the next edit reads them
        analyzer.defer_records = True
    analyzers[filename] = analyzer
    while len(analyzers) > MAX_DOCUMENTS:
        analyzers.popitem(last=False)
    return analyzer


def _handle(
    request: tuple[Any, ...], times: latency.Trace | None = None
) -> tuple[str, Any, float, latency.Trace | None]:
    """Answer one request: ("ok", result), ("cancelled", None) or ("error", traceback), with
    the CPU seconds it took (and, while tracing, `times` with its own stages)."""
    start = time.process_time()
    latency.stamp(times, "child_start")
    status, payload = _answer(request)
    latency.stamp(times, "child_end")
    return status, payload, time.process_time() - start, times


def _answer(request: tuple[Any, ...]) -> tuple[str, Any]:
    kind, *args = request
    try:
        try:
            if kind == "index":
                return "ok", _index(*args)
            if kind == "judge":
                return "ok", (_judge(*args),)
            *analysed, held = args
            result = _analyse(*analysed)
            latency.stamp(_State.times, "child_analysed")
            return "ok", _packed(analysed[1], held, result)
        finally:
            _State.analysing = False
    except AnalysisCancelled:
        return "cancelled", None
    except Exception:  # noqa: BLE001 - reported to the server, which logs it
        what = ("indexing the workspace" if kind == "index"
                else f"judging a fix of {args[1]}" if kind == "judge"
                else f"the analysis of {args[1]}")
        return "error", f"{what} failed:\n{traceback.format_exc()}"


def _packed(
    filename: str,
    held: int | None,
    result: tuple[list[Finding], ParseError | None, tuple[str, ...], bool],
) -> tuple[Any, ...]:
    """The answer to an analysis: its number, and its findings, or None when they are those
    of the last answer about the file, which the server says it holds (`held`): pickling
    them, and unpickling them in the server, took milliseconds of every keystroke on a large
    module, whose edits mostly change no finding."""
    findings, error, dependencies, exact = result
    sent = _State.sent.get(filename)
    if sent is not None and held == sent[0] and _same_findings(sent[1], findings):
        return held, None, error, dependencies, exact
    number = next(_State.answers)
    _State.sent[filename] = (number, findings)
    _State.sent.move_to_end(filename)
    while len(_State.sent) > MAX_DOCUMENTS:
        _State.sent.popitem(last=False)
    return number, findings, error, dependencies, exact


def _same_findings(old: list[Finding], new: list[Finding]) -> bool:
    """Equal in every field (`Finding`'s equality leaves out some)."""
    return len(old) == len(new) and all(
        a == b and a.operand_spans == b.operand_spans and a.modes == b.modes
        for a, b in zip(old, new)
    )


def _index(spec: WorkspaceSpec, paths: list[str]) -> int:
    _interruptible()
    workspace = cached_results.workspace(spec)
    return sum(workspace.parse(Path(p)) is not None for p in paths)


def _judge(source: str, filename: str, config: AnalysisConfig,
           planned: dict[Path, str]) -> list[Finding] | None:
    """A fix's text analysed in full (see `AnalysisProcess.judge`), interruptible throughout:
    it changes nothing the documents' analyses build on (the workspace's `planned` files
    are put back, and are never remembered by it)."""
    from jax_lsp.analysis.engine import analyze_source
    from jax_lsp.analysis.suppress import filter_suppressed

    spec = config.workspace
    workspace = cached_results.workspace(spec) if spec is not None else None
    kept = workspace.planned if workspace is not None else {}
    if workspace is not None:
        workspace.planned = dict(planned)
    try:
        _interruptible()
        result = analyze_source(source, filename, config, workspace)
    finally:
        _State.analysing = False
        if workspace is not None:
            workspace.planned = kept
    if result.error is not None:
        return None
    return filter_suppressed(source, result.findings)


def _analyse(
    source: str, filename: str, config: AnalysisConfig, incremental: bool
) -> tuple[list[Finding], ParseError | None, tuple[str, ...], bool]:
    """A full analysis of a document whose text is its file's is answered from the result
    cache when its entry there is valid (the analysis then runs after the answer, so that the
    next edit is analysed incrementally), and written to it otherwise."""
    from jax_lsp.analysis.suppress import filter_suppressed

    analyzer = analyzer_for(filename)
    disk = stored = None
    if not incremental:
        _interruptible()
        try:
            disk = cached_results.on_disk(source, filename, config)
            stored = cached_results.lookup(disk) if disk is not None else None
        except Exception:  # noqa: BLE001 - the cache only ever spares an analysis
            traceback.print_exc()
            disk = stored = None
        if disk is not None and stored is not None:
            _State.after = lambda: _analyse_later(analyzer, source, filename, config)
            return stored.findings, None, stored.dependencies, True
    spec = config.workspace
    workspace = cached_results.workspace(spec) if spec is not None else None
    full_runs = analyzer.full_runs
    with cached_results.recording(disk) as record:
        result = analyzer.analyze(source, filename, config, workspace,
                                  incremental=incremental, interruptible=_interruptible)
    findings = (
        filter_suppressed(source, result.findings, analyzer.lines_of(source))
        if result.error is None
        else []
    )
    if disk is not None and record is not None and result.error is None and \
            analyzer.full_runs > full_runs:
        provenance = record.provenance(disk.digest, list(result.dependencies))
        if provenance is not None:
            _State.after = lambda: cached_results.save(disk, source, findings, provenance)
    return findings, result.error, tuple(result.dependencies), result.exact


def _analyse_later(
    analyzer: IncrementalAnalyzer, source: str, filename: str, config: AnalysisConfig
) -> None:
    """The analysis a cached answer spared, run once it is sent, for the document's next edit
    to build on. A request for another document arriving meanwhile abandons it (it was only
    worth it while idle); one for this document waits for it (an edit needs it, and would
    otherwise be analysed in full itself)."""
    spec = config.workspace
    workspace = cached_results.workspace(spec) if spec is not None else None
    _until_request(
        lambda: analyzer.analyze(source, filename, config, workspace, incremental=False),
        lambda request: request[0] == "analyse" and request[2] == filename,
    )


def _until_request(run: Callable[[], object], wait_for: Callable[[Any], bool]) -> None:
    """Call `run` while a thread reads the next request (for the main loop to take from
    `_State.pending`); once one arrives, interrupt `run` unless `wait_for(request)`. Where no
    request stream is known (`_State.requests`) or nothing can interrupt (no signal), `run`
    runs to its end."""
    stream = _State.requests
    if _INTERRUPT is None or stream is None:
        run()
        return
    arrived: queue.SimpleQueue[Any] = queue.SimpleQueue()
    _State.pending = arrived
    lock = threading.Lock()
    done = threading.Event()

    def read() -> None:
        try:
            message = _receive(stream)
        except Exception as e:  # noqa: BLE001 - the main loop raises it where it would read
            message = e
        arrived.put(message)
        with lock:
            if not done.is_set() and (isinstance(message, Exception) or not wait_for(message[1])):
                _State.abandon = True
                os.kill(os.getpid(), _INTERRUPT)

    threading.Thread(target=read, name="request-read", daemon=True).start()
    # the server's own interruptions are for the request it sent, not for this
    _State.analysing = False
    try:
        run()
    except AnalysisCancelled:
        pass
    finally:
        with lock:
            done.set()
        _State.abandon = False  # a signal still to come is the server's, for its requests


def import_analysis() -> None:
    """Import what answering requests takes (the child does, before its first request). The
    analyzer's module is named: its package loads it lazily (PEP 562), so importing the package
    imported none of the evaluator, and the first open paid for it (70 ms of CPU)."""
    import jax_lsp.analysis.engine
    import jax_lsp.analysis.incremental.analyzer
    import jax_lsp.analysis.suppress
    import jax_lsp.analysis.workspace  # noqa: F401


def main() -> int:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but answers may reach the server through stdout
    _State.requests = stdin
    if _INTERRUPT is not None and os.environ.get(spawn.CANCEL_FD):
        _State.cancels = int(os.environ.pop(spawn.CANCEL_FD))
    # end once the server is gone (killed: it could not stop us), instead of finishing an
    # analysis nobody will read
    exit_when_orphaned(ORPHAN_POLL)
    if _INTERRUPT is not None:
        signal.signal(_INTERRUPT, _on_interrupt)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the editor's Ctrl-C is for the server
    import_analysis()  # before the first request
    if cached_results.enabled() and _idle(stdin, 0.0) is True:
        # no request waits (the server is not up yet, or has nothing open): get the cache
        # ready for the first large document, which is then answered from it at once
        cached_results.prepare()

    # Garbage collection on our terms (see `collection`): an automatic full collection in the
    # middle of an analysis would walk the trees kept for incremental analysis; instead what is
    # new is collected while the server leaves us idle (a large collection only after a long
    # pause), and what survives is frozen.
    collector = Collector()
    collector.start()
    while True:
        waiting = time.monotonic() if latency.ENABLED else 0.0
        pending, _State.pending = _State.pending, None
        collect_when_idle(collector, stdin, pending)
        collected = time.monotonic() if latency.ENABLED else 0.0
        try:
            _State.number, request = _receive(stdin) if pending is None else _taken(pending)
        except EOFError:
            return 0
        except AnalysisCancelled:  # pragma: no cover - only raised while analysing
            continue
        if latency.ENABLED:
            _State.times = {"child_waiting": waiting, "child_collected": collected,
                            "child_read": time.monotonic(), "child_pending": pending is not None}
        if _superseded():  # abandoned on its way here: not even started
            latency.stamp(_State.times, "child_dropped")
            answer: tuple[str, Any, float, latency.Trace | None] = (
                "cancelled", None, 0.0, _State.times)
        else:
            answer = _handle(request, _State.times)
        _send(stdout, answer)
        after, _State.after = _State.after, None
        if after is not None:
            try:
                after()
            except AnalysisCancelled:  # a request came as it ended: it is answered next
                pass
            except Exception:  # noqa: BLE001 - the answer is sent; this was only a saving
                traceback.print_exc()
        if request[0] == "analyse":
            # while the server publishes: get ready for the next edit of this document
            analyzer = _State.analyzers.get(request[2])
            if analyzer is not None:
                with contextlib.suppress(Exception):
                    analyzer.prepare()


def collect_when_idle(
    collector: Collector, stream: IO[bytes], pending: queue.SimpleQueue[Any] | None
) -> None:
    """Collect garbage if no request comes for the collector's `wait`. How long that is
    depends on how many objects a collection would walk, and counting them walks them too
    (5-25 ms with a 20,000-line module's state): so they are counted only after `IDLE`
    seconds without a request (no wait is shorter), and a request that comes sooner (the
    next keystroke's) is taken at once, not after the count."""

    def idle(seconds: float) -> bool | None:
        return _idle(stream, seconds) if pending is None else _idle_pending(pending, seconds)

    quiet = idle(collection.IDLE)
    if quiet is False:
        return
    young = collector.young()  # counted once (it walks them), for `wait` and `collect`
    wait = collector.wait(young)
    if wait is None:
        return
    if quiet is None:
        # where idleness cannot be told, only a collection that cannot wait runs
        if young >= MAX_YOUNG:
            collector.collect(young)
        return
    if wait <= collection.IDLE or idle(wait - collection.IDLE):
        collector.collect(young)


#: seconds between the child's looks at whether the server is still its parent
ORPHAN_POLL = 0.5


def _taken(pending: queue.SimpleQueue[Any]) -> Any:
    """The request (number, request) `_until_request` read (raising what reading it
    raised)."""
    request = pending.get()
    if isinstance(request, Exception):
        raise request
    return request


def _idle_pending(pending: queue.SimpleQueue[Any], seconds: float) -> bool:
    """Whether no request arrives within `seconds` on the thread `_until_request` started."""
    deadline = time.monotonic() + seconds
    while pending.empty():
        if time.monotonic() >= deadline:
            return True
        time.sleep(0.01)
    return False


def _idle(stream: IO[bytes], seconds: float) -> bool | None:
    """Whether no request arrives within `seconds` (None where that cannot be told)."""
    try:
        ready, _, _ = select.select([stream], [], [], seconds)
    except (OSError, ValueError):  # e.g. Windows, where select takes only sockets
        return None
    return not ready


if __name__ == "__main__":
    raise SystemExit(main())
