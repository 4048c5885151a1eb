"""A module inside a package imports its own package by absolute name (`from audio.filters
import smooth` in `audio/deconv.py`): Python finds the package where it found it first, the
folder holding the top-level package, whatever folder the checker was started from. The
analysis looks there too (`Workspace.find`, `_package_root`), after the importer's own
folder and before the workspace roots, as a script's `sys.path[0]` comes first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from oracle import expected_markers

from jax_lsp.analysis import Workspace, analyze_source

PROJECTS = Path(__file__).parent / "projects"


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    "module",
    [PROJECTS / "package_base_transpose" / "audio" / "deconv.py",
     PROJECTS / "package_base_vjp" / "audio" / "deconv.py"],
    ids=["transpose", "vjp"],
)
def test_module_in_package_checked_from_elsewhere(module: Path, tmp_path: Path) -> None:
    # the workspace root is an unrelated folder (a project checked from another directory);
    # the markers are what JAX does when main.py runs the module (test_cross_module runs it)
    ws = Workspace(roots=[tmp_path])
    text = module.read_text(encoding="utf-8")
    result = analyze_source(text, str(module), workspace=ws)
    assert {(f.span.line, f.code) for f in result.findings} == expected_markers(text)


def test_package_base_is_the_folder_above_the_top_package(tmp_path: Path) -> None:
    _write(tmp_path, {"proj/top/__init__.py": "", "proj/top/sub/__init__.py": "",
                      "proj/top/sub/leaf.py": "", "proj/top/other.py": ""})
    ws = Workspace(roots=[tmp_path / "elsewhere"])
    importer = tmp_path / "proj" / "top" / "sub" / "leaf.py"
    assert ws.find("top.other", 0, importer) == tmp_path / "proj" / "top" / "other.py"
    assert ws.find("top.sub", 0, importer) == tmp_path / "proj" / "top" / "sub" / "__init__.py"


def test_no_package_no_base(tmp_path: Path) -> None:
    # a script folder (no __init__.py) adds nothing beyond its own folder
    _write(tmp_path, {"proj/scripts/run.py": "", "proj/lib.py": ""})
    ws = Workspace(roots=[tmp_path / "elsewhere"])
    assert ws.find("lib", 0, tmp_path / "proj" / "scripts" / "run.py") is None


def test_a_package_created_by_a_planned_init_counts(tmp_path: Path) -> None:
    # `--fix` analyses texts with the files it is about to write as if they were on disk
    _write(tmp_path, {"proj/top/mod.py": "", "proj/top/other.py": ""})
    ws = Workspace(roots=[tmp_path / "elsewhere"])
    importer = tmp_path / "proj" / "top" / "mod.py"
    assert ws.find("top.other", 0, importer) is None
    ws.planned[tmp_path / "proj" / "top" / "__init__.py"] = ""
    assert ws.find("top.other", 0, importer) == tmp_path / "proj" / "top" / "other.py"


def test_the_package_layout_is_looked_up_once_until_forgotten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every absolute import asks for its importer's package base: the `__init__.py` files up
    # from its folder are looked at once, until `forget_layout` (an analysis's start)
    from jax_lsp.analysis import workspace as workspace_module

    _write(tmp_path, {"proj/top/sub/leaf.py": "", "proj/top/sub/__init__.py": "",
                      "proj/top/other.py": ""})
    looked: list[Path] = []
    real = workspace_module._is_package

    def is_package(folder: Path, planned: dict[Path, str] | None = None) -> bool:
        looked.append(folder)
        return real(folder, planned)

    monkeypatch.setattr(workspace_module, "_is_package", is_package)
    ws = Workspace(roots=[tmp_path / "elsewhere"])
    importer = tmp_path / "proj" / "top" / "sub" / "leaf.py"
    for _ in range(5):
        assert ws.find("top.other", 0, importer) is None  # `top` is no package yet
    assert len(looked) == 2  # sub/ (a package), then top/ (not one), once
    _write(tmp_path, {"proj/top/__init__.py": ""})
    assert ws.find("top.other", 0, importer) is None  # as the files were when first asked
    ws.forget_layout()
    assert ws.find("top.other", 0, importer) == tmp_path / "proj" / "top" / "other.py"


def test_each_analysis_of_the_server_sees_an_init_appear(tmp_path: Path) -> None:
    # the language server's workspace lives as long as it does: `workspace_for` (each
    # analysis) forgets the layout, so a package made while it runs is seen
    from jax_lsp.analysis.options import WorkspaceSpec
    from jax_lsp.analysis.workspace import workspace_for

    _write(tmp_path, {"proj/top/mod.py": "", "proj/top/other.py": ""})
    spec = WorkspaceSpec(roots=(str(tmp_path / "elsewhere"),))
    importer = tmp_path / "proj" / "top" / "mod.py"
    assert workspace_for(spec).find("top.other", 0, importer) is None
    _write(tmp_path, {"proj/top/__init__.py": ""})
    found = workspace_for(spec).find("top.other", 0, importer)
    assert found == tmp_path / "proj" / "top" / "other.py"
    (tmp_path / "proj" / "top" / "__init__.py").unlink()
    assert workspace_for(spec).find("top.other", 0, importer) is None


@pytest.mark.parametrize("level", [0, 1], ids=["absolute", "relative"])
def test_a_package_wins_over_a_module_of_the_same_name(tmp_path: Path, level: int) -> None:
    # `helpers/__init__.py` beside `helpers.py`: CPython's path finder takes the package
    # (it looks for a package folder before a module file); run it to know
    _write(tmp_path, {"app/__init__.py": "", "app/helpers.py": "WHO = 'module'\n",
                      "app/helpers/__init__.py": "WHO = 'package'\n",
                      "app/main.py": ("from . import helpers\n" if level else
                                      "import helpers\n") + "print(helpers.__file__)\n"})
    ran = subprocess.run([sys.executable, "-m", "app.main"] if level else
                         [sys.executable, "app/main.py"], cwd=tmp_path, capture_output=True,
                         text=True, check=True)
    python_found = Path(ran.stdout.strip()).resolve()
    assert python_found == (tmp_path / "app" / "helpers" / "__init__.py").resolve()
    ws = Workspace(roots=[tmp_path])
    found = ws.find("helpers", level, tmp_path / "app" / "main.py")
    assert found is not None and found.resolve() == python_found
