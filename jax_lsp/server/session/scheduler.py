"""When to lint: coalesce rapid edits, run one analysis at a time off the event loop, drop stale
results, and let requests wait for the report of the version they are about.

- An edit of a document's own text lints it at once (after the other edits read with it, which
  coalesce). If the analysis of an earlier version runs, it is interrupted and the new one is
  queued at once: the analysis thread starts it as soon as the interrupted one has stopped
  (a millisecond or so; longer if it was in an uninterruptible parse), and an edit that comes
  before that replaces it in the queue. A debounce here (15 ms, until 2026-12-02) was all
  latency on the last keystroke of a burst: measured with `JAX_LSP_LATENCY_TRACE` (see
  `latency`), the interrupted analysis had mostly stopped well before it expired. A change
  elsewhere (another file the document imports) is debounced, so that a burst of them becomes
  one full analysis; opening a document or changing the configuration lints at once.
- Each document is queued at most once; the analysis thread takes the queue in order.
- An edit to a document whose analysis is running interrupts that analysis (its result would be
  stale anyway), so the newest version starts as soon as the debounce allows.
- A finished report is accepted only if the document is still open at that version and the
  configuration has not changed since the snapshot; otherwise it is dropped.
- An edit of the document itself may be analysed incrementally (`analysis.incremental`: tens
  of milliseconds instead of hundreds on a large module). Such a report is published at once;
  if it is not exact (`Report.exact`: its records do not prove it equals a full analysis), a
  full analysis of the same version confirms it once the edits pause for `VERIFY_DELAY`, and
  is published only if it differs. Opening, configuration
  changes and changes of other files the document imports are always analysed in full.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from jax_lsp.server.runtime import latency
from jax_lsp.server.session.lint import Report, Snapshot, empty_report, lint
from jax_lsp.server.session.worker import AnalysisPool

if TYPE_CHECKING:
    from jax_lsp.server.runtime.analysis_process import AnalysisProcess

__all__ = ["CHANGE_DEBOUNCE", "VERIFY_DELAY", "LintScheduler"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: seconds to wait after a change the document must be analysed in full for (another file it
#: imports was edited) before linting it (changes closer together coalesce into one run)
CHANGE_DEBOUNCE = 0.015
#: seconds of quiet after an incremental report before a full analysis confirms it
VERIFY_DELAY = 0.25


@dataclass(eq=False)
class _Running:
    uri: str
    version: int
    future: Future[Report] = dataclasses.field(default_factory=Future)
    #: its hand-offs' times, while tracing (see `latency`)
    trace: latency.Trace | None = None


def _lint_on(
    snapshot: Snapshot, trace: latency.Trace | None, process: AnalysisProcess
) -> Report:
    if trace is None:
        return lint(snapshot, process.analyze)
    latency.stamp(trace, "job_start")
    latency.stamp_cpu(trace, "job_start")
    latency.set_current(trace)
    try:
        return lint(snapshot, process.analyze)
    finally:
        latency.set_current(None)
        latency.stamp(trace, "report")
        latency.stamp_cpu(trace, "report")


class LintScheduler:
    """Decides when each open document is linted and hands accepted reports to `on_report`."""

    def __init__(
        self,
        snapshot: Callable[[str, Report | None], Snapshot | None],
        state: Callable[[str], tuple[int, int] | None],
        on_report: Callable[[Report], None],
        debounce: float = CHANGE_DEBOUNCE,
    ) -> None:
        """`snapshot(uri, previous_report)` takes a snapshot of an open document (None if it is
        closed); `state(uri)` is the (version, configuration generation) it is at now."""
        self._snapshot = snapshot
        self._state = state
        self._on_report = on_report
        self.debounce = debounce
        self.pool = AnalysisPool()
        self._timers: dict[str, asyncio.Handle] = {}
        #: documents waiting for the analysis thread, in order (a dict as an ordered set)
        self._queue: dict[str, None] = {}
        self._running: _Running | None = None
        self._reports: dict[str, Report] = {}
        self._waiters: dict[str, list[tuple[tuple[int, int], asyncio.Future[Report | None]]]] = {}
        #: documents whose next analysis must be a full one (the others had only their own
        #: text edited since their last analysis, which an incremental analysis handles)
        self._full: set[str] = set()
        self.verify_delay = VERIFY_DELAY
        #: documents to lint again, in full, once their running analysis ends (`redo_after`)
        self._redo: set[str] = set()
        #: while tracing: per document, its last edit's version, and when it was read, taken
        #: by the event loop and handled
        self._edits: dict[str, tuple[int, float, float, float]] = {}
        #: jobs that give way to the documents' analyses (`yielding`), and their lock (any
        #: thread submits them)
        self._yielding: set[Future[Any]] = set()
        self._yielding_lock = threading.Lock()
        self.stopped = False

    # -- what the handlers call -----------------------------------------------------------------

    @property
    def idle(self) -> bool:
        """No analysis is running, queued or waiting for its debounce (background work such
        as the workspace scan goes first only then)."""
        return self._running is None and not self._queue and not self._timers

    def report(self, uri: str) -> Report | None:
        """The latest accepted report of a document (maybe of an older version)."""
        return self._reports.get(uri)

    def lint_now(self, uri: str) -> None:
        """Lint a document as soon as the analysis thread is free (open, configuration)."""
        self._note_frame(uri)
        self._cancel_timer(uri)
        self._interrupt_if_running(uri)
        self._full.add(uri)
        self._queue[uri] = None
        self._pump()

    def redo_after(self, uri: str) -> None:
        """Lint a document again, in full, without interrupting its running analysis: once that
        ends (its report is accepted first), or at once if none runs."""
        if self._is_running(uri):
            self._redo.add(uri)
        elif uri in self._timers or uri in self._queue:
            self._full.add(uri)  # its snapshot is not taken yet
        else:
            self.lint_now(uri)

    def changed(self, uri: str, *, incremental: bool = True) -> None:
        """A document was edited (`incremental`: its own text changed, nothing else did): lint
        it at once (its own text, nothing of it running) or once the changes pause."""
        if not incremental:
            self._full.add(uri)
        self._note_frame(uri)
        self._interrupt_if_running(uri)
        self._cancel_timer(uri)
        loop = asyncio.get_running_loop()
        if uri not in self._full:
            # at once, yet after the other edits read with this one (they coalesce); if its
            # previous version's analysis was running, the analysis thread takes this one as
            # soon as that one has stopped
            self._timers[uri] = loop.call_soon(self._due, uri)
        else:
            self._timers[uri] = loop.call_later(self.debounce, self._due, uri)

    def _note_frame(self, uri: str) -> None:
        """While tracing: when the frame that asks to lint `uri` (an edit, an open) was read
        and handled, for the job that lints its version (see `_trace`)."""
        if latency.ENABLED:
            state = self._state(uri)
            if state is not None:
                self._edits[uri] = (state[0], latency.frame_read(), latency.frame_delivered(),
                                    time.monotonic())

    def closed(self, uri: str) -> None:
        """Forget a document: no more linting, waiters get None."""
        self._cancel_timer(uri)
        self._queue.pop(uri, None)
        self._full.discard(uri)
        self._interrupt_if_running(uri)
        self._reports.pop(uri, None)
        self._redo.discard(uri)
        for _, waiter in self._waiters.pop(uri, []):
            if not waiter.done():
                waiter.set_result(None)

    async def wait_for(self, uri: str, version: int, timeout: float | None = None) -> Report | None:
        """The report of `version` (or a later one) under the current configuration; None if
        the document closes first, or on timeout."""
        state = self._state(uri)
        if state is None:
            return None
        wanted = (version, state[1])
        current = self._reports.get(uri)
        if current is not None and _satisfies(current, wanted):
            return current
        waiter: asyncio.Future[Report | None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(uri, []).append((wanted, waiter))
        if uri not in self._timers and uri not in self._queue and not self._is_running(uri):
            self.lint_now(uri)
        try:
            return await asyncio.wait_for(asyncio.shield(waiter), timeout)
        except asyncio.TimeoutError:
            return None

    def yielding(self, fn: Callable[[AnalysisProcess], T]) -> Future[T]:
        """Run `fn` on an analysis process, after the analyses queued now, giving way to any
        document's analysis due later: that one interrupts it (or drops it, not started)
        and its future fails with `concurrent.futures.CancelledError`. For work the user
        waits for less than for the diagnostics of what they type: a fix's judgement (see
        `code_actions`). Any thread may call it."""
        future = self.pool.submit_to_process(fn)
        with self._yielding_lock:
            self._yielding.add(future)
        future.add_done_callback(self._yielded)
        if self.stopped:
            self.pool.cancel(future)
        return future

    def _yielded(self, future: Future[Any]) -> None:
        with self._yielding_lock:
            self._yielding.discard(future)

    def _give_way(self) -> None:
        """Interrupt (or drop) the jobs that give way to a document's analysis."""
        with self._yielding_lock:
            yielding = list(self._yielding)
        for future in yielding:
            self.pool.cancel(future)

    def stop(self) -> None:
        self.stopped = True
        self._give_way()
        for uri in list(self._timers):
            self._cancel_timer(uri)
        self._queue.clear()
        if self._running is not None:
            self.pool.cancel(self._running.future)
        self.pool.stop()

    # -- machinery ------------------------------------------------------------------------------

    def _is_running(self, uri: str) -> bool:
        return self._running is not None and self._running.uri == uri

    def _cancel_timer(self, uri: str) -> None:
        timer = self._timers.pop(uri, None)
        if timer is not None:
            timer.cancel()

    def _interrupt_if_running(self, uri: str) -> None:
        if self._running is not None and self._running.uri == uri:
            latency.stamp(self._running.trace, "interrupt")
            self.pool.cancel(self._running.future)
            # the next job need not wait for this one to wind down (another worker takes it)
            self._running = None

    def _due(self, uri: str) -> None:
        self._timers.pop(uri, None)
        self._queue[uri] = None
        self._pump()

    def _pump(self) -> None:
        while self._running is None and self._queue:
            uri = next(iter(self._queue))
            del self._queue[uri]
            try:
                snapshot = self._snapshot(uri, self._reports.get(uri))
            except Exception:  # one document's failure must not stop the others
                log.exception("cannot take a snapshot of %s", uri)
                continue
            if snapshot is None:  # closed meanwhile
                continue
            if uri in self._full:
                self._full.discard(uri)
            else:
                snapshot = dataclasses.replace(snapshot, incremental=True)
            trace = self._trace(snapshot) if latency.ENABLED else None
            self._give_way()
            running = _Running(uri, snapshot.version, trace=trace)
            future = running.future = self.pool.submit_to_process(
                functools.partial(_lint_on, snapshot, trace)
            )
            self._running = running
            future.add_done_callback(
                functools.partial(self._wake, asyncio.get_running_loop(), running, snapshot)
            )

    def _trace(self, snapshot: Snapshot) -> latency.Trace:
        trace: latency.Trace = {
            "uri": snapshot.uri, "version": snapshot.version, "chars": len(snapshot.text),
            "incremental": snapshot.incremental, "submit": time.monotonic(),
        }
        edit = self._edits.get(snapshot.uri)
        if edit is not None and edit[0] == snapshot.version:
            trace["read"], trace["delivered"], trace["handled"] = edit[1:]
        return trace

    def _wake(
        self,
        loop: asyncio.AbstractEventLoop,
        running: _Running,
        snapshot: Snapshot,
        _future: Future[Report],
    ) -> None:
        """Called in the analysis thread: continue on the event loop."""
        latency.stamp(running.trace, "wake")
        if not loop.is_closed():
            loop.call_soon_threadsafe(self._finished, running, snapshot)

    def _finished(self, running: _Running, snapshot: Snapshot) -> None:
        trace = running.trace
        latency.stamp(trace, "finished")
        latency.stamp_cpu(trace, "finished")
        if self._running is running:
            self._running = None
        try:
            report: Report | None = running.future.result()
        except CancelledError:
            report = None
            if trace is not None:
                trace["outcome"] = "cancelled"
            if self._state(running.uri) == (snapshot.version, snapshot.generation) and not (
                running.uri in self._timers or running.uri in self._queue
            ):
                self._queue[running.uri] = None  # cancelled, yet still wanted: run it again
        except Exception:  # logged (and sent to the client); the server goes on
            log.exception("linting %s (version %s) failed", running.uri, running.version)
            report = self._failed(snapshot)
        try:
            if report is not None:
                outcome = self._accept(report)
                if trace is not None:
                    trace["outcome"] = outcome
                    trace["exact"] = report.exact
                    latency.stamp(trace, "published" if outcome == "published" else "dropped")
                    latency.stamp_cpu(trace, "published")
        finally:
            if trace is not None:
                latency.write(trace)
            if running.uri in self._redo and not self._is_running(running.uri):
                self._redo.discard(running.uri)
                if self._state(running.uri) is not None:
                    self._full.add(running.uri)
                    self._queue[running.uri] = None
            self._pump()

    def _failed(self, snapshot: Snapshot) -> Report | None:
        """The report of a version whose analysis failed: none where the document has real
        diagnostics already (an empty report would erase them until its next edit, issue 35:
        they stay, and requests waiting for this version get them), else an empty one."""
        previous = self._reports.get(snapshot.uri)
        if previous is None or not (previous.findings or previous.parse_error
                                    or previous.diagnostics_json):
            return empty_report(snapshot)
        log.warning("keeping the diagnostics of %s version %s", snapshot.uri, previous.version)
        for _, waiter in self._waiters.pop(snapshot.uri, []):
            if not waiter.done():
                waiter.set_result(previous)
        return None

    def _accept(self, report: Report) -> str:
        """Accept a report if it is of the current version; what became of it (for tracing)."""
        current = self._state(report.uri)
        if current is None or current != (report.version, report.generation):
            log.debug("dropping stale report of %s version %s", report.uri, report.version)
            return "stale"
        previous = self._reports.get(report.uri)
        self._reports[report.uri] = report
        if not report.exact:
            self._confirm_later(report.uri)
        elif (
            previous is not None
            and not previous.exact
            and (previous.version, previous.generation) == (report.version, report.generation)
            and previous.findings == report.findings
            and previous.parse_error == report.parse_error
        ):
            # the full analysis confirms what was published: nothing to tell
            self._wake_waiters(report)
            return "confirmed"
        self._on_report(report)
        self._wake_waiters(report)
        return "published"

    def _confirm_later(self, uri: str) -> None:
        if uri in self._timers or uri in self._queue:
            return  # an analysis of a newer version is coming anyway
        loop = asyncio.get_running_loop()
        self._timers[uri] = loop.call_later(self.verify_delay, self._due_full, uri)

    def _due_full(self, uri: str) -> None:
        self._full.add(uri)
        self._due(uri)

    def _wake_waiters(self, report: Report) -> None:
        waiters = self._waiters.get(report.uri, [])
        keep = []
        for wanted, waiter in waiters:
            if waiter.done():
                continue
            if _satisfies(report, wanted):
                waiter.set_result(report)
            else:
                keep.append((wanted, waiter))
        if keep:
            self._waiters[report.uri] = keep
        else:
            self._waiters.pop(report.uri, None)


def _satisfies(report: Report, wanted: tuple[int, int]) -> bool:
    return report.version >= wanted[0] and report.generation >= wanted[1]
