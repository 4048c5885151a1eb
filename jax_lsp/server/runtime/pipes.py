"""Pipe buffers sized for a whole module.

A pipe holds 64 KiB by default on Linux. A message larger than that (the text of a
5,000-line module is about 200 KB: a didOpen from the client, every analysis request to the
analysis process) then goes through in rounds, each waiting for the reader to be scheduled
again, which takes milliseconds apiece on a loaded machine. With a buffer as large as the
message, the writer writes it in one go and the reader reads it when it next runs.
"""

from __future__ import annotations

import contextlib

__all__ = ["PIPE_SIZE", "enlarge"]

#: bytes of buffer asked for (Linux's default ceiling for an unprivileged process,
#: /proc/sys/fs/pipe-max-size)
PIPE_SIZE = 1 << 20


def enlarge(fd: int, size: int = PIPE_SIZE) -> None:
    """Grow the buffer of the pipe `fd` is an end of to `size` bytes, where the system allows
    it; leave it as it is otherwise (not a pipe, not Linux, a limit reached)."""
    try:
        import fcntl

        setter = fcntl.F_SETPIPE_SZ  # Linux only
    except (ImportError, AttributeError):
        return
    with contextlib.suppress(OSError, ValueError):
        fcntl.fcntl(fd, setter, size)
