"""`ruff check` and the type check (mypy, configured in pyproject.toml) of jax_lsp/, clean: run
here so that the README's test command, and CI (.ci/run), run them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True,
                          text=True)


def test_ruff_check_is_clean() -> None:
    out = _run("ruff", "check", "jax_lsp")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean() -> None:
    out = _run("mypy", "--no-error-summary")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean_for_the_oldest_supported_python() -> None:
    """`requires-python = ">=3.10"`: a 3.11-only name (`ast.TryStar`, `sys.flags.safe_path`)
    used unguarded would break the CLI on 3.10. tomli, the 3.10 stand-in for tomllib, need not
    be installed for the check."""
    out = _run("mypy", "--no-error-summary", "--python-version", "3.10")
    problems = [line for line in out.stdout.splitlines()
                if "error:" in line and '"tomli"' not in line]
    assert not problems, out.stdout + out.stderr
