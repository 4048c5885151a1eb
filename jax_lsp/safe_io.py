"""Reading files a repository may have planted, and writing files without ever truncating one.

Reads are bounded and of regular files only: a "file" that is a FIFO, a device such as
``/dev/zero`` or (when asked) a symlink is skipped at once, neither blocking nor filling memory.
Writes go to a temporary file in the target's directory, are flushed to disk, then renamed over
the target: on any failure (a full disk, a crash) the old file stays whole.
"""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import suppress
from functools import lru_cache
from pathlib import Path

__all__ = ["NotReadable", "atomic_write", "read_bounded", "read_regular_file"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def read_regular_file(
    path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool = True
) -> bytes | None:
    """The bytes of `path` if it is a regular file of at most `limit` bytes; None otherwise
    (missing, unreadable, a FIFO or device, too big, or a symlink when not `follow_symlinks`).
    Opened without blocking, so a FIFO never hangs the caller."""
    try:
        return read_bounded(path, limit, follow_symlinks=follow_symlinks)
    except OSError:
        return None


class NotReadable(OSError):
    """A path that is not read: not a regular file, or bigger than the limit."""


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def read_bounded(
    path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool = True
) -> bytes:
    """The bytes of `path`, a regular file of at most `limit` bytes. Raises OSError saying why
    not: the system's error (missing, permission denied, a symlink when not
    `follow_symlinks`), or `NotReadable` naming what it is instead (a FIFO, a device, a
    directory) or its size. Opened without blocking, so a FIFO never hangs the caller."""
    flags = os.O_RDONLY | _NONBLOCK | _BINARY | (0 if follow_symlinks else _NOFOLLOW)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = next((name for test, name in _KINDS if test(st.st_mode)), "not a file")
            raise NotReadable(f"not a regular file: it is {kind}")
        if st.st_size > limit:
            raise NotReadable(_too_big(limit))
        chunks, total = [], 0
        while True:  # the size can change after fstat: never read past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise NotReadable(_too_big(limit))
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_big(limit: int) -> str:
    shown = f"{limit // (1 << 20)} MiB" if limit >= 1 << 20 else f"{limit} bytes"
    return f"larger than {shown}, the most jax-lsp reads"


@lru_cache(maxsize=1)
def _new_file_mode() -> int:
    """What `open` would create (mkstemp makes 0600 files): 0666 less the umask."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write(
    target: str | os.PathLike[str], data: bytes, *, durable: bool = True,
    follow_symlinks: bool = True,
) -> None:
    """Replace `target` with `data` all at once: a temporary file beside it, written, given
    the target's permissions (a new file: the umask's) and renamed over it; `durable` also
    fsyncs the file and the directory (a cache, which a torn write only turns into misses,
    skips that). A symlink is followed (the file it points to is replaced) unless not
    `follow_symlinks` (the link itself is replaced). Raises OSError, and then `target` is as
    it was."""
    path = Path(os.path.realpath(target) if follow_symlinks else os.path.abspath(target))
    try:
        st = os.stat(path, follow_symlinks=follow_symlinks)
        mode = stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else _new_file_mode()
    except FileNotFoundError:
        mode = _new_file_mode()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _fsync_directory(path.parent)


def create_new(target: str | os.PathLike[str], data: bytes) -> bool:
    """Create `target` holding `data`, all at once, unless it exists (then False, and it is
    left as it is): written beside it, fsynced, then linked into place (a link never replaces
    a file). Raises OSError, and then no `target` was created."""
    path = Path(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _new_file_mode())
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
    finally:
        with suppress(OSError):
            os.unlink(tmp)
    _fsync_directory(path.parent)
    return True


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable (POSIX; not possible, nor needed, on Windows)."""
    with suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
