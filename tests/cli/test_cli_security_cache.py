"""A `.jax_lsp_cache` that came with a repository is data, never trusted (issue 13): a planted
entry cannot hide a finding, and a bucket that is a symlink to /dev/zero or a FIFO is skipped
without filling memory or blocking."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import REPO, Ran, write_tree

import jax_lsp

BAD = (
    "import jax\n"
    "def f(x):\n"
    "    return jax.pure_callback(lambda x: x, x, x)\n"
    "jax.grad(f)(1.0)\n"
)
CLEAN = "import jax\ndef f(x):\n    return x * 2.0\njax.grad(f)(1.0)\n"


def _bucket(cache_dir: Path, folder: Path) -> Path:
    """Where the cache keeps the entries of `folder`'s files (its layout, as an attacker who
    commits a cache would know it)."""
    name = hashlib.blake2b(str(folder).encode(), digest_size=16).hexdigest()
    return cache_dir / jax_lsp.__version__ / f"{name}.json"


def test_a_planted_cache_entry_does_not_hide_a_finding(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    write_tree(tmp_path, {"a.py": CLEAN})
    assert run_cli(["check", "a.py"], tmp_path).code == 0
    (bucket,) = (tmp_path / ".jax_lsp_cache").glob("*/*.json")
    raw = bucket.read_bytes()
    head, _, body = raw.partition(b"\n") if not raw.startswith(b"{") else (b"", b"", raw)
    data = json.loads(body)
    (entry,) = data["entries"].values()
    # the attacker's forgery: the entry now claims the file with the finding is clean
    entry["digest"] = hashlib.blake2b(BAD.encode(), digest_size=16).hexdigest()
    entry["findings"] = []
    forged = json.dumps(data).encode()
    bucket.write_bytes(head + b"\n" + forged if head else forged)
    (tmp_path / "a.py").write_text(BAD)
    ran = run_cli(["check", "a.py", "--output-format", "concise"], tmp_path)
    assert ran.code == 1 and "JAX001" in ran.out


_LIMITED = 2 * 1024 * 1024 * 1024


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (_LIMITED, _LIMITED))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_device_and_fifo_buckets_are_skipped_without_blocking(tmp_path: Path) -> None:
    write_tree(tmp_path, {"zero/a.py": BAD, "fifo/a.py": BAD})
    cache_dir = tmp_path / ".jax_lsp_cache"
    (cache_dir / jax_lsp.__version__).mkdir(parents=True)
    _bucket(cache_dir, tmp_path / "zero").symlink_to("/dev/zero")
    os.mkfifo(_bucket(cache_dir, tmp_path / "fifo"))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("JAX_LSP_NO_CACHE", None)
    env.pop("JAX_LSP_CACHE_DIR", None)
    done = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--output-format", "concise", "."],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
        preexec_fn=_limit_memory, check=False)
    assert done.returncode == 1, done.stderr[-2000:]
    assert done.stdout.count("JAX001") == 2


@pytest.mark.parametrize("link", ["cache-directory", "version-folder", "dangling"])
def test_a_cache_directory_that_is_a_symlink_is_neither_written_nor_read(
    tmp_path: Path, run_cli: Callable[..., Ran], link: str
) -> None:
    """Issue 35: a repository's `.jax_lsp_cache` that is a link (to a folder elsewhere, or
    dangling), or whose version folder is one, made jax-lsp write `.gitignore`, `CACHEDIR.TAG`
    and the cached sources into the link's target. Now the cache is off for that project, the
    findings are the same, and nothing is created outside the repository."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    write_tree(project, {"a.py": BAD})
    outside.mkdir()
    cache_dir = project / ".jax_lsp_cache"
    if link == "cache-directory":
        cache_dir.symlink_to(outside, target_is_directory=True)
    elif link == "dangling":
        cache_dir.symlink_to(outside / "missing", target_is_directory=True)
    else:
        cache_dir.mkdir()
        (cache_dir / jax_lsp.__version__).symlink_to(outside, target_is_directory=True)
    for _ in range(2):  # the second run would read what the first one wrote
        ran = run_cli(["check", "--output-format", "concise", "a.py"], project)
        assert ran.code == 1 and ran.out.count("JAX001") == 1, ran.out
    assert list(outside.iterdir()) == []
    assert cache_dir.is_symlink() or (cache_dir / jax_lsp.__version__).is_symlink()


def test_a_cache_directory_the_user_names_may_be_a_symlink(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    write_tree(tmp_path, {"a.py": BAD})
    (tmp_path / "real").mkdir()
    (tmp_path / "mine").symlink_to(tmp_path / "real", target_is_directory=True)
    ran = run_cli(["check", "--cache-dir", "mine", "a.py"], tmp_path)
    assert ran.code == 1
    assert (tmp_path / "real" / "CACHEDIR.TAG").is_file()
    assert list((tmp_path / "real" / jax_lsp.__version__).glob("*.json"))
