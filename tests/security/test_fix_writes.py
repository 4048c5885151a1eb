"""What `jax-lsp check --fix` (and `--add-noqa`) may write, and how (issue 35).

A repository cannot steer the fixes through the helper module they import
(`jax_lsp_derivatives.py` as a FIFO, a link to /dev/zero, a dangling link); a file is written in
place, as ruff writes it (owner, mode, inode and hard links kept), only when the user may write
it; and a save that lands while `--fix` runs is never overwritten (the user's bytes win).
"""

from __future__ import annotations

import ctypes
import os
import resource
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from jax_lsp import cli, safe_io

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
from jax_lsp.fixes import apply as fix_apply
from jax_lsp.fixes.generated import MODULE_NAME, helper_module_text

REPO = Path(__file__).resolve().parents[2]

#: one JAX001 whose safe fix imports the helper module (`jax.grad` of a pure_callback)
PROGRAM = """\
import jax
import jax.numpy as jnp
import numpy as np


def loss(x):
    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(s)


print(jax.grad(loss)(jnp.ones(3)))
"""
IMPORTED = "import jax_lsp_derivatives\n"
PASTED = "def _pure_callback_with_vjp("
SAVED = PROGRAM.replace("jnp.ones(3)", "jnp.ones(4)")  # what the user saves meanwhile


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


@pytest.fixture
def check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Ran]:
    """Run `jax-lsp check --output-format concise --no-cache <args>` in-process in
    `tmp_path` (`.` when no path is given)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")

    def run(*args: str) -> Ran:
        capsys.readouterr()
        paths = [] if any(a.endswith(".py") for a in args) else ["."]
        code = cli.main(["check", "--output-format", "concise", "--no-cache", *args, *paths])
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run


_MEMORY = 2 * 1024 * 1024 * 1024


def _bounded() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (_MEMORY, _MEMORY))


def _subprocess(args: list[str], cwd: Path, preexec: Callable[[], None] = _bounded,
                timeout: float = 120) -> Ran:
    """`python -m jax_lsp <args>` in `cwd` with this checkout's code, at most 2 GiB of memory
    and `timeout` seconds: a run that blocks fails the test, it cannot hang it."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    for name in ("JAX_LSP_CACHE_DIR", "FORCE_COLOR"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "jax_lsp", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout,
                          preexec_fn=preexec, check=False)
    return Ran(done.returncode, done.stdout, done.stderr)


# -- the helper module -------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("planted", ["fifo", "dev-zero"])
@pytest.mark.parametrize("mode", ["--fix", "--diff"])
def test_a_helper_module_that_is_a_fifo_or_a_device_neither_blocks_nor_is_read(
    tmp_path: Path, planted: str, mode: str
) -> None:
    """A FIFO blocked `check --fix` and `--diff` for good; a link to /dev/zero took `--fix`
    to 5.4 GB in 8 s. Now it is not jax-lsp's helper module: the helpers are pasted."""
    (tmp_path / "train.py").write_text(PROGRAM)
    module = tmp_path / f"{MODULE_NAME}.py"
    if planted == "fifo":
        os.mkfifo(module)
    else:
        module.symlink_to("/dev/zero")
    ran = _subprocess(["check", "--output-format", "concise", "--no-cache", mode, "."],
                      tmp_path)
    fixed = (tmp_path / "train.py").read_text()
    if mode == "--fix":
        assert (ran.code, ran.err) == (0, "Fixed 1 finding in 1 file.\n"), ran.err[-2000:]
        assert PASTED in fixed and IMPORTED not in fixed
    else:
        assert ran.code == 1 and f"+{PASTED}" in ran.out and IMPORTED not in ran.out
        assert fixed == PROGRAM
    assert stat.S_ISFIFO(module.lstat().st_mode) if planted == "fifo" else module.is_symlink()


def test_a_dangling_link_at_the_helper_module_is_not_imported(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    """It made `--fix` report "Fixed 1 finding" while leaving an import of a module that does
    not exist (the module could not be created over the link)."""
    (tmp_path / "train.py").write_text(PROGRAM)
    module = tmp_path / f"{MODULE_NAME}.py"
    module.symlink_to(tmp_path / "elsewhere.py")
    ran = check("--fix")
    assert (ran.code, ran.err) == (0, "Fixed 1 finding in 1 file.\n")
    fixed = (tmp_path / "train.py").read_text()
    assert PASTED in fixed and IMPORTED not in fixed
    assert module.is_symlink() and not (tmp_path / "elsewhere.py").exists()


@pytest.mark.parametrize("planted", ["dangling-link", "users-module"])
def test_a_helper_module_planted_while_fixing_refuses_the_write(
    tmp_path: Path, check: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch, planted: str
) -> None:
    """The helper module is checked again when it is created: something of its name that
    appeared since the fixes were built is not imported."""
    path = tmp_path / "train.py"
    path.write_text(PROGRAM)
    module = tmp_path / f"{MODULE_NAME}.py"
    real_create_new = fix_apply.create_new

    def plant_then_create(target: Path, data: bytes) -> bool:
        if planted == "dangling-link":
            module.symlink_to(tmp_path / "elsewhere.py")
        else:
            module.write_text("VALUE = 1\n")
        return real_create_new(target, data)

    monkeypatch.setattr(fix_apply, "create_new", plant_then_create)
    ran = check("--fix")
    assert ran.code == 1
    assert (f"jax-lsp: not writing train.py: {MODULE_NAME}.py, which its fixes import, is "
            "there now and is not the helper module jax-lsp writes") in ran.err
    assert path.read_text() == PROGRAM
    assert module.is_symlink() if planted == "dangling-link" else \
        module.read_text() == "VALUE = 1\n"


# -- in place, as ruff: what the user may write, kept as it was ----------------------------


def test_fix_writes_in_place_keeping_inode_mode_and_hard_links(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    path, twin = tmp_path / "train.py", tmp_path / "twin.py"
    path.write_text(PROGRAM)
    path.chmod(0o640)
    os.link(path, twin)
    before = path.stat()
    ran = check("--fix", "train.py")
    assert ran.code == 0, ran.err
    after = path.stat()
    assert (after.st_ino, after.st_nlink, stat.S_IMODE(after.st_mode)) == \
        (before.st_ino, 2, 0o640)
    assert IMPORTED in twin.read_text() and twin.read_text() == path.read_text()
    assert (tmp_path / f"{MODULE_NAME}.py").read_text() == helper_module_text()


def test_add_noqa_writes_in_place_too(tmp_path: Path, check: Callable[..., Ran]) -> None:
    path, twin = tmp_path / "train.py", tmp_path / "twin.py"
    path.write_text(PROGRAM)
    os.link(path, twin)
    ran = check("--add-noqa", "train.py")
    assert ran.code == 0 and "Added 1 noqa directive." in ran.err, ran.err
    assert "# noqa: JAX001" in twin.read_text()
    assert path.stat().st_ino == twin.stat().st_ino


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a file to another user needs root")
def test_fix_as_root_keeps_another_users_file_theirs(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    """As root, `--fix` gave another user's file to root (a new file renamed over it); ruff
    writes it in place, owner kept, and so does jax-lsp now."""
    path = tmp_path / "train.py"
    path.write_text(PROGRAM)
    os.chown(path, 12345, 23456)
    assert check("--fix", "train.py").code == 0
    after = path.stat()
    assert (after.st_uid, after.st_gid) == (12345, 23456) and IMPORTED in path.read_text()


_CAP_DAC_OVERRIDE, _CAP_DAC_READ_SEARCH, _CAP_FOWNER = 1, 2, 3
_PR_CAPBSET_DROP = 24


def _without_root_override() -> None:  # pragma: no cover - runs in the child
    """Make root's permission checks those of an ordinary user for files it does not own
    (no CAP_DAC_OVERRIDE, ...: dropped from the bounding set, so the exec keeps them off),
    then bound memory."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (_CAP_DAC_OVERRIDE, _CAP_DAC_READ_SEARCH, _CAP_FOWNER):
        if libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot drop a capability")
    _bounded()


def _unprivileged() -> Callable[[], None]:
    """How to run a child whose writes the file permissions bind: as it is when not root;
    as root, without the capabilities that override them (skipped where they cannot be
    dropped)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return _bounded
    if not sys.platform.startswith("linux"):
        pytest.skip("dropping root's override needs Linux capabilities")
    return _without_root_override


@pytest.mark.parametrize("protected", ["read-only", "another-users"])
def test_fix_refuses_a_file_the_user_may_not_write_and_goes_on(
    tmp_path: Path, protected: str
) -> None:
    """A read-only (0444) file and another user's file were rewritten (a new file renamed over
    them). Now, as for ruff, the kernel's answer to opening them for writing decides: they
    are refused with a message naming them, the others are fixed, and the refused file's
    finding is still reported (exit 1: ruff says "All checks passed!" there)."""
    preexec = _unprivileged()
    target, other = tmp_path / "target.py", tmp_path / "ok.py"
    target.write_text(PROGRAM)
    other.write_text(PROGRAM)
    if protected == "read-only":
        target.chmod(0o444)
    else:
        if os.geteuid() != 0:
            pytest.skip("giving a file to another user needs root")
        os.chown(target, 12345, 12345)
    try:
        probe = subprocess.run([sys.executable, "-c", f"open({str(target)!r}, 'r+')"],
                               preexec_fn=preexec, capture_output=True, check=False)
    except subprocess.SubprocessError as e:
        pytest.skip(f"cannot run a child without root's override: {e}")
    if probe.returncode == 0:
        pytest.skip("the file permissions do not bind this user")
    before = target.stat()
    ran = _subprocess(["check", "--output-format", "concise", "--no-cache", "--fix",
                       "target.py", "ok.py"], tmp_path, preexec)
    assert "jax-lsp: not writing target.py: cannot write it: Permission denied" in ran.err
    assert "Fixed 1 finding in 1 file." in ran.err
    assert ran.code == 1 and "target.py:7:9: JAX001" in ran.out
    after = target.stat()
    assert target.read_text() == PROGRAM
    assert (after.st_ino, after.st_uid, after.st_mode) == \
        (before.st_ino, before.st_uid, before.st_mode)
    assert IMPORTED in other.read_text()
    assert (tmp_path / f"{MODULE_NAME}.py").read_text() == helper_module_text()


# -- a save made while --fix runs ---------------------------------------------------------


def test_a_save_that_lands_as_the_helper_module_appears_is_kept(
    tmp_path: Path, check: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file was checked, then the helper module created, then the file replaced: a save
    timed on the helper module appearing was overwritten (4 or 5 runs of 5). Now the check is
    made through the descriptor that writes, after the module exists."""
    path = tmp_path / "train.py"
    path.write_text(PROGRAM)
    real_create_new = fix_apply.create_new

    def create_while_the_user_saves(target: Path, data: bytes) -> bool:
        created = real_create_new(target, data)
        path.write_text(SAVED)  # the editor saves, in place, as the module appears
        return created

    monkeypatch.setattr(fix_apply, "create_new", create_while_the_user_saves)
    ran = check("--fix")
    assert "jax-lsp: not writing train.py: it changed on disk since it was read" in ran.err
    assert path.read_text() == SAVED
    assert ran.code == 1
    assert not (tmp_path / f"{MODULE_NAME}.py").exists()  # created for it: taken back


def test_a_save_that_replaces_the_file_while_it_is_written_is_kept(
    tmp_path: Path, check: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editor that saves by renaming a new file over the old one, after the check and
    before the write: the fix goes to the old file, the user's is at the path, and the fix is
    reported as not written."""
    path = tmp_path / "train.py"
    path.write_text(PROGRAM)
    real_reserve = safe_io._reserve

    def reserve_while_the_user_saves(fd: int, start: int, length: int) -> None:
        new = tmp_path / ".train.py.swp"
        new.write_text(SAVED)
        os.replace(new, path)
        real_reserve(fd, start, length)

    monkeypatch.setattr(safe_io, "_reserve", reserve_while_the_user_saves)
    ran = check("--fix")
    assert ("jax-lsp: not writing train.py: it was replaced on disk while it was being "
            "written") in ran.err
    assert path.read_text() == SAVED
    assert ran.code == 1


def _leases_work(folder: Path) -> bool:
    """Whether this file system grants this user a write lease (Linux, a local file system)."""
    if fcntl is None or not hasattr(fcntl, "F_SETLEASE"):
        return False
    probe = folder / "lease-probe"
    probe.write_text("")
    fd = os.open(probe, os.O_RDWR)
    try:
        fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)
        fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_UNLCK)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
        probe.unlink()


def test_an_in_place_save_between_the_check_and_the_write_lands_after_it(
    tmp_path: Path, check: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editor that saves in place (opens the file with O_TRUNC and writes, as VS Code
    does) right after jax-lsp has checked it: the write lease jax-lsp holds from the check to
    the end of its write makes the editor's open wait, so its save lands after the fix, and
    wins. The editor is started at that moment (the seam) and the fix goes on only once the
    kernel says the editor's open is waiting on the lease: no timing is assumed."""
    if not _leases_work(tmp_path):
        pytest.skip("no write leases here (not Linux, or a file system without them)")
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("jax-lsp takes the lease on the main thread only (see safe_io)")
    path = tmp_path / "train.py"
    path.write_text(PROGRAM)
    real_reserve = safe_io._reserve
    editors: list[subprocess.Popen[bytes]] = []

    def reserve_while_the_editor_saves(fd: int, start: int, length: int) -> None:
        assert fcntl.fcntl(fd, fcntl.F_GETLEASE) == fcntl.F_WRLCK, "no lease held"
        editor = subprocess.Popen(
            [sys.executable, "-c", f"open({str(path)!r}, 'w').write({SAVED!r})"])
        editors.append(editor)
        deadline = time.monotonic() + 120
        # the lease's break is pending (F_UNLCK) once the editor's open waits on it
        while fcntl.fcntl(fd, fcntl.F_GETLEASE) != fcntl.F_UNLCK:
            assert editor.poll() is None, "the editor's save went through before the fix"
            assert time.monotonic() < deadline, "the editor never opened the file"
            time.sleep(0.005)
        real_reserve(fd, start, length)

    monkeypatch.setattr(safe_io, "_reserve", reserve_while_the_editor_saves)
    ran = check("--fix", "train.py")
    assert "Fixed 1 finding in 1 file." in ran.err, ran.err
    [editor] = editors
    assert editor.wait(timeout=120) == 0
    assert path.read_text() == SAVED  # the user's bytes, written after the fix


def test_a_full_disk_while_writing_in_place_leaves_the_file_whole(
    tmp_path: Path, check: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In place, the room the longer text needs is reserved before any byte is overwritten:
    a write that cannot grow the file (RLIMIT_FSIZE, as on a full disk) leaves it whole."""
    import signal

    path = tmp_path / "train.py"
    original = PROGRAM + "# padding\n" * 350  # 3.7 kB; the fixed text is past 4,096 bytes
    path.write_text(original)
    (tmp_path / f"{MODULE_NAME}.py").write_text(helper_module_text())  # nothing to create
    real_fix_file = fix_apply.fix_file

    def fix_on_a_full_disk(*args: object, **kwargs: object) -> object:
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, hard))
        try:
            return real_fix_file(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            signal.signal(signal.SIGXFSZ, old_handler)

    monkeypatch.setattr(fix_apply, "fix_file", fix_on_a_full_disk)
    ran = check("--fix")
    assert "not writing train.py: cannot write it: File too large" in ran.err
    assert path.read_text() == original
    assert ran.code == 1
