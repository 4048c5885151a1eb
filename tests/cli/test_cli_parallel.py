"""`jax-lsp check` in several processes: when the automatic `--jobs` starts a pool, and that
the output is byte for byte the one of a sequential run (real analysis: the pool takes the
files biggest first, the report must not show it)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import REPO, Ran, write_tree
from oracle import rule_examples

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
    for path in rule_examples(kind="fires")[:16]:
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


def _children(pid: int) -> set[int]:
    """The live (not zombie) processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes in /proc")
def test_pool_workers_die_with_a_killed_check(tmp_path: Path) -> None:
    """SIGTERM to a check with a pool: its worker processes must not go on analysing, adopted
    by init, for nobody."""
    import os
    import signal
    import subprocess
    import sys
    import time

    # enough work that the pool is still busy when the check is killed: a long chain of calls
    # each file's callback is reached through
    body = "".join(f"def f{i}(x):\n    return f{i - 1}(x) * 2.0 + jnp.sin(x)\n\n"
                   for i in range(1, 400))
    program = ("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"
               "def f0(x):\n    return jax.pure_callback(np.sin, "
               "jax.ShapeDtypeStruct((), jnp.float32), x)\n\n" + body
               + "jax.grad(f399)(1.0)\n")
    write_tree(tmp_path, {f"m{i:02}.py": program for i in range(40)})
    env = {k: v for k, v in os.environ.items() if k != "JAX_LSP_CACHE_DIR"}
    env["PYTHONPATH"] = str(REPO)
    check = subprocess.Popen([sys.executable, "-m", "jax_lsp", "check", "--no-cache",
                              "--jobs", "2", "."], cwd=tmp_path, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 10
        while len(workers) < 2 and check.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            workers = _children(check.pid)
        assert len(workers) >= 2, "the check started no pool"
        check.send_signal(signal.SIGTERM)
        check.wait(timeout=5)
        deadline = time.monotonic() + 3
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [w for w in workers if _alive(w)]
    finally:
        if check.poll() is None:
            check.kill()
            check.wait()
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)
