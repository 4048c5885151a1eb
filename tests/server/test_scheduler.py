"""When the scheduler lints: an edit of a document's own text at once (interrupting its
running analysis, which the next one waits for), a change the document must be analysed in
full for after a debounce."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Future
from typing import Any

import pytest

from jax_lsp.project.config import Config
from jax_lsp.server.session.capabilities import ClientProfile
from jax_lsp.server.session.lint import Report, Snapshot
from jax_lsp.server.session.scheduler import LintScheduler

URI = "untitled:doc.py"


class _Pool:
    """No analysis process: a job finishes as soon as it is submitted, or, while `hold` is
    set, when the test says so."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, Future[Report]]] = []
        self.hold = False
        #: whether an incremental analysis answers exact (a full one always does)
        self.exact_increments = True
        self.incremental: list[bool] = []
        #: what the analysis process would report: CPU seconds spent in all, and the wall
        #: and CPU seconds each analysis takes
        self.cpu_seconds = 0.0
        self.wall_per_analysis = 0.0
        self.cpu_per_analysis = 0.0

    def submit_to_process(self, fn: Any) -> Future[Report]:
        future: Future[Report] = Future()
        self.jobs.append((fn, future))
        if not self.hold:
            self.finish()
        return future

    def cancel(self, future: Future[Report]) -> None:
        future.cancel()

    def stop(self) -> None:
        pass

    def finish(self) -> None:
        fn, future = self.jobs[-1]
        future.set_running_or_notify_cancel()
        future.set_result(fn(self))

    def analyze(self, text: str, name: str, config: Any, incremental: bool) -> Any:
        self.incremental.append(incremental)
        time.sleep(self.wall_per_analysis)
        self.cpu_seconds += self.cpu_per_analysis
        return [], None, (), self.exact_increments or not incremental


def _scheduler() -> tuple[LintScheduler, _Pool, dict[str, int], list[Report]]:
    doc = {"version": 1}
    published: list[Report] = []

    def snapshot(uri: str, previous: Report | None) -> Snapshot:
        return Snapshot(uri=uri, version=doc["version"], text="x = 1\n", path=None,
                        config=Config(), generation=0, profile=ClientProfile(),
                        previous=previous)

    scheduler = LintScheduler(snapshot, lambda uri: (doc["version"], 0), published.append)
    scheduler.pool.stop()
    pool = _Pool()
    scheduler.pool = pool  # type: ignore[assignment]
    return scheduler, pool, doc, published


async def _turn() -> None:
    for _ in range(3):
        await asyncio.sleep(0)


async def _until(condition: Any, timeout: float = 10.0) -> None:
    """Wait for what a debounce or a delay makes happen: polled, so a loaded machine that
    wakes the loop late makes the test slower, not wrong (it still fails if it never does)."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)


@pytest.mark.asyncio(loop_scope="function")
async def test_edits_of_the_document_are_linted_at_once() -> None:
    scheduler, pool, doc, published = _scheduler()
    scheduler.debounce = 0.2
    scheduler.lint_now(URI)
    assert len(pool.jobs) == 1  # opening: at once, in full
    await _turn()
    doc["version"] = 2
    scheduler.changed(URI)  # its own text: at once, incrementally
    await _turn()
    assert len(pool.jobs) == 2 and pool.incremental == [False, True]
    assert [r.version for r in published] == [1, 2]
    doc["version"] = 3
    pool.hold = True
    scheduler.changed(URI)
    await _turn()
    assert len(pool.jobs) == 3
    doc["version"] = 4
    scheduler.changed(URI)  # one is running: it is interrupted, the next one queued at once
    await _turn()
    assert pool.jobs[2][1].cancelled() and len(pool.jobs) == 4
    pool.finish()
    await _turn()
    assert [r.version for r in published] == [1, 2, 4]
    doc["version"] = 5
    scheduler.changed(URI, incremental=False)  # a change elsewhere: in full, debounced
    await _turn()
    assert len(pool.jobs) == 4
    await _until(lambda: len(pool.jobs) == 5)
    assert len(pool.jobs) == 5
    scheduler.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_an_expensive_document_is_not_held_back_either() -> None:
    """However long its analyses take, a keystroke's waits for nothing: a debounce coalesces
    nothing at typing speed, and on the last keystroke it is all latency."""
    scheduler, pool, doc, published = _scheduler()
    scheduler.debounce = 0.2
    pool.wall_per_analysis = pool.cpu_per_analysis = 0.1
    scheduler.lint_now(URI)
    await _turn()
    for version in (2, 3):
        doc["version"] = version
        scheduler.changed(URI)
        await _turn()
        assert len(pool.jobs) == version
    assert [r.version for r in published] == [1, 2, 3]
    scheduler.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_only_an_inexact_incremental_report_is_confirmed_by_a_full_analysis() -> None:
    scheduler, pool, doc, published = _scheduler()
    scheduler.debounce = 0.05
    scheduler.verify_delay = 0.05
    scheduler.lint_now(URI)
    await _turn()
    doc["version"] = 2
    scheduler.changed(URI)  # incremental and exact: final, nothing more runs
    await asyncio.sleep(0.3)
    assert pool.incremental == [False, True]
    assert [r.version for r in published] == [1, 2]
    pool.exact_increments = False
    doc["version"] = 3
    scheduler.changed(URI)  # incremental, inexact: a full analysis confirms it
    await _until(lambda: len(pool.incremental) == 4)
    await asyncio.sleep(0.1)  # and nothing after it
    assert pool.incremental == [False, True, True, False]
    assert [r.version for r in published] == [1, 2, 3]  # the confirmation found the same
    scheduler.stop()
