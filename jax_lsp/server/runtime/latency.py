"""Timestamps of each analysis request's hand-offs, from the edit's arrival to the publish, to
find where the milliseconds between a keystroke and its diagnostics go.

Off unless ``JAX_LSP_LATENCY_TRACE`` names a directory: then each server process appends one
JSON line per analysis job to ``<dir>/<pid>.jsonl`` (the analysis process, which inherits the
variable, sends its own timestamps back with its answer). `benchmarks/latency_breakdown.py`
turns the files into a table. Times are `time.monotonic()` seconds, one clock for every
process of the machine. When off, each call costs one attribute test.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

__all__ = [
    "ENABLED", "Trace", "current", "frame_delivered", "frame_read", "set_current", "stamp",
    "stamp_cpu", "write",
]

_DIRECTORY = os.environ.get("JAX_LSP_LATENCY_TRACE") or None
#: tracing is on (read once, at import)
ENABLED = _DIRECTORY is not None

#: a job's record: stage name -> monotonic time (and a few other facts)
Trace = dict[str, Any]

#: which checkout of jax-lsp wrote a record (benchmarks compare two in one run)
_CODE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_local = threading.local()
_lock = threading.Lock()
#: when the frame being handled was read off stdin, and when the event loop took it (set by
#: the transport while tracing)
_frame_read: list[float] = [0.0, 0.0]


def stamp(trace: Trace | None, stage: str) -> None:
    """Record that `trace`'s job reached `stage` now (the first time only)."""
    if trace is not None and stage not in trace:
        trace[stage] = time.monotonic()


def stamp_cpu(trace: Trace | None, stage: str) -> None:
    """Record this thread's CPU time at `stage` (as `<stage>_cpu`)."""
    if trace is not None:
        trace[stage + "_cpu"] = time.thread_time()


def set_current(trace: Trace | None) -> None:
    """The job this thread works for from now on (what `current` returns)."""
    _local.trace = trace


def current() -> Trace | None:
    """The job this thread works for (see `set_current`)."""
    return getattr(_local, "trace", None)


def frame_read(at: float | None = None) -> float:
    """Set (with `at`) or get when the frame being handled was read."""
    if at is not None:
        _frame_read[0] = at
    return _frame_read[0]


def frame_delivered(at: float | None = None) -> float:
    """Set (with `at`) or get when the event loop took the frame being handled."""
    if at is not None:
        _frame_read[1] = at
    return _frame_read[1]


def write(trace: Trace) -> None:
    """Append one job's record to this process's file."""
    if _DIRECTORY is None:
        return
    line = json.dumps({**trace, "code": _CODE}, default=str) + "\n"
    with _lock, open(os.path.join(_DIRECTORY, f"{os.getpid()}.jsonl"), "a") as out:
        out.write(line)
