"""The analysis runs in a child process, so the server's event loop never waits for it.

A thread cannot keep the loop free: `ast.parse` holds the GIL for the whole parse (tens of
milliseconds on a large module, far more on a loaded machine), and hover or code action
requests would wait behind it. In a child process the analysis also cannot take the server down
with it (a crash, a runaway recursion): the server logs it, reports nothing for that version,
and starts a new child (after `MAX_FAILURES` deaths in a row it analyses in its own process).

The server side (`AnalysisProcess`) sends one request at a time and blocks (in the analysis
thread, with the GIL released) until the answer. A superseded analysis is interrupted with
SIGUSR1: the child raises `AnalysisCancelled` where it is (after `ast.parse` returns, if it is
in it) and answers "cancelled". The child only honours the signal while it analyses, so a late
signal never touches the next request. Messages are length-prefixed pickles over the child's
stdin and stdout; its stderr is the server's.

Run as ``python -m jax_lsp.server.analysis_process`` (the server starts it).
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
import traceback
from pathlib import Path
from typing import IO, Any

from jax_lsp.analysis import AnalysisConfig, Finding, ParseError

__all__ = ["AnalysisCancelled", "AnalysisFailed", "AnalysisProcess"]

_HEADER = struct.Struct("!I")
#: child deaths in a row after which the server analyses in its own process instead
MAX_FAILURES = 3
#: the signal that interrupts an analysis; where there is none (Windows), a superseded analysis
#: runs to its end and its result is dropped
_INTERRUPT: signal.Signals | None = getattr(signal, "SIGUSR1", None)


class AnalysisCancelled(BaseException):
    """The analysis was interrupted because its result is no longer wanted (a BaseException,
    so that no `except Exception` in the analysis swallows it)."""


class AnalysisFailed(Exception):
    """The analysis raised, or the child process died; the message holds the details."""


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
        self._process: subprocess.Popen[bytes] | None = None
        self._busy = False
        self._cancelled = False
        self._job: object = None
        #: answers lost in a row (the child died); past MAX_FAILURES, analyse in this process
        self._failures = 0

    def start(self) -> None:
        """Start the child now (it imports the analysis while the server does other work)."""
        with self._lock:
            self._ensure_started()

    def _ensure_started(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            # the child imports jax_lsp from wherever this process did
            package_root = str(Path(__file__).resolve().parents[2])
            path = os.environ.get("PYTHONPATH")
            env = {
                **os.environ,
                "PYTHONPATH": package_root + (os.pathsep + path if path else ""),
            }
            self._process = subprocess.Popen(
                [sys.executable, "-m", "jax_lsp.server.analysis_process"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
            )
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
            if (
                _INTERRUPT is not None
                and self._busy
                and self._process is not None
                and self._process.poll() is None
            ):
                with contextlib.suppress(OSError):
                    os.kill(self._process.pid, _INTERRUPT)

    def analyze(
        self, source: str, filename: str, config: AnalysisConfig
    ) -> tuple[list[Finding], ParseError | None, tuple[str, ...]]:
        """The findings (suppression comments applied), parse error and workspace
        dependencies of `source`.

        Blocks until the child answers; raises `AnalysisCancelled` or `AnalysisFailed`."""
        with self._lock:
            if self._cancelled:
                raise AnalysisCancelled
            if self._failures >= MAX_FAILURES:
                fallback = True
            else:
                fallback = False
                process = self._ensure_started()
                self._busy = True
        if fallback:  # the child keeps dying: analyse here rather than not at all
            from jax_lsp.server.lint import analyze_here

            return analyze_here(source, filename, config)
        try:
            assert process.stdin is not None and process.stdout is not None
            _send(process.stdin, (source, filename, config))
            status, payload = _receive(process.stdout)
        except (OSError, EOFError, pickle.UnpicklingError) as e:
            with self._lock:
                self._failures += 1
                if self._process is process:
                    self._process = None
            _kill(process)
            raise AnalysisFailed(f"the analysis process died ({e}); restarting it") from e
        finally:
            with self._lock:
                self._busy = False
        self._failures = 0
        if status == "cancelled":
            raise AnalysisCancelled
        if status == "error":
            raise AnalysisFailed(payload)
        findings, error, dependencies = payload
        return findings, error, dependencies

    def stop(self) -> None:
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(OSError):
                if process.stdin is not None:
                    process.stdin.close()
            _kill(process)


def _kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.kill()
        process.wait(timeout=2)


# -- the child's side -----------------------------------------------------------------------------


class _State:
    analysing = False


def _on_interrupt(signum: int, frame: object) -> None:
    if _State.analysing:
        raise AnalysisCancelled


def _analyse(request: tuple[str, str, AnalysisConfig]) -> tuple[str, Any]:
    from jax_lsp.analysis import analyze_source
    from jax_lsp.analysis.suppress import filter_suppressed

    source, filename, config = request
    try:
        try:
            _State.analysing = True
            result = analyze_source(source, filename, config)
            findings = filter_suppressed(source, result.findings) if result.error is None else []
            _State.analysing = False
            return "ok", (findings, result.error, tuple(result.dependencies))
        finally:
            _State.analysing = False
    except AnalysisCancelled:
        return "cancelled", None
    except Exception:  # noqa: BLE001 - reported to the server, which logs it
        return "error", f"the analysis of {filename} failed:\n{traceback.format_exc()}"


def main() -> int:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but answers may reach the server through stdout
    if _INTERRUPT is not None:
        signal.signal(_INTERRUPT, _on_interrupt)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the editor's Ctrl-C is for the server
    from jax_lsp.analysis import analyze_source  # noqa: F401 - import before the first request

    gc.freeze()
    while True:
        try:
            request = _receive(stdin)
        except EOFError:
            return 0
        except AnalysisCancelled:  # pragma: no cover - only raised while analysing
            continue
        gc_was_enabled = gc.isenabled()
        answer = _analyse(request)
        if gc_was_enabled and not gc.isenabled():  # interrupted while the analysis paused it
            gc.enable()
        _send(stdout, answer)


if __name__ == "__main__":
    raise SystemExit(main())
