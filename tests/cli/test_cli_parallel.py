"""`jax-lsp check` in several processes: when the automatic `--jobs` starts a pool, and that
the output is byte for byte the one of a sequential run (real analysis: the pool takes the
files biggest first, the report must not show it)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import REPO, Ran, write_tree

from jax_lsp.checker import runner
from jax_lsp.checker.runner import MAX_AUTO_JOBS, PARALLEL_MIN_SAVED_BYTES, _jobs_for

RunCli = Callable[[list[str], Path], Ran]
ENOUGH = PARALLEL_MIN_SAVED_BYTES  # bytes: two files of this size save one of them


def test_explicit_jobs_are_obeyed_up_to_one_process_a_file() -> None:
    assert _jobs_for([10, 10, 10], 2, cpus=1) == 2
    assert _jobs_for([10, 10], 5, cpus=8) == 2
    assert _jobs_for([], 3, cpus=8) == 1


def test_auto_is_sequential_when_the_pool_would_not_pay() -> None:
    assert _jobs_for([ENOUGH * 10], 0, cpus=2) == 1  # one file: nothing to share
    assert _jobs_for([ENOUGH // 4] * 2, 0, cpus=2) == 1  # too little work to share
    # one big file dominates: a second process could only take the small ones
    assert _jobs_for([ENOUGH * 10, ENOUGH // 2], 0, cpus=2) == 1
    assert _jobs_for([ENOUGH] * 4, 0, cpus=1) == 1  # one CPU


def test_auto_uses_every_cpu_when_the_pool_pays() -> None:
    assert _jobs_for([ENOUGH, ENOUGH], 0, cpus=2) == 2
    assert _jobs_for([ENOUGH // 100] * 400, 0, cpus=2) == 2  # many small files
    assert _jobs_for([ENOUGH] * 100, 0, cpus=64) == MAX_AUTO_JOBS


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The examples and the rule corpus (files with findings, of many sizes), a file that does
    not parse and one that does not decode."""
    root = tmp_path / "p"
    shutil.copytree(REPO / "examples", root / "examples")
    (root / "rules").mkdir()
    for path in sorted((REPO / "tests" / "corpus" / "rules").glob("*.py"))[:16]:
        shutil.copy(path, root / "rules")
    write_tree(root, {"broken.py": "def f(:\n    pass\n",
                      "latin1.py": 'x = 1\nname = "caf\xe9"\n'.encode("latin-1")})
    return root


def test_parallel_output_is_byte_identical_to_sequential(
    run_cli: RunCli, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = ["check", "--no-cache", "--no-color", "--output-format", "full"]
    sequential = run_cli([*base, "--jobs", "1"], project)
    assert sequential.code == 1 and sequential.out.count("JAX00") > 10
    assert run_cli([*base, "--jobs", "2"], project) == sequential
    # the automatic choice, made to pick a pool whatever this machine has
    monkeypatch.setattr(runner, "PARALLEL_MIN_SAVED_BYTES", 0)
    monkeypatch.setattr(runner, "_cpu_count", lambda: 2)
    picked: list[int] = []
    jobs_for = runner._jobs_for
    monkeypatch.setattr(runner, "_jobs_for",
                        lambda *a, **k: picked.append(jobs_for(*a, **k)) or picked[-1])
    assert run_cli([*base], project) == sequential
    assert picked == [2]
