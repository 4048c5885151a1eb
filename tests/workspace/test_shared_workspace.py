"""One `Workspace` serves every analysis of a run (`check` over a project, the server's analyses
of a workspace): what it keeps from one analysis to the next (parsed trees, and the answers
`Workspace.facts` read off modules' trees) must leave each analysis's result what a fresh
workspace gives. Every analysis interprets the modules it imports in its own instances, so a
store through an imported name (`config.ACTIVATION = host`) reaches only the analyses of files
that import the storing module."""

from __future__ import annotations

from pathlib import Path

import pytest

from jax_lsp.analysis import Workspace, analyze_source
from jax_lsp.analysis import workspace as workspace_module
from jax_lsp.analysis.engine import AnalysisResult
from jax_lsp.analysis.python.import_effects import written_imports
from jax_lsp.project.provenance import RecordingWorkspace

PROJECTS = Path(__file__).parent / "projects"
# the import_effects projects that hold every module they import (the others are completed
# from `_shared/` by test_import_effects)
EFFECTS = ("imported_setting_direct", "module_attribute_write", "module_setattr",
           "module_table_write", "reexported_list_plugins", "reexported_setting_direct",
           "reexported_setting_host", "reexported_table", "imported_table_write")
FOLDERS = sorted({m.parent for m in PROJECTS.glob("*/main.py")}
                 | {PROJECTS / "import_effects" / n for n in EFFECTS})


def _site(folder: Path) -> list[Path]:
    site = folder / "site"
    return [site] if site.is_dir() else []


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "site" not in p.relative_to(folder).parts)


def _seen(result: AnalysisResult) -> tuple:
    """Everything of a result a user or the result cache sees."""
    return (
        [(f.code, f.span, f.message, [(s.span, s.label, s.filename) for s in f.path])
         for f in result.findings],
        result.dependencies,
        result.incomplete,
    )


def _analyze(path: Path, ws: Workspace) -> tuple:
    return _seen(analyze_source(path.read_text(encoding="utf-8"), str(path), workspace=ws))


def _fresh(folder: Path, path: Path) -> tuple:
    return _analyze(path, Workspace(roots=[folder], env_paths=_site(folder)))


@pytest.mark.parametrize("folder", FOLDERS, ids=[str(f.relative_to(PROJECTS)) for f in FOLDERS])
@pytest.mark.parametrize("budget", [workspace_module.MAX_CACHED_CHARS, 1])
def test_one_workspace_gives_fresh_results(folder: Path, budget: int,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file of every fixture project (cycles, stores through imported names, package
    re-exports, registries), analysed one after the other, forwards then backwards, with one
    workspace: each result is a fresh workspace's. With a parse cache of one character every
    tree is parsed again and every re-export is answered by `Workspace.facts` alone."""
    files = _files(folder)
    fresh = {p: _fresh(folder, p) for p in files}
    monkeypatch.setattr(workspace_module, "MAX_CACHED_CHARS", budget)
    shared = Workspace(roots=[folder], env_paths=_site(folder))
    for p in files + files[::-1]:
        assert _analyze(p, shared) == fresh[p], p


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


HOST = ("import jax\nimport numpy as np\n\n\ndef host(x):\n    return jax.pure_callback(\n"
        "        lambda v: np.tanh(v), jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n")


def test_a_store_through_an_import_reaches_only_its_importers(tmp_path: Path) -> None:
    """`config.ACTIVATION = host` in `switch.py`: `uses_switch.py` imports it and is found;
    `plain.py`, analysed next with the same workspace, does not import it and reads the
    setting as `config.py` binds it."""
    _write(tmp_path, {
        "config.py": "import jax.numpy as jnp\n\nACTIVATION = jnp.tanh\n\n\n"
                     "def act(x):\n    return ACTIVATION(x)\n",
        "switch.py": HOST + "\n\nimport config\n\nconfig.ACTIVATION = host\n",
        "uses_switch.py": "import jax\n\nimport switch  # noqa: F401\nfrom config import act\n\n"
                          "jax.grad(lambda x: act(x).sum())(1.0)\n",
        "plain.py": "import jax\n\nfrom config import act\n\n"
                    "jax.grad(lambda x: act(x).sum())(1.0)\n",
    })
    ws = Workspace(roots=[tmp_path])
    order = ["uses_switch.py", "plain.py", "uses_switch.py", "plain.py"]
    got = [_analyze(tmp_path / n, ws) for n in order]
    assert [len(r[0]) for r in got] == [1, 0, 1, 0]
    assert got == [_fresh(tmp_path, tmp_path / n) for n in order]


def test_a_failed_lookup_is_looked_up_again(tmp_path: Path) -> None:
    """A package re-exports a module that is missing, then written, then changed to fill a
    table: each analysis with the one workspace sees the files as they are then."""
    main = tmp_path / "main.py"
    _write(tmp_path, {
        "registry/__init__.py": "from .table import TABLE, get\nfrom .plugin import extra\n",
        "registry/table.py": "TABLE = {}\n\n\ndef get(name):\n    return TABLE[name]\n",
        "main.py": "import jax\n\nimport registry\n\n\ndef loss(x):\n"
                   "    return registry.get('host')(x).sum()\n\n\njax.grad(loss)(1.0)\n",
    })
    ws = Workspace(roots=[tmp_path])
    steps = [
        {},  # registry/plugin.py missing
        {"registry/plugin.py": HOST + "\n\ndef extra():\n    pass\n"},  # writes nothing
        {"registry/plugin.py": HOST + "\n\nfrom registry.table import TABLE\n\n"
                               "TABLE['host'] = host\n\n\ndef extra():\n    pass\n"},
    ]
    counts = []
    for files in steps:
        _write(tmp_path, files)
        got = _analyze(main, ws)
        assert got == _fresh(tmp_path, main)
        counts.append(len(got[0]))
    assert counts == [0, 0, 1]


def test_facts_follow_the_overlay(tmp_path: Path) -> None:
    """An unsaved buffer of the re-exported module changes what `facts` answers for it."""
    _write(tmp_path, {"pkg/__init__.py": "from .mod import f\n",
                      "pkg/mod.py": "def f():\n    pass\n"})
    ws = Workspace(roots=[tmp_path])
    mod = tmp_path / "pkg" / "mod.py"
    assert ws.facts(mod, written_imports) == ()
    ws.overlay = {mod: "from registry import TABLE\nTABLE['k'] = 1\n"}
    assert ws.facts(mod, written_imports) == (("registry", 0),)
    ws.overlay = {}
    assert ws.facts(mod, written_imports) == ()
    ws.overlay = {mod: "def f(:\n"}
    assert ws.facts(mod, written_imports) is None


def test_a_recording_workspace_records_what_facts_read(tmp_path: Path) -> None:
    """The result cache's provenance holds a module read only to answer `facts`, also when
    the answer was kept from an earlier analysis."""
    _write(tmp_path, {"pkg/__init__.py": "from .mod import f\n\n\ndef g(x):\n    return x\n",
                      "pkg/mod.py": "def f():\n    pass\n",
                      "main.py": "import jax\n\nfrom pkg import g\n\n"
                                 "jax.grad(lambda x: g(x))(1.0)\n"})
    ws = RecordingWorkspace(roots=[tmp_path])
    main = tmp_path / "main.py"
    for _ in range(2):
        with ws.recording() as record:
            _analyze(main, ws)
        assert str(tmp_path / "pkg" / "mod.py") in record.reads
        assert str(tmp_path / "pkg" / "mod.py") not in _analyze(main, ws)[1]  # not interpreted
