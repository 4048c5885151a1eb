"""A cloned repository cannot make jax-lsp run code through its `python` setting (issue 13);
the exploit is `evil_clone`'s."""

from __future__ import annotations

import importlib
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import Ran
from evil_clone import make_evil_clone

from jax_lsp.project.config import Config
from jax_lsp.server.session.configuration import Configuration

ENV_PYTHON, ENV_TRUST = "JAX_LSP_PYTHON", "JAX_LSP_TRUST_PROJECT_PYTHON"


@pytest.fixture
def evil_clone(tmp_path: Path) -> tuple[Path, Path]:
    return make_evil_clone(tmp_path)


@pytest.fixture(autouse=True)
def _fresh_environment_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    for module, name in (("jax_lsp.analysis.environment", "_ENV_CACHE"),
                         ("jax_lsp.analysis.workspace", "_ENV_CACHE"),  # before issue 13
                         ("jax_lsp.checker.runner", "_WORKSPACES")):
        try:
            monkeypatch.setattr(importlib.import_module(module), name, {}, raising=False)
        except ImportError:
            pass
    for name in (ENV_PYTHON, ENV_TRUST):
        monkeypatch.delenv(name, raising=False)


def test_check_never_runs_the_interpreter_a_clone_configures(
    evil_clone: tuple[Path, Path], run_cli: Callable[..., Ran]
) -> None:
    repo, marker = evil_clone
    ran = run_cli(["check", "a.py", "--no-cache", "--output-format", "concise"], repo)
    assert ran.code == 1 and "JAX001" in ran.out
    assert not marker.exists()


def test_untrusted_environment_is_found_from_its_files(evil_clone: tuple[Path, Path]) -> None:
    from jax_lsp.analysis.environment import environment_sys_path

    repo, marker = evil_clone
    paths = environment_sys_path(str(repo / ".venv/bin/python"))
    assert not marker.exists()
    sites = [p for p in paths if p.name == "site-packages"]
    assert sites and all(repo / ".venv" in p.parents for p in sites)
    # a .pth file's path line is followed (editable installs), its import line is not run
    assert any(os.path.samefile(p, repo / "src") for p in paths)


def test_trusted_interpreter_is_run_isolated_without_pth_code(
    evil_clone: tuple[Path, Path]
) -> None:
    """With the user's consent the interpreter is asked, by its resolved path, with -I -S:
    still no `.pth` code runs, and the venv's own site-packages is found."""
    from jax_lsp.analysis.environment import environment_sys_path

    repo, marker = evil_clone
    paths = environment_sys_path(str(repo / ".venv/bin/python"), trusted=True)
    assert not marker.exists()
    assert any(repo / ".venv" in p.parents and p.name == "site-packages" for p in paths)


def test_only_a_choice_outside_the_repository_trusts_the_interpreter(
    evil_clone: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, _ = evil_clone
    from_repo = Config.discover(repo / "a.py")
    assert from_repo.python_path() == str(repo / ".venv/bin/python")
    assert Config.from_mapping({"python": ".venv"}, root=repo).python_path() == str(repo / ".venv")
    assert not from_repo.python_trusted
    # editor settings (which a workspace's .vscode/settings.json can set) cannot trust it
    assert not from_repo.merge({"python": "/usr/bin/python3"}).python_trusted
    chosen = from_repo.with_user_python("/opt/py/bin/python")
    assert chosen.python_trusted and chosen.python_path() == "/opt/py/bin/python"
    assert not chosen.merge({"python": ".venv/bin/python"}).python_trusted
    assert from_repo.with_user_python(trust_project=True).python_trusted

    # the server: initializationOptions and workspace/configuration are untrusted layers
    problems: list[str] = []
    configuration = Configuration(problems.append)
    configuration.root = repo
    configuration.set_initialization_options({"python": str(repo / ".venv/bin/python")})
    configuration.set_editor_settings({"jax-lsp": {"python": ".venv"}})
    assert not configuration.for_path(repo / "a.py").python_trusted
    configuration.set_user_python(None, trust_project=True)
    assert configuration.for_path(repo / "a.py").python_trusted
    configuration.set_user_python("/usr/bin/python3")
    assert configuration.for_path(repo / "a.py").python == "/usr/bin/python3"


def test_the_user_can_choose_and_trust_an_interpreter(
    evil_clone: tuple[Path, Path], run_cli: Callable[..., Ran],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from jax_lsp.analysis.environment import environment_sys_path as real

    repo, marker = evil_clone
    seen: list[tuple[str | None, bool]] = []

    def spy(python: str | None = None, *, trusted: bool = False) -> list[Path]:
        seen.append((python, trusted))
        return real(python, trusted=trusted)

    monkeypatch.setattr("jax_lsp.analysis.workspace.environment_sys_path", spy)
    own = shutil.which("python3") or sys.executable
    ran = run_cli(["check", "a.py", "--no-cache", "--python", own], repo)
    assert ran.code == 1
    assert seen == [(own, True)] or seen == [(os.path.abspath(own), True)]
    seen.clear()
    monkeypatch.setenv(ENV_TRUST, "1")
    ran = run_cli(["check", "a.py", "--no-cache"], repo)
    assert seen == [(str(repo / ".venv/bin/python"), True)]
    assert not marker.exists()
