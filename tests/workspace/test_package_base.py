"""A module inside a package imports its own package by absolute name (`from audio.filters
import smooth` in `audio/deconv.py`): Python finds the package where it found it first, the
folder holding the top-level package, whatever folder the checker was started from. The
analysis looks there too (`Workspace.find`, `_package_root`), after the importer's own
folder and before the workspace roots, as a script's `sys.path[0]` comes first."""

from __future__ import annotations

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
