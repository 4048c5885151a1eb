"""The oracle runs each program in a process of its own: what one program does to JAX's global
state is not seen by the next, a hang ends at the timeout, a crash is an outcome."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from oracle import run_program

pytest.importorskip("jax")


def _write(tmp_path: Path, name: str, code: str) -> Path:
    path = tmp_path / name
    path.write_text(code, encoding="utf-8")
    return path


def test_a_programs_jax_configuration_does_not_reach_the_next(tmp_path: Path) -> None:
    sets = _write(tmp_path, "sets.py", "import jax\njax.config.update('jax_enable_x64', True)\n"
                  "import jax.numpy as jnp\nassert jnp.ones(1).dtype == jnp.float64\n")
    reads = _write(tmp_path, "reads.py", "import jax.numpy as jnp\n"
                   "assert jnp.ones(1).dtype == jnp.float32, jnp.ones(1).dtype\n")
    assert run_program(sets).ok
    assert run_program(reads).ok, run_program(reads)


def test_a_program_runs_as_main_from_its_folder_with_its_helpers(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    _write(tmp_path / "lib", "helper_mod.py", "VALUE = 3\n")
    _write(tmp_path, "data.txt", "x")
    main = _write(tmp_path, "main.py", "import sys\nfrom helper_mod import VALUE\n"
                  "assert __name__ == '__main__' and sys.argv == [__file__]\n"
                  "open('data.txt').read()\nraise ValueError(f'got {VALUE}')\n")
    outcome = run_program(main, extra_path=[tmp_path / "lib"])
    assert (outcome.ok, outcome.exception, outcome.message) == (False, "ValueError", "got 3")
    assert run_program(_write(tmp_path, "leaves.py", "import sys\nsys.exit(0)\n")).ok


def test_a_hang_ends_at_the_timeout_and_a_crash_is_an_outcome(tmp_path: Path) -> None:
    with pytest.raises(subprocess.TimeoutExpired):
        run_program(_write(tmp_path, "hangs.py", "import time\ntime.sleep(600)\n"), timeout=2)
    crash = run_program(_write(tmp_path, "crashes.py", "import os, signal, sys\n"
                               "print('last words', file=sys.stderr, flush=True)\n"
                               "os.kill(os.getpid(), signal.SIGKILL)\n"))
    assert (crash.ok, crash.exception) == (False, "Crash")
    assert crash.message.startswith("exit -9") and "last words" in crash.message
    assert run_program(_write(tmp_path, "after.py", "import jax.numpy as jnp\njnp.ones(2)\n")).ok
