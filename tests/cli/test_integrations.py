"""The pre-commit hooks and the GitHub Action run what they say, on a sample repository:
each hook's `entry` with the files pre-commit would pass it, and the action's check step with
its script and environment as the runner executes them."""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from cli_harness import CALLBACK_PROGRAM as CALLBACK
from cli_harness import REPO, write_tree

SAMPLE = {"pkg/model.py": CALLBACK, "pkg/clean.py": "x = 1\n", "README.md": "# sample\n",
          "vendored/skip.py": CALLBACK,
          "pyproject.toml": '[tool.jax-lsp]\nexclude = ["vendored"]\n'}
#: pre-commit's `types_or` tags -> the file suffixes they select (identify's mapping)
TAG_SUFFIXES = {"python": (".py", ".pyi"), "jupyter": (".ipynb",)}


@pytest.fixture
def bin_dir(tmp_path: Path) -> Path:
    """A directory with a `jax-lsp` executable that runs this checkout (as an install would)."""
    d = tmp_path / "bin"
    d.mkdir()
    script = d / "jax-lsp"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m jax_lsp "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return d


def _env(bin_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAX_LSP_")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(REPO)
    env["JAX_LSP_NO_CACHE"] = "1"
    return env


def _hooks() -> list[dict[str, object]]:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert isinstance(hooks, list) and hooks
    return hooks


@pytest.mark.parametrize("hook", _hooks(), ids=lambda h: str(h["id"]))
def test_pre_commit_hook_runs_on_the_files_it_is_given(
    hook: dict[str, object], tmp_path: Path, bin_dir: Path
) -> None:
    assert hook["language"] == "python" and hook["require_serial"] is True
    tags = hook["types_or"]
    assert isinstance(tags, list)
    suffixes = tuple(s for tag in tags for s in TAG_SUFFIXES[str(tag)])
    repo = write_tree(tmp_path / "repo", SAMPLE)
    staged = sorted(p for p in SAMPLE if p.endswith(suffixes))
    assert staged == ["pkg/clean.py", "pkg/model.py", "vendored/skip.py"]
    entry = shlex.split(str(hook["entry"]))
    ran = subprocess.run([*entry, *staged], cwd=repo, env=_env(bin_dir), capture_output=True,
                         text=True, timeout=120, check=False)
    if "--fix" in entry:
        # the safe fix rewrites the file (pre-commit fails a hook that changed files)
        assert ran.returncode == 0 and "Fixed 1 finding in 1 file." in ran.stderr
        assert (repo / "pkg/model.py").read_text() != CALLBACK
    else:
        assert ran.returncode == 1, ran.stderr
        assert "pkg/model.py:6:12: JAX001" in ran.stdout
        assert "vendored" not in ran.stdout  # the project's `exclude` holds for named files
    assert (repo / "vendored/skip.py").read_text() == CALLBACK
    clean = subprocess.run([*entry, "pkg/clean.py"], cwd=repo, env=_env(bin_dir),
                           capture_output=True, text=True, timeout=120, check=False)
    assert clean.returncode == 0, clean.stdout + clean.stderr


def test_github_action_check_step_annotates_and_cannot_be_injected(
    tmp_path: Path, bin_dir: Path
) -> None:
    action = yaml.safe_load((REPO / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    step = next(s for s in action["runs"]["steps"] if s.get("name") == "Check")
    assert "${{" not in step["run"]  # inputs reach the script through the environment only
    repo = write_tree(tmp_path / "repo", SAMPLE)
    env = {**_env(bin_dir), "JAX_LSP_ARGS": "pkg $(touch pwned) `touch pwned2` *"}
    ran = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert not (repo / "pwned").exists() and not (repo / "pwned2").exists()
    # the odd words are paths that do not exist: a usage error, nothing run
    assert ran.returncode == 2
    env["JAX_LSP_ARGS"] = step_default = action["inputs"]["args"]["default"]
    assert step_default == "."
    ran = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode == 1
    assert ran.stdout.startswith("::error title=jax-lsp (JAX001),file=")
    assert "vendored" not in ran.stdout
