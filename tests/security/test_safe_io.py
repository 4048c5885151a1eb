"""`safe_io`: bounded reads of regular files only, and writes that never truncate (issue 13), in
place where the file must stay itself, and never through a link (issue 35)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from jax_lsp import safe_io
from jax_lsp.safe_io import (
    FileChanged,
    Folder,
    atomic_write,
    create_new,
    read_file_state,
    read_regular_file,
    rewrite_in_place,
)


def test_atomic_write_keeps_mode_and_follows_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "a.py"
    target.write_text("old")
    target.chmod(0o751)
    link = tmp_path / "link.py"
    link.symlink_to(target)
    atomic_write(link, b"new")
    assert link.is_symlink() and target.read_text() == "new"
    assert target.stat().st_mode & 0o777 == 0o751
    atomic_write(link, b"cache", follow_symlinks=False, durable=False)
    assert not link.is_symlink() and link.read_text() == "cache" and target.read_text() == "new"


def test_a_failed_write_leaves_the_target_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.py"
    target.write_text("original")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safe_io.os, "fsync", disk_full)
    with pytest.raises(OSError):
        atomic_write(target, b"x" * 100_000)
    assert target.read_text() == "original"
    assert [p.name for p in tmp_path.iterdir()] == ["a.py"]


def test_reads_skip_devices_fifos_symlinks_and_big_files(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2000)
    assert read_regular_file(big, 2000) == b"x" * 2000
    assert read_regular_file(big, 1999) is None
    zero = tmp_path / "zero"
    zero.symlink_to("/dev/zero")
    assert read_regular_file(zero, 10**9) is None  # a device: not read at all
    assert read_regular_file(tmp_path / "zero", 10, follow_symlinks=False) is None
    link = tmp_path / "link"
    link.symlink_to(big)
    assert read_regular_file(link, 5000, follow_symlinks=False) is None
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    result: list[bytes | None] = []
    reader = threading.Thread(target=lambda: result.append(read_regular_file(fifo, 10)))
    reader.start()
    reader.join(2)
    assert not reader.is_alive() and result == [None]


def test_create_new_never_replaces_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "helpers.py"
    assert create_new(target, b"first\n") is True
    assert create_new(target, b"second\n") is False
    assert target.read_bytes() == b"first\n"
    assert [p.name for p in tmp_path.iterdir()] == ["helpers.py"]


def test_rewrite_in_place_keeps_the_file_and_checks_it_first(tmp_path: Path) -> None:
    target = tmp_path / "a.py"
    target.write_bytes(b"old text\n")
    os.link(target, tmp_path / "twin.py")
    state = read_file_state(target, 100)
    assert state is not None and state.data == b"old text\n"
    rewrite_in_place(target, state, b"new\n")  # shorter: cut to its length
    assert (tmp_path / "twin.py").read_bytes() == b"new\n"
    with pytest.raises(FileChanged, match="changed on disk since it was read"):
        rewrite_in_place(target, state, b"other\n")  # `state` is no longer what is there
    assert target.read_bytes() == b"new\n"
    (tmp_path / "b.py").write_bytes(b"new\n")
    os.replace(tmp_path / "b.py", target)  # same bytes, another file
    with pytest.raises(FileChanged, match="replaced on disk since it was read"):
        rewrite_in_place(target, read_file_state(tmp_path / "twin.py", 100), b"x")  # type: ignore[arg-type]
    assert target.read_bytes() == b"new\n"


def test_a_write_in_place_that_fails_midway_puts_the_old_bytes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the room cannot be reserved beforehand (a file system without fallocate), a
    write that fails after overwriting part of the file restores it."""
    target = tmp_path / "a.py"
    original = b"a" * 10_000
    target.write_bytes(original)
    state = read_file_state(target, 20_000)
    assert state is not None
    real_write = os.write
    calls: list[int] = []

    def write_then_fill_the_disk(fd: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 2:  # the fix's second chunk: the disk is full
            raise OSError(28, "No space left on device")
        return real_write(fd, bytes(data[:4096]))

    monkeypatch.setattr(safe_io, "_reserve", lambda fd, start, length: None)
    monkeypatch.setattr(safe_io.os, "write", write_then_fill_the_disk)
    with pytest.raises(OSError, match="No space left"):
        rewrite_in_place(target, state, b"b" * 20_000)
    monkeypatch.undo()
    assert target.read_bytes() == original


@pytest.mark.parametrize("by_descriptor", [True, False], ids=["dir-fd", "by-path"])
def test_folder_never_follows_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, by_descriptor: bool
) -> None:
    """By its descriptor (POSIX), and by path where files cannot be opened relative to a
    folder (Windows; here forced)."""
    monkeypatch.setattr(safe_io, "_DIR_FD", by_descriptor and safe_io._DIR_FD)
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "cache").symlink_to(outside, target_is_directory=True)
    with pytest.raises(OSError):
        Folder.open(tmp_path / "cache", create=True)
    with Folder.open(tmp_path / "cache", follow_symlinks=True) as chosen:
        assert chosen.read("missing", 10) is None
    real = tmp_path / "real"
    with Folder.open(real, create=True) as folder:
        (real / "sub").symlink_to(outside, target_is_directory=True)
        with pytest.raises(OSError):
            Folder.open("sub", parent=folder)
        (real / "file").symlink_to(outside / "secret")
        (outside / "secret").write_bytes(b"secret")
        assert folder.read("file", 100) is None and not folder.is_regular_file("file")
        folder.write("file", b"mine")  # replaces the link, never writes through it
        assert folder.read("file", 100) == b"mine"
        assert (outside / "secret").read_bytes() == b"secret"
        with pytest.raises(ValueError):
            folder.read("../outside/secret", 100)
        with Folder.open("version", parent=folder, create=True) as version:
            version.write("bucket.json", b"{}")
        assert (real / "version" / "bucket.json").read_bytes() == b"{}"
    assert sorted(p.name for p in outside.iterdir()) == ["secret"]
