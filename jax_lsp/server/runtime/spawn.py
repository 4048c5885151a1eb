"""Starting analysis processes, with nothing heavy imported: `jax-lsp serve` starts the first
one before it imports the server (pygls and lsprotocol take a second or more), so that the
child has imported the analysis by the time the editor opens its first document.

Until the server takes it, the stdin front may borrow that first process to analyse the first
document opened (see `early`); the server then waits for it to be given back, with the answer,
which the server's own first identical request gets without asking the child again (see
`analysis_process.AnalysisProcess`)."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Union

from jax_lsp.server.runtime.pipes import enlarge

if TYPE_CHECKING:  # imported where a process is started with exec: forking needs none of it
    import subprocess

__all__ = [
    "CANCEL_FD", "Forked", "borrow", "cancel_fd", "fork", "give_back", "hold_prestarted", "lent",
    "prestart", "spawn", "take_prestarted", "wait_returned",
]

#: a request to an analysis process and its answer (see `analysis_process`)
Exchange = tuple[tuple[Any, ...], Any]
#: an analysis process: started with exec, or forked (`Forked`)
Child = Union["subprocess.Popen[bytes]", "Forked"]

#: the environment variable naming the child's end of its cancel pipe (see
#: `analysis_process`: the server writes there the number of the last request it abandons)
CANCEL_FD = "JAX_LSP_CANCEL_FD"
#: the interpreter's default (`serve` lowers it before it forks)
_SWITCH_INTERVAL = sys.getswitchinterval()

_state = threading.Condition()
_prestarted: list[tuple[Child, Exchange | None]] = []
#: prestarted processes borrowed and not yet given back
_lent = 0


def spawn() -> subprocess.Popen[bytes]:
    """A new analysis process (``python -m jax_lsp.server.runtime.analysis_process``)."""
    import subprocess

    # the child imports jax_lsp from wherever this process did
    package_root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": package_root + (os.pathsep + path if path else "")}
    env.pop(CANCEL_FD, None)
    ends = _cancel_pipe()
    if ends is not None:
        env[CANCEL_FD] = str(ends[0])
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "jax_lsp.server.runtime.analysis_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            pass_fds=(ends[0],) if ends is not None else (),
        )
    except BaseException:
        if ends is not None:
            os.close(ends[0])
            os.close(ends[1])
        raise
    assert process.stdin is not None and process.stdout is not None
    enlarge(process.stdin.fileno())  # a request holds a whole module's text
    enlarge(process.stdout.fileno())
    if ends is not None:
        os.close(ends[0])
    process.cancel_fd = ends[1] if ends is not None else None  # type: ignore[attr-defined]
    return process


def _cancel_pipe() -> tuple[int, int] | None:
    """The pipe through which the server tells a child which requests it abandons (read
    end, write end; both non-blocking), where signals can interrupt the child (not on
    Windows: there a superseded analysis runs to its end, and no request is dropped)."""
    if not hasattr(signal, "SIGUSR1"):
        return None
    ends = os.pipe()
    for fd in ends:
        os.set_blocking(fd, False)
    return ends


def cancel_fd(process: Child) -> int | None:
    """The server's end of `process`'s cancel pipe (None: it has none)."""
    return getattr(process, "cancel_fd", None)


class Forked:
    """What `AnalysisProcess` uses of a `subprocess.Popen`, for a child forked without exec."""

    def __init__(
        self, pid: int, stdin: BinaryIO, stdout: BinaryIO, cancel: int | None = None
    ) -> None:
        self.pid = pid
        self.stdin = stdin
        self.stdout = stdout
        #: the server's end of the cancel pipe (see `spawn`)
        self.cancel_fd = cancel
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped elsewhere
                self.returncode = -1
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() >= deadline:
                import subprocess

                raise subprocess.TimeoutExpired(f"analysis process {self.pid}", timeout or 0)
            time.sleep(0.005)
        assert self.returncode is not None
        return self.returncode

    def kill(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)


def fork() -> Forked | None:
    """A new analysis process forked from this one (None where that is unsafe: no `fork`, or
    threads running). It skips starting Python (tens of milliseconds of CPU, seconds on a
    loaded machine), so call it while this process has imported little: the child keeps what
    is imported."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return None
    child_in, to_child = os.pipe()  # (read end, write end)
    from_child, child_out = os.pipe()
    enlarge(to_child)  # a request holds a whole module's text
    enlarge(from_child)
    ends = _cancel_pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child; it ends in os._exit
        if ends is not None:
            os.close(ends[1])
            os.environ[CANCEL_FD] = str(ends[0])
        else:
            os.environ.pop(CANCEL_FD, None)
        _child(child_in, child_out, (to_child, from_child))
    os.close(child_in)
    os.close(child_out)
    if ends is not None:
        os.close(ends[0])
    return Forked(pid, os.fdopen(to_child, "wb"), os.fdopen(from_child, "rb"),
                  ends[1] if ends is not None else None)


def _child(stdin: int, stdout: int, parent_ends: tuple[int, int]) -> None:
    """The forked child: the pipes become its stdin and stdout (the client's are closed, so
    the client sees the server's end alone), then it serves as `analysis_process.main`."""
    status = 1
    try:
        for fd in parent_ends:
            os.close(fd)
        os.dup2(stdin, 0)
        os.dup2(stdout, 1)
        os.close(stdin)
        os.close(stdout)
        # kept referenced here: `main` rebinds sys.stdout, and a collected file is closed
        streams = (open(0, encoding="utf-8", closefd=False),  # noqa: SIM115 - the process's
                   open(1, "w", encoding="utf-8", closefd=False))  # noqa: SIM115
        sys.stdin, sys.stdout = streams
        sys.setswitchinterval(_SWITCH_INTERVAL)  # as a new interpreter has it
        from jax_lsp.server.runtime import analysis_process

        status = analysis_process.main()
    except BaseException:  # noqa: BLE001 - reported, and the child ends
        traceback.print_exc()
    finally:
        os._exit(status)


def prestart() -> None:
    """Start an analysis process now, for the first `AnalysisProcess` to take (forked, if
    this process is single-threaded)."""
    process = fork() or spawn()
    with _state:
        _prestarted.append((process, None))


def hold_prestarted() -> Callable[[], None]:
    """Pause the prestarted analysis process (SIGSTOP) while this process answers without it,
    and return what resumes it (SIGCONT; idempotent, and to be called in every case).

    The stdin front answers a file analysed before from the result cache, in this process,
    while the prestarted child imports the analyser (hundreds of millions of instructions). On
    a loaded machine the two share what the scheduler gives their session (Linux groups a
    session's processes), so the child would take about half of the CPU the answer waits for;
    paused, it loses only that time. Where signals cannot pause a process (Windows), a no-op."""
    stop, resume = getattr(signal, "SIGSTOP", None), getattr(signal, "SIGCONT", None)
    if stop is None or resume is None:
        return lambda: None
    with _state:
        running = [process.pid for process, _ in _prestarted if process.poll() is None]
    paused: list[int] = []
    for pid in running:  # not reaped (`poll` found it running): the pid is still the child's
        try:
            os.kill(pid, stop)
        except OSError:
            continue
        paused.append(pid)
    lock = threading.Lock()

    def release() -> None:
        with lock:
            while paused:
                try:
                    os.kill(paused.pop(), resume)
                except OSError:
                    pass

    return release


def take_prestarted() -> tuple[Child, Exchange | None] | None:
    """The process `prestart` started, if it is still running and nobody took it, with the
    exchange made on it while it was lent (None if none was)."""
    with _state:
        while _prestarted:
            process, exchange = _prestarted.pop()
            if process.poll() is None:
                return process, exchange
    return None


def borrow() -> Child | None:
    """The prestarted process, lent until `give_back` (None: none is waiting to be taken)."""
    global _lent
    with _state:
        while _prestarted:
            process, _ = _prestarted.pop()
            if process.poll() is None:
                _lent += 1
                return process
    return None


def give_back(process: Child | None, exchange: Exchange | None) -> None:
    """Return a borrowed process (None: it died) with the exchange made on it."""
    global _lent
    with _state:
        if process is not None:
            _prestarted.append((process, exchange))
        _lent -= 1
        _state.notify_all()


def lent() -> bool:
    """Whether a prestarted process is borrowed now."""
    with _state:
        return _lent > 0


def wait_returned() -> None:
    """Return once no prestarted process is borrowed."""
    with _state:
        _state.wait_for(lambda: _lent == 0)
