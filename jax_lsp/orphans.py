"""Child processes that end with their parent: a parent killed by a signal (SIGTERM, SIGKILL)
cannot stop its children, and they, adopted by init or a subreaper, would go on analysing for
nobody. Used by the server's analysis process and by `check --jobs`'s pool."""

from __future__ import annotations

import os
import sys
import threading
import time

__all__ = ["exit_when_orphaned"]


def exit_when_orphaned(poll: float, code: int = 0) -> None:
    """Start a thread that ends this process (`os._exit(code)`) once its parent is gone. It
    polls (the parent's pid is compared, not 1, as a subreaper may adopt the process), and
    runs between the bytecodes of whatever the process is busy with. Not on Windows."""
    if not hasattr(os, "getppid") or sys.platform == "win32":
        return
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(code)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()
