"""`safe_io`: bounded reads of regular files only, and writes that never truncate (issue 13)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from jax_lsp import safe_io
from jax_lsp.safe_io import atomic_write, create_new, read_regular_file


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
