"""jax-lsp in a real Emacs (batch mode), through the shipped editors/emacs/ files.

- Eglot (editors/emacs/eglot-jax.el): Flymake shows jax-lsp's JAX001 diagnostic on the
  `jax.pure_callback(` line, Eldoc's hover function returns the catalog entry, `eglot-code-actions`
  applies the preferred quickfix (its default), and the diagnostic goes away.
- lsp-mode (editors/emacs/lsp-jax.el): the add-on client starts and its diagnostic reaches
  Flymake, then `lsp-execute-code-action` applies the preferred quickfix.

Emacs 28 with Eglot 1.9 (and lsp-mode 8) come from Debian (`apt-get install emacs-nox elpa-eglot
elpa-markdown-mode elpa-lsp-mode`); CI does not install them, so each test is skipped when
`emacs` or the package is absent.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "train_with_host_activation.py"
EMACS_DIR = REPO / "editors" / "emacs"
TIMEOUT_S = 120


def _emacs() -> str:
    exe = shutil.which("emacs")
    if exe is None:
        pytest.skip("no emacs on PATH (apt-get install emacs-nox elpa-eglot elpa-markdown-mode)")
    return exe


def _has_library(emacs: str, feature: str) -> bool:
    code = f"(progn (require 'package) (package-initialize) (require '{feature}))"
    proc = subprocess.run(
        [emacs, "--batch", "--eval", code], capture_output=True, text=True, timeout=60, check=False
    )
    return proc.returncode == 0


def _server_env_and_cmd() -> tuple[dict[str, str], list[str]]:
    """Run this environment's jax-lsp: its scripts dir first on PATH, else `python -m jax_lsp`."""
    env = dict(os.environ)
    scripts = Path(sys.executable).parent
    if (scripts / "jax-lsp").exists():
        env["PATH"] = f"{scripts}{os.pathsep}{env.get('PATH', '')}"
        return env, []
    return env, [sys.executable, "-m", "jax_lsp", "serve"]


def run_driver(
    emacs: str, driver: str, tmp_path: Path, command: list[str] | None = None
) -> dict:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    source = project / EXAMPLE.name
    shutil.copyfile(EXAMPLE, source)
    out = tmp_path / "result.json"
    env, cmd = _server_env_and_cmd()
    cmd = command or cmd
    home = tmp_path / "home"
    home.mkdir()
    env["HOME"] = str(home)  # no user init, no ~/.emacs.d state shared between workers
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    proc = subprocess.run(
        [
            emacs,
            "--batch",
            "-l",
            str(Path(__file__).with_name(driver)),
            str(out),
            str(source),
            str(EMACS_DIR),
            *cmd,
        ],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    assert out.exists(), f"Emacs wrote no result (exit {proc.returncode}):\n{proc.stderr[-4000:]}"
    result = json.loads(out.read_text())
    assert result.get("ok") is True, f"{result.get('error')}\n{proc.stderr[-4000:]}"
    return result


def _check_diagnostic(result: dict) -> None:
    codes = [d["code"] for d in result["diagnostics"]]
    assert "JAX001" in codes, result["diagnostics"]
    finding = next(d for d in result["diagnostics"] if d["code"] == "JAX001")
    assert finding["line_text"][finding["column"] :].startswith("jax.pure_callback(")


def test_eglot_diagnostic_hover_and_preferred_code_action(tmp_path: Path) -> None:
    emacs = _emacs()
    if not _has_library(emacs, "eglot"):
        pytest.skip("Emacs has no eglot (apt-get install elpa-eglot)")
    result = run_driver(emacs, "emacs_driver.el", tmp_path)

    assert result["major_mode"] == "python-mode"
    assert result["server_name"] == "jax-lsp"
    _check_diagnostic(result)
    assert "JAX001" in result["hover"]
    assert result["applied"] in result["code_actions"]
    assert result["changed"] is True
    assert result["diagnostic_gone"] is True, result["diagnostics_after"]


def test_lsp_mode_addon_client(tmp_path: Path) -> None:
    emacs = _emacs()
    if not _has_library(emacs, "lsp-mode"):
        pytest.skip("Emacs has no lsp-mode (apt-get install elpa-lsp-mode)")
    result = run_driver(emacs, "emacs_lsp_mode_driver.el", tmp_path)

    assert result["server_ids"] == ["jax-lsp"]
    _check_diagnostic(result)
    assert "JAX001" in result["hover"]
    assert result["changed"] is True
    assert result["diagnostic_gone"] is True, result["diagnostics_after"]


def test_eglot_beside_another_server_through_rassumfrassum(tmp_path: Path) -> None:
    # the README's recipe: rass with the shipped preset, another server first (ruff here, as
    # basedpyright would be), jax-lsp second; its diagnostic, hover and fixes reach Eglot
    emacs = _emacs()
    if not _has_library(emacs, "eglot"):
        pytest.skip("Emacs has no eglot (apt-get install elpa-eglot)")
    if importlib.util.find_spec("rassumfrassum") is None or shutil.which("ruff") is None:
        pytest.skip("needs rassumfrassum (pip install rassumfrassum) and ruff")
    preset = EMACS_DIR / "rass" / "jax.py"
    command = [sys.executable, "-m", "rassumfrassum", str(preset), "--", "ruff", "server",
               "--", sys.executable, "-m", "jax_lsp", "serve"]
    result = run_driver(emacs, "emacs_driver.el", tmp_path, command)

    assert "jax-lsp" in result["server_name"] and "ruff" in result["server_name"]
    _check_diagnostic(result)
    assert "JAX001" in result["hover"]  # rass alone would ask ruff only, and show nothing
    assert result["applied"] in result["code_actions"]
    assert result["changed"] is True
    assert result["diagnostic_gone"] is True, result["diagnostics_after"]
