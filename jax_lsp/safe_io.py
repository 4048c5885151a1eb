"""Reading files a repository may have planted, and writing files without ever truncating one.

Reads are bounded and of regular files only: a "file" that is a FIFO, a device such as
``/dev/zero`` or (when asked) a symlink is skipped at once, neither blocking, nor filling memory,
nor being opened at all (opening a device can itself do something).

Three ways to write, for three kinds of file:

- `rewrite_in_place`, for the user's own files (`--fix`, `--add-noqa`): the file keeps its inode,
  so its owner, mode, hard links and extended attributes stay as they were, and only a file
  the user may write is written (the kernel decides, at `open`, as for ruff). The write is made
  through the descriptor that has just checked that the file is still the one that was read, byte
  for byte, under a write lease where one can be had (an editor's save meanwhile waits, then
  lands after), so a save made meanwhile is never overwritten; the room for a longer text is
  reserved first, and a write that fails anyway is undone, so a full disk leaves the old file.
- `atomic_write` and `Folder.write`, for files jax-lsp owns (the cache): a temporary file in the
  target's directory, flushed, then renamed over the target: on any failure (a full disk, a
  crash) the old file stays whole.
- `create_new`, for a file that must not exist yet (the fixes' helper module).

`Folder` reaches the files of a directory jax-lsp keeps in a repository (the cache) by name from
the directory's own descriptor, never through a symlink, so a planted link cannot send its
writes elsewhere.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "FileChanged",
    "FileState",
    "Folder",
    "NotReadable",
    "atomic_write",
    "create_new",
    "entry_exists",
    "read_bounded",
    "read_file_state",
    "read_regular_file",
    "rewrite_in_place",
]

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
#: whether files can be reached from a directory's descriptor (POSIX; not Windows)
_DIR_FD = bool(_DIRECTORY) and {os.open, os.stat, os.mkdir, os.replace, os.unlink} <= \
    os.supports_dir_fd


@dataclass(frozen=True)
class FileState:
    """A regular file as it was read: its identity and its bytes, to tell at the moment of a
    write whether anything has changed it since."""

    device: int
    inode: int
    data: bytes


class FileChanged(Exception):
    """The file is no longer the one that was read (saved, replaced): it was not written."""


def entry_exists(path: str | os.PathLike[str]) -> bool:
    """Whether anything at all is at `path`: a file, a FIFO, a dangling symlink (which
    `os.path.exists` calls missing, yet which a new file cannot be created over)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError:  # cannot tell (a folder that cannot be searched): something may be there
        return True
    return True


def _regular_entry(path: str | os.PathLike[str], follow_symlinks: bool,
                   dir_fd: int | None = None) -> bool:
    """Whether `path` names a regular file, looked at without opening it (opening a FIFO can
    block, opening a device can act)."""
    try:
        st = os.stat(path, follow_symlinks=follow_symlinks, dir_fd=dir_fd)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(st.st_mode)


def _read_all(fd: int, limit: int) -> bytes | None:
    """The bytes from `fd`'s position on, None when more than `limit` (the size can change
    after a stat: never read past the limit)."""
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = os.read(fd, min(1 << 20, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            return None


def read_file_state(
    path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool = True,
    dir_fd: int | None = None,
) -> FileState | None:
    """`path`'s bytes and identity if it is a regular file of at most `limit` bytes; None
    otherwise (missing, unreadable, a FIFO or device, too big, or a symlink when not
    `follow_symlinks`: `read_bounded` says which)."""
    try:
        return _read_state(path, limit, follow_symlinks=follow_symlinks, dir_fd=dir_fd)
    except (OSError, ValueError):
        return None


def read_regular_file(
    path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool = True,
    dir_fd: int | None = None,
) -> bytes | None:
    """The bytes of `path` if it is a regular file of at most `limit` bytes; None otherwise
    (see `read_file_state`)."""
    state = read_file_state(path, limit, follow_symlinks=follow_symlinks, dir_fd=dir_fd)
    return None if state is None else state.data


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
    directory) or its size."""
    return _read_state(path, limit, follow_symlinks=follow_symlinks).data


def _read_state(
    path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool, dir_fd: int | None = None
) -> FileState:
    """The one reader behind `read_bounded` and `read_file_state`: looked at before it is
    opened (opening a FIFO can block, opening a device can act), opened without blocking, so
    one swapped in after the look never hangs the caller, and never read past `limit`."""
    before = os.stat(path, follow_symlinks=follow_symlinks, dir_fd=dir_fd)
    if not follow_symlinks and stat.S_ISLNK(before.st_mode):
        raise OSError(errno.ELOOP, "it is a symbolic link", os.fspath(path))
    _require_regular(before.st_mode)
    flags = os.O_RDONLY | _NONBLOCK | _BINARY | (0 if follow_symlinks else _NOFOLLOW)
    fd = os.open(path, flags, dir_fd=dir_fd)
    try:
        st = os.fstat(fd)
        _require_regular(st.st_mode)  # swapped after the stat
        if st.st_size > limit:
            raise NotReadable(_too_big(limit))
        data = _read_all(fd, limit)  # the size can change after fstat
        if data is None:
            raise NotReadable(_too_big(limit))
        return FileState(st.st_dev, st.st_ino, data)
    finally:
        os.close(fd)


def _require_regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a file")
        raise NotReadable(f"not a regular file: it is {kind}")


def _too_big(limit: int) -> str:
    shown = f"{limit // (1 << 20)} MiB" if limit >= 1 << 20 else f"{limit} bytes"
    return f"larger than {shown}, the most jax-lsp reads"


def _write_from_start(fd: int, data: bytes) -> None:
    os.lseek(fd, 0, os.SEEK_SET)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _reserve(fd: int, start: int, length: int) -> None:
    """Allocate the room a longer text needs past the old end before any old byte is
    overwritten: a full disk (ENOSPC, or EFBIG past a size limit) shows here, while the file
    still holds its old bytes (then it is cut back to them)."""
    if length <= 0 or not hasattr(os, "posix_fallocate"):
        return
    try:
        os.posix_fallocate(fd, start, length)
    except OSError as e:
        if e.errno in (errno.EOPNOTSUPP, errno.EINVAL, getattr(errno, "ENOTSUP", -1)):
            return  # the file system cannot say in advance; the write itself will tell
        with suppress(OSError):
            os.ftruncate(fd, start)
        raise


def rewrite_in_place(
    path: str | os.PathLike[str], before: FileState, data: bytes, *, durable: bool = True,
) -> None:
    """Replace the bytes of the file at `path` (a symlink is followed, to the file it names)
    with `data`, keeping the file itself: its inode, owner, mode and hard links.

    Only when the user may write it (the open for writing is what decides: a read-only file,
    or another user's, raises PermissionError) and only while it is still `before`: the file
    is opened, checked to be the same regular file holding the same bytes, and written through
    that descriptor, else `FileChanged` and nothing is written. A save that replaces the file
    (an editor's rename) while it is being written raises `FileChanged` too: the user's new
    file is at `path`, the fix went to the old one. Raises OSError when it cannot be written;
    the old bytes are then put back (they fit where they were)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # never opened: a FIFO, a device
            raise FileChanged("it is no longer a regular file")
    except FileNotFoundError:
        raise FileChanged("it was removed since it was read") from None
    fd = os.open(path, os.O_RDWR | _NONBLOCK | _BINARY)
    try:
        with _write_lease(fd):
            _check_then_write(path, fd, before, data, durable)
    finally:
        os.close(fd)


def _check_then_write(path: str | os.PathLike[str], fd: int, before: FileState, data: bytes,
                      durable: bool) -> None:
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) != (before.device, before.inode):
        raise FileChanged("it was replaced on disk since it was read")
    if st.st_size != len(before.data) or _read_all(fd, len(before.data)) != before.data:
        raise FileChanged("it changed on disk since it was read")
    _reserve(fd, len(before.data), len(data) - len(before.data))
    try:
        _write_from_start(fd, data)
        os.ftruncate(fd, len(data))
        if durable:
            os.fsync(fd)
    except OSError:
        with suppress(OSError):
            _write_from_start(fd, before.data)
            os.ftruncate(fd, len(before.data))
            os.fsync(fd)
        raise
    try:
        now = os.stat(path)
    except OSError:
        now = None
    if now is None or (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
        raise FileChanged("it was replaced on disk while it was being written")


@contextmanager
def _write_lease(fd: int) -> Iterator[bool]:
    """Hold a write lease on `fd`'s file (Linux `F_SETLEASE`) while the body runs, if one can
    be had (yields whether it is held): any other process's `open` of the file then waits
    until the body is done, so an editor's in-place save cannot land between the check and
    the write; it lands after, and wins. Not held where the platform has no leases, the file
    system refuses them, the file is open elsewhere or not the user's, or off the main thread
    (the lease's break notice, SIGIO, whose default is to end the process, is ignored
    meanwhile, which only the main thread can arrange)."""
    setlease = getattr(fcntl, "F_SETLEASE", None) if fcntl is not None else None
    if setlease is None or threading.current_thread() is not threading.main_thread():
        yield False
        return
    previous = signal.signal(signal.SIGIO, signal.SIG_IGN)
    try:
        try:
            fcntl.fcntl(fd, setlease, fcntl.F_WRLCK)
            held = True
        except OSError:  # EAGAIN: open elsewhere; EACCES: not the user's; EINVAL: no leases
            held = False
        try:
            yield held
        finally:
            if held:
                with suppress(OSError):
                    fcntl.fcntl(fd, setlease, fcntl.F_UNLCK)
    finally:
        signal.signal(signal.SIGIO, previous if previous is not None else signal.SIG_DFL)


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
    import tempfile  # here: reading, which the first answer does, needs none of it

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
    import tempfile  # here: reading, which the first answer does, needs none of it

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


class Folder:
    """A directory jax-lsp keeps its own files in inside a repository (the cache), opened once:
    its files and subfolders are reached by name from its descriptor, never through a symlink
    (a planted link is refused, not followed), so nothing it writes lands outside it. Where
    the platform cannot open files relative to a directory (Windows), by path, each name
    checked not to be a link."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, follow_symlinks: bool = False,
             create: bool = False, parent: Folder | None = None) -> Folder:
        """The directory `path` (a name in `parent` when given, never followed then), made
        first if `create`. Its last component may be a symlink only when `follow_symlinks`
        (a folder the user named). Raises OSError: ELOOP or ENOTDIR for a link or a file."""
        dir_fd = parent._fd if parent is not None else None
        full = parent.path / path if parent is not None else Path(path)
        follow = follow_symlinks and parent is None
        if create:
            try:
                if parent is None:
                    os.makedirs(full, exist_ok=True)
                else:
                    os.mkdir(path, dir_fd=dir_fd) if _DIR_FD else os.mkdir(full)
            except FileExistsError:
                pass
        if not _DIR_FD:
            st = os.stat(full, follow_symlinks=follow)
            if not stat.S_ISDIR(st.st_mode):
                raise OSError(errno.ENOTDIR, "not a directory (or a link to one)", str(full))
            return cls(full, None)
        flags = os.O_RDONLY | _DIRECTORY | (0 if follow else _NOFOLLOW)
        try:
            fd = os.open(path if parent is not None else full, flags, dir_fd=dir_fd)
        except OSError as e:
            if e.errno == errno.ELOOP or (e.errno == errno.ENOTDIR and not follow and
                                          os.path.islink(full)):
                raise OSError(errno.ELOOP, "a symbolic link, not followed", str(full)) from e
            raise
        return cls(full, fd)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _name(self, name: str) -> str:
        if not name or name in (os.curdir, os.pardir) or os.sep in name or \
                (os.altsep and os.altsep in name):
            raise ValueError(f"not a plain file name: {name!r}")
        return name if self._fd is not None else str(self.path / name)

    def read(self, name: str, limit: int) -> bytes | None:
        """The bytes of the regular file `name` in it (see `read_regular_file`); never
        through a symlink."""
        return read_regular_file(self._name(name), limit, follow_symlinks=False,
                                 dir_fd=self._fd)

    def is_regular_file(self, name: str) -> bool:
        return _regular_entry(self._name(name), False, self._fd)

    def write(self, name: str, data: bytes, *, durable: bool = False) -> None:
        """Replace the file `name` in it all at once (a temporary file renamed over it; a
        symlink of that name is replaced, never written through). Raises OSError, and then
        the file is as it was."""
        if self._fd is None:
            atomic_write(self._name(name), data, durable=durable, follow_symlinks=False)
            return
        target = self._name(name)
        try:
            st = os.stat(target, dir_fd=self._fd, follow_symlinks=False)
            mode = stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else _new_file_mode()
        except FileNotFoundError:
            mode = _new_file_mode()
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY
        import secrets  # here: reading, which the first answer does, needs none of it

        while True:
            tmp = f".{name}.{secrets.token_hex(6)}.tmp"
            try:
                fd = os.open(tmp, flags, 0o600, dir_fd=self._fd)
                break
            except FileExistsError:
                continue
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                if durable:
                    os.fsync(f.fileno())
                os.chmod(f.fileno(), mode)
            os.replace(tmp, target, src_dir_fd=self._fd, dst_dir_fd=self._fd)
        except BaseException:
            with suppress(OSError):
                os.unlink(tmp, dir_fd=self._fd)
            raise
        if durable:
            with suppress(OSError):
                os.fsync(self._fd)
