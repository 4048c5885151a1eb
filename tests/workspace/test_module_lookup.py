"""`Workspace.find`'s look at each candidate file of an import (`pkg/__init__.py`, then
`pkg.py`, then `pkg.pyi`) is done on strings, with a `Path` built only for the file found:
the same answers as `Path.is_file` of each candidate gives, at a fraction of the cost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from jax_lsp.analysis import workspace as workspace_module
from jax_lsp.analysis.workspace import Workspace


def _reference(base: Path, parts: list[str]) -> Path | None:
    d = base.joinpath(*parts)
    for candidate in (d / "__init__.py", d.with_suffix(".py"), d.with_suffix(".pyi")):
        if candidate.is_file():
            return candidate
    return None


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name in ["both/__init__.py", "both.py", "mod.py", "stub.pyi", "pkg/sub/__init__.py",
                 "pkg/sub/leaf.py", "pkg/__init__.py", "ünï/mödule.py", "afile.py"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "dir.py").mkdir()  # a folder named like a module: not a module
    (tmp_path / "dangling.py").symlink_to(tmp_path / "nowhere.py")
    (tmp_path / "linked.py").symlink_to(tmp_path / "mod.py")
    return tmp_path


@pytest.mark.parametrize("dotted", [
    "both", "mod", "stub", "pkg", "pkg.sub", "pkg.sub.leaf", "pkg.missing", "missing",
    "ünï.mödule", "dir", "dangling", "linked", "afile.inner", "mod.x.y",
])
def test_a_lookup_finds_what_path_is_file_finds(tree: Path, dotted: str) -> None:
    parts = dotted.split(".")
    found = workspace_module._module_file(tree, parts)
    assert found == _reference(tree, parts)
    assert found is None or str(found) == str(_reference(tree, parts))


def test_a_lookup_builds_no_path_for_the_candidates_it_rejects(
        tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a `Path` per candidate and its `is_file`, for every import looked up."""
    def refuse(self: Path) -> bool:
        raise AssertionError(f"Path.is_file({self}) asked")

    monkeypatch.setattr(Path, "is_file", refuse)
    assert workspace_module._module_file(tree, ["pkg", "sub", "leaf"]) == (
        tree / "pkg" / "sub" / "leaf.py")
    assert workspace_module._module_file(tree, ["missing"]) is None


def test_planned_files_and_odd_names_are_looked_up_as_paths(tree: Path) -> None:
    """A file `--fix` plans to create counts as there; a name that is no identifier (from a
    computed import) goes through `Path`'s own handling of it."""
    planned = {tree / "new.py": "y = 2\n"}
    assert workspace_module._module_file(tree, ["new"], planned) == tree / "new.py"
    assert workspace_module._module_file(tree, ["new"]) is None
    odd = ["pkg/sub", "leaf"]
    assert workspace_module._module_file(tree, odd) == _reference(tree, odd)


def test_an_error_other_than_no_such_file_is_raised_as_path_raises_it(
        tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    def denied(name: str, *args: object, **kwargs: object) -> os.stat_result:
        raise PermissionError(13, "denied", name)

    monkeypatch.setattr(os, "stat", denied)
    if sys.version_info >= (3, 13):
        assert workspace_module._is_file(str(tree / "mod.py")) is False
    else:
        with pytest.raises(PermissionError):
            workspace_module._is_file(str(tree / "mod.py"))


def test_the_workspace_finds_an_installed_style_package(tree: Path) -> None:
    ws = Workspace([tree])
    assert ws.find("pkg.sub.leaf", 0, None) == tree / "pkg" / "sub" / "leaf.py"
    assert ws.find("both", 0, None) == tree / "both" / "__init__.py"
