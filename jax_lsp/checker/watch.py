"""`jax-lsp check --watch`: check again whenever a checked file or a configuration file changes.

No file-watching library is installed with jax-lsp, so the files are polled: every `interval`
seconds the paths are discovered again (new files count) and each one's modification time and
size compared with the last run's. That costs a directory walk and a stat per file per poll,
little beside a check; the result cache makes the re-check itself cost the changed files only.
As ruff does, the screen is cleared before each report, which starts with a stamped
``Found 2 errors. Watching for file changes.`` line (``Found 0 errors.`` when clean) above the
findings, and Ctrl-C ends the watch (exit 0).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["CLEAR_SCREEN", "Snapshot", "snapshot", "watch", "watch_report"]

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


def watch_report(text: str, summary: str, found: str) -> str:
    """A report laid out for `--watch`, as ruff lays it out: the stamped first line of the
    summary (`found`), "Watching for file changes.", then the findings without the summary
    (`summary`, which ends the report `text` of the human formats)."""
    body = text.removesuffix(summary + "\n").rstrip("\n")
    if found == "All checks passed!":
        found = "Found 0 errors."
    return f"{_stamp()} {found} Watching for file changes.\n" + (f"\n{body}\n" if body else "")


def watch(
    check_once: Callable[[Callable[[], None]], int],
    watched: Callable[[], Snapshot],
    write: Callable[[str], None],
    *,
    interval: float = POLL_INTERVAL,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Run `check_once` now and again each time `watched()` (the files and configuration files
    with their stamps) differs from its value after the previous run, until Ctrl-C.
    `check_once(settle)` returns the exit status and calls `settle()` just before it writes
    its report, which says it is watching (`watch_report`): the files are stamped then, after
    `--fix` wrote them and before the user can read that line and edit one. After a run that
    wrote no report (a configuration error), this loop stamps them and says it is watching."""
    try:
        write(f"{CLEAR_SCREEN}{_stamp()} Starting jax-lsp in watch mode...\n\n")
        stamps: list[Snapshot] = []
        while True:
            stamps.clear()
            check_once(lambda: stamps.append(watched()))
            if not stamps:
                stamps.append(watched())
                write(f"{_stamp()} Watching for file changes.\n")
            seen = stamps[-1]
            while True:
                sleep(interval)
                now = watched()
                if now != seen:
                    break
            write(f"{CLEAR_SCREEN}{_stamp()} File change detected...\n\n")
    except KeyboardInterrupt:
        write("\n")
        return 0
