"""The analysis workers: lint jobs run off the event loop, one live job at a time, and a
superseded one is abandoned.

Each worker is a thread that owns one child process (`analysis_process`); the heavy part of a
job (the analysis) runs in the child, so while the thread waits for it the GIL is free and the
event loop answers requests. Workers take jobs from one queue. Cancelling a job that has not
started drops it; cancelling a running one interrupts its child, which stops at its next
bytecode, except inside `ast.parse`, which it finishes first. With more than one worker (see
`WORKERS`), the next job starts at once on another worker instead of waiting for that parse.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from jax_lsp.server.runtime.analysis_process import AnalysisCancelled, AnalysisProcess
from jax_lsp.server.session.lint import Analyze

__all__ = ["MAX_WORKERS", "WORKERS", "AnalysisPool", "workers_from"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: the most analysis processes ``JAX_LSP_ANALYSIS_PROCESSES`` may ask for
MAX_WORKERS = 32


def workers_from(value: str | None) -> int:
    """The number of analysis processes ``JAX_LSP_ANALYSIS_PROCESSES`` asks for: 1 if unset or
    empty; a value that is not a whole number (until issue 35 it killed the server at start)
    is reported and 1 taken instead; clamped to 1..`MAX_WORKERS`."""
    if value is None or not value.strip():
        return 1
    try:
        n = int(value)
    except ValueError:
        log.warning("JAX_LSP_ANALYSIS_PROCESSES=%r is not a whole number: using 1 analysis "
                    "process", value)
        return 1
    if not 1 <= n <= MAX_WORKERS:
        log.warning("JAX_LSP_ANALYSIS_PROCESSES=%d is out of 1..%d: using %d", n, MAX_WORKERS,
                    min(max(n, 1), MAX_WORKERS))
    return min(max(n, 1), MAX_WORKERS)


#: analysis processes. One by default: a second lets the next job start while a cancelled one
#: finishes its `ast.parse`, but on a machine with few cores the two compete with the server
#: for CPU and everything gets slower (measured on 2 cores). ``JAX_LSP_ANALYSIS_PROCESSES``
#: overrides it.
WORKERS = workers_from(os.environ.get("JAX_LSP_ANALYSIS_PROCESSES"))


@dataclass(eq=False)
class _Job(Generic[T]):
    fn: Callable[[Any], T]
    future: Future[T]
    #: `fn` takes the worker's `AnalysisProcess` itself, not its `analyze`
    whole_process: bool = False


class _Worker:
    def __init__(self, jobs: queue.SimpleQueue[_Job[Any] | None], index: int) -> None:
        self.process = AnalysisProcess()
        self.current: _Job[Any] | None = None
        self._jobs = jobs
        self._thread = threading.Thread(
            target=self._main, name=f"jax-lsp-analysis-{index}", daemon=True
        )
        self._thread.start()

    def _main(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if not job.future.set_running_or_notify_cancel():
                continue
            self.process.begin(job)
            self.current = job
            try:
                result = job.fn(self.process if job.whole_process else self.process.analyze)
            except AnalysisCancelled:
                job.future.set_exception(CancelledError())
            except BaseException as exc:  # noqa: BLE001 - delivered to whoever waits for it
                job.future.set_exception(exc)
            else:
                job.future.set_result(result)
            finally:
                self.current = None


class AnalysisPool:
    """Runs `fn(analyze)` jobs on the workers, in submission order."""

    def __init__(self, workers: int = WORKERS) -> None:
        self._jobs: queue.SimpleQueue[_Job[Any] | None] = queue.SimpleQueue()
        self._workers = [_Worker(self._jobs, i) for i in range(workers)]

    def start(self) -> None:
        """Start the analysis processes now (they import the analysis meanwhile)."""
        for worker in self._workers:
            worker.process.start()

    @property
    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def submit(self, fn: Callable[[Analyze], T]) -> Future[T]:
        """Queue a job; its future fails with `concurrent.futures.CancelledError` if cancelled."""
        future: Future[T] = Future()
        self._jobs.put(_Job(fn, future))
        return future

    def submit_to_process(self, fn: Callable[[AnalysisProcess], T]) -> Future[T]:
        """Queue a job that talks to an analysis process itself (e.g. `index`)."""
        future: Future[T] = Future()
        self._jobs.put(_Job(fn, future, whole_process=True))
        return future

    def cancel(self, future: Future[Any]) -> None:
        """Abandon a job: drop it if it has not started, interrupt it if it runs."""
        if future.cancel():
            return
        for worker in self._workers:
            job = worker.current
            if job is not None and job.future is future:
                worker.process.interrupt(job)

    def stop(self) -> None:
        for worker in self._workers:
            self._jobs.put(None)
            worker.process.stop()
