"""When the scheduler lints: an edit waits for the debounce unless the document's incremental
analyses are cheap (then it is linted at once, interrupting a running one); full analyses and
slow documents keep the debounce."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Future
from typing import Any

import pytest

from jax_lsp.config import Config
from jax_lsp.server.capabilities import ClientProfile
from jax_lsp.server.lint import Report, Snapshot
from jax_lsp.server.scheduler import LintScheduler

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


@pytest.mark.asyncio(loop_scope="function")
async def test_cheap_incremental_edits_skip_the_debounce() -> None:
    scheduler, pool, doc, published = _scheduler()
    scheduler.debounce = 0.2
    scheduler.lint_now(URI)
    assert len(pool.jobs) == 1  # opening: at once, in full
    await _turn()
    doc["version"] = 2
    scheduler.changed(URI)  # no incremental analysis measured yet: the debounce
    await _turn()
    assert len(pool.jobs) == 1
    await asyncio.sleep(0.3)
    assert len(pool.jobs) == 2
    await _turn()
    assert [r.version for r in published] == [1, 2]
    doc["version"] = 3
    pool.hold = True
    scheduler.changed(URI)  # cheap: at once
    await _turn()
    assert len(pool.jobs) == 3
    doc["version"] = 4
    scheduler.changed(URI)  # one is running: it is interrupted, the next is queued at once
    await _turn()
    assert pool.jobs[2][1].cancelled() and len(pool.jobs) == 4
    pool.finish()
    await _turn()
    assert [r.version for r in published] == [1, 2, 4]
    doc["version"] = 5
    scheduler.changed(URI, incremental=False)  # a change elsewhere: in full, debounced
    await _turn()
    assert len(pool.jobs) == 4
    await asyncio.sleep(0.3)
    assert len(pool.jobs) == 5
    scheduler.stop()


@pytest.mark.parametrize(("wall", "cpu", "at_once"), [
    (0.1, 0.001, True),  # slow on a loaded machine, yet cheap: at once
    (0.0, 0.2, False),  # quick in wall time only because its CPU is counted elsewhere
])
@pytest.mark.asyncio(loop_scope="function")
async def test_cheap_is_the_analysis_cpu_time_not_its_wall_time(
    wall: float, cpu: float, at_once: bool
) -> None:
    scheduler, pool, doc, _ = _scheduler()
    scheduler.debounce = 0.2
    scheduler.lint_now(URI)
    await _turn()
    pool.wall_per_analysis, pool.cpu_per_analysis = wall, cpu
    doc["version"] = 2
    scheduler.changed(URI)  # nothing measured yet: the debounce
    await asyncio.sleep(0.3)
    assert pool.incremental == [False, True]
    doc["version"] = 3
    scheduler.changed(URI)
    await _turn()
    assert len(pool.jobs) == (3 if at_once else 2)
    scheduler.stop()


@pytest.mark.asyncio(loop_scope="function")
async def test_expensive_documents_keep_the_debounce() -> None:
    scheduler, pool, doc, _ = _scheduler()
    scheduler.debounce = 0.2
    scheduler.cheap = 0.0  # every analysis counts as expensive
    scheduler.lint_now(URI)
    for version in (2, 3):
        doc["version"] = version
        scheduler.changed(URI)
        await _turn()
        assert len(pool.jobs) == version - 1
        await asyncio.sleep(0.3)
        assert len(pool.jobs) == version
        await _turn()
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
    await asyncio.sleep(0.3)
    assert pool.incremental == [False, True, True, False]
    assert [r.version for r in published] == [1, 2, 3]  # the confirmation found the same
    scheduler.stop()
