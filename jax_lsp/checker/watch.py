"""`jax-lsp check --watch`: check again whenever a checked file or a configuration file changes.

No file-watching library is installed with jax-lsp, so the files are polled: every `interval`
seconds the paths are discovered again (new files count) and each one's modification time and
size compared with the last run's. That costs a directory walk and a stat per file per poll,
little beside a check; the result cache makes the re-check itself cost the changed files only.
As ruff does, the screen is cleared before each report and Ctrl-C ends the watch (exit 0).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["CLEAR_SCREEN", "Snapshot", "snapshot", "watch"]

#: what ruff writes to clear the terminal: home, erase screen, erase scrollback
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
#: seconds between polls
POLL_INTERVAL = 0.5

#: path -> (modification time in ns, size); a file that vanished is missing
Snapshot = dict[str, tuple[int, int]]


def snapshot(paths: Iterable[Path]) -> Snapshot:
    """The modification time and size of each of `paths` that exists."""
    out: Snapshot = {}
    for p in paths:
        try:
            st = os.stat(p)
        except OSError:
            continue
        out[str(p)] = (st.st_mtime_ns, st.st_size)
    return out


def _stamp() -> str:
    return time.strftime("[%H:%M:%S]")


def watch(
    check_once: Callable[[], int],
    watched: Callable[[], Snapshot],
    write: Callable[[str], None],
    *,
    interval: float = POLL_INTERVAL,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Run `check_once` now and again each time `watched()` (the files and configuration files
    with their stamps) differs from its value after the previous run, until Ctrl-C."""
    try:
        write(f"{CLEAR_SCREEN}{_stamp()} Starting jax-lsp in watch mode...\n\n")
        while True:
            check_once()
            # after the run: files `--fix` wrote are not a change to react to
            seen = watched()
            write(f"{_stamp()} Watching for file changes.\n")
            while True:
                sleep(interval)
                now = watched()
                if now != seen:
                    break
            write(f"{CLEAR_SCREEN}{_stamp()} File change detected...\n\n")
    except KeyboardInterrupt:
        write("\n")
        return 0
