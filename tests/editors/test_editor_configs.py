"""The shipped editor configurations agree with the server and with each other.

Static checks that need no editor: the VS Code manifest declares the settings, commands and
activation events its README documents; the Helix file parses and keeps other Python servers;
every integration starts the server as `jax-lsp serve`, which the CLI accepts.
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

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

REPO = Path(__file__).resolve().parents[2]
EDITORS = REPO / "editors"


def test_serve_subcommand_exists() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "--stdio" in proc.stdout


def test_vscode_manifest() -> None:
    manifest = json.loads((EDITORS / "vscode" / "package.json").read_text())
    settings = manifest["contributes"]["configuration"]["properties"]
    for key in ("enable", "path", "interpreter", "select", "ignore", "trace.server"):
        assert f"jax-lsp.{key}" in settings, key
    assert settings["jax-lsp.trace.server"]["enum"] == ["off", "messages", "verbose"]
    commands = {c["command"] for c in manifest["contributes"]["commands"]}
    assert commands == {"jax-lsp.restart", "jax-lsp.showLogs", "jax-lsp.installBundledServer"}
    events = manifest["activationEvents"]
    assert "onLanguage:python" in events
    assert "onNotebook:jupyter-notebook" in events
    assert manifest["dependencies"]["vscode-languageclient"]
    # vsce 3.x (runs on Node 20) and a lockfile for `npm ci`.
    assert manifest["devDependencies"]["@vscode/vsce"].startswith("3.")
    lock = json.loads((EDITORS / "vscode" / "package-lock.json").read_text())
    assert lock["packages"][""]["dependencies"] == manifest["dependencies"]
    # @types/vscode may not be newer than the engine, or vsce refuses to package.
    engine = manifest["engines"]["vscode"].lstrip("^")
    types = manifest["devDependencies"]["@types/vscode"]
    assert tuple(map(int, types.split("."))) <= tuple(map(int, engine.split(".")))


def test_vscode_readme_documents_every_setting() -> None:
    manifest = json.loads((EDITORS / "vscode" / "package.json").read_text())
    readme = (EDITORS / "vscode" / "README.md").read_text()
    for key in manifest["contributes"]["configuration"]["properties"]:
        assert f"`{key}`" in readme, key
    for command in manifest["contributes"]["commands"]:
        assert command["title"] in readme, command


def test_helix_languages_toml_keeps_other_servers() -> None:
    config = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text())
    server = config["language-server"]["jax-lsp"]
    assert [server["command"], *server["args"]] == ["jax-lsp", "serve"]
    (python,) = [lang for lang in config["language"] if lang["name"] == "python"]
    servers = python["language-servers"]
    assert servers[-1] == "jax-lsp" and len(servers) > 1


def test_every_integration_runs_jax_lsp_serve() -> None:
    lua = (EDITORS / "nvim" / "lsp" / "jax_lsp.lua").read_text()
    assert re.search(r"cmd = \{ 'jax-lsp', 'serve' \}", lua)
    assert '("jax-lsp" "serve")' in (EDITORS / "emacs" / "lsp-jax.el").read_text()
    assert '("jax-lsp" "serve")' in (EDITORS / "emacs" / "eglot-jax.el").read_text()
    discovery = (EDITORS / "vscode" / "src" / "discovery.ts").read_text()
    assert 'args: ["serve"]' in discovery and '"-m", "jax_lsp", "serve"' in discovery


@pytest.mark.parametrize("library", ["eglot-jax.el", "lsp-jax.el"])
def test_emacs_files_byte_compile_cleanly(library: str, tmp_path: Path) -> None:
    emacs = shutil.which("emacs")
    if emacs is None:
        pytest.skip("no emacs on PATH (apt-get install emacs-nox elpa-eglot elpa-lsp-mode)")
    feature = {"eglot-jax.el": "eglot", "lsp-jax.el": "lsp-mode"}[library]
    source = tmp_path / library
    shutil.copyfile(EDITORS / "emacs" / library, source)
    code = (
        "(progn (require 'package) (package-initialize)"
        f" (unless (require '{feature} nil t) (kill-emacs 3))"
        " (setq byte-compile-error-on-warn t)"
        f' (kill-emacs (if (byte-compile-file "{source}") 0 1)))'
    )
    proc = subprocess.run(
        [emacs, "--batch", "--eval", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    if proc.returncode == 3:
        pytest.skip(f"Emacs has no {feature}")
    assert proc.returncode == 0, proc.stderr


def test_zed_extension_registers_jax_lsp_for_python() -> None:
    # not built here (no Zed and no zed_extension_api crate from the registries): this checks
    # what can be checked without them, and the README says so
    zed = EDITORS / "zed"
    manifest = tomllib.loads((zed / "extension.toml").read_text())
    assert manifest["schema_version"] == 1
    assert manifest["language_servers"]["jax-lsp"]["languages"] == ["Python"]
    cargo = tomllib.loads((zed / "Cargo.toml").read_text())
    assert cargo["lib"]["crate-type"] == ["cdylib"]
    assert "zed_extension_api" in cargo["dependencies"]
    source = (zed / "src" / "lib.rs").read_text()
    # the same command as every other integration, and the section the server asks for
    assert 'const EXECUTABLE: &str = "jax-lsp";' in source
    assert 'const ARGS: [&str; 1] = ["serve"];' in source
    assert '"jax-lsp": s' in source
    assert "zed::register_extension!(JaxLsp);" in source
    assert "Untested" in (zed / "README.md").read_text()
