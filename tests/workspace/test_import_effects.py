"""Modules imported for what they do as they run: plugins filling another module's table
(decorators on functions and classes, `registry.TABLE[k] = fn`, `from registry import TABLE`),
replacing another module's setting (`config.X = fn`, `setattr(config, "X", fn)`), a package
whose `__init__` imports its plugins. The later reads see those writes, in import order. Each
project's markers are checked against real JAX (all projects in one interpreter, each with
its own modules) and against the analysis. Modules several projects hold alike are kept once,
in `_shared/`, and written into a copy of each project that holds them: what JAX runs and the
analysis reads is a whole project folder, as before."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from oracle import expected_markers

from jax_lsp.analysis import Workspace, analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.codes import RULES

PROJECTS = Path(__file__).parent / "projects" / "import_effects"
NAMES = sorted(m.parent.name for m in PROJECTS.glob("*/main.py"))
# the `_shared/` modules each project holds (a decorator-filled registry, plugins filling it)
SHARED = {
    "class_registry": ("registry.py",),
    "decorator_registry": ("registry.py", "plugins.py"),
    "not_selected": ("registry.py", "plugins.py"),
    "package_plugins": ("registry.py",),
    "undifferentiated": ("registry.py", "plugins.py"),
}

# runs each project's main.py as a script (its folder first on sys.path), then forgets the
# project's modules: the projects reuse module names (registry, plugins, config)
_BATCH = r"""
import json, runpy, sys
out = {}
for main in sys.argv[1:]:
    folder = main.rsplit("/", 1)[0]
    sys.path.insert(0, folder)
    try:
        runpy.run_path(main, run_name="__main__")
        out[main] = {"ok": True}
    except Exception as e:  # noqa: BLE001 - every way a program can end is reported
        out[main] = {"ok": False, "exception": type(e).__name__, "message": str(e)}
    sys.path.remove(folder)
    for name, mod in list(sys.modules.items()):
        if (getattr(mod, "__file__", None) or "").startswith(folder + "/"):
            del sys.modules[name]
sys.stderr.write("\n@@BATCH@@" + json.dumps(out) + "\n")
"""


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the projects, each with its shared modules written in."""
    root = tmp_path_factory.mktemp("import_effects")
    shutil.copytree(PROJECTS, root, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("_shared", "__pycache__"))
    for name, modules in SHARED.items():
        for module in modules:
            assert not (root / name / module).exists(), f"{name} has its own {module}"
            shutil.copyfile(PROJECTS / "_shared" / module, root / name / module)
    return root


def _analyze(main: Path) -> set[tuple[int, str]]:
    ws = Workspace(roots=[main.parent])
    result = analyze_source(main.read_text(encoding="utf-8"), str(main), workspace=ws)
    return {(f.span.line, f.code) for f in result.findings}


@pytest.mark.parametrize("name", NAMES)
def test_findings_match_markers(projects: Path, name: str) -> None:
    main = projects / name / "main.py"
    assert _analyze(main) == expected_markers(main.read_text(encoding="utf-8"))


def test_markers_match_real_jax(projects: Path) -> None:
    pytest.importorskip("jax")
    mains = [projects / name / "main.py" for name in NAMES]
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    proc = subprocess.run([sys.executable, "-c", _BATCH, *map(str, mains)], capture_output=True,
                          text=True, timeout=240, cwd=str(projects), env=env)
    marker = proc.stderr.rfind("@@BATCH@@")
    assert marker >= 0, proc.stderr[-2000:]
    outcomes = json.loads(proc.stderr[marker + len("@@BATCH@@"):].strip().splitlines()[0])
    assert len(outcomes) == len(mains) >= 10
    for main in mains:
        outcome = outcomes[str(main)]
        markers = expected_markers(main.read_text(encoding="utf-8"))
        name = main.parent.name
        if not markers:
            assert outcome["ok"], f"{name} is labelled as running, but JAX said {outcome}"
        else:
            assert not outcome["ok"], f"{name} is labelled {markers}, but it ran"
            assert any(RULES[c].matches(outcome["exception"], outcome["message"])
                       for _, c in markers), f"{name}: JAX raised {outcome}"


def test_incremental_analysis_sees_an_edit_name_the_import(projects: Path) -> None:
    """The analysed module's answers are kept across versions (`import_effects.Answers`): an
    edit naming the plugin import (in a string) makes it an ordinary, lazy one, so the table
    stays empty; an edit elsewhere keeps the answer; removing the name brings the finding
    back. Each version's incremental analysis answers as a full one."""
    main = projects / "decorator_registry" / "main.py"
    ws = Workspace(roots=[main.parent])
    plain = main.read_text(encoding="utf-8")
    named = plain.replace("import registry\n", 'import registry\nLOADED = "plugins"\n')
    analyzer = IncrementalAnalyzer()
    seen = []
    for source in (plain, named, named.replace("ones(3)", "ones(4)"),
                   plain.replace("ones(3)", "ones(4)")):
        got = analyzer.analyze(source, str(main), workspace=ws).findings
        full = analyze_source(source, str(main), workspace=ws).findings
        seen.append({(f.span.line, f.code) for f in got})
        assert seen[-1] == {(f.span.line, f.code) for f in full}
    assert analyzer.incremental_runs == 3
    assert seen[0] == seen[3] == {(12, "JAX001")} and seen[1] == seen[2] == set()


@pytest.mark.parametrize("name", ["imported_setting_direct", "reexported_setting_direct"])
def test_incremental_analysis_follows_a_store_through_an_import(projects: Path, name: str) -> None:
    """`CFG.mode = ...` through an imported name or a package's re-export: an edit of the stored
    value selects the other branch, in an incremental analysis as in a full one."""
    main = projects / name / "main.py"
    ws = Workspace(roots=[main.parent])
    plain = main.read_text(encoding="utf-8")
    host = plain.replace('"direct"', '"host"')
    analyzer = IncrementalAnalyzer()
    seen = []
    for source in (plain, host, host.replace("ones(3)", "ones(4)"), plain):
        got = analyzer.analyze(source, str(main), workspace=ws).findings
        full = analyze_source(source, str(main), workspace=ws).findings
        seen.append({(f.span.line, f.code) for f in got})
        assert seen[-1] == {(f.span.line, f.code) for f in full}
    line = 1 + plain.splitlines().index("print(jax.grad(loss)(jnp.ones(3)))"
                                        if "from pkg" in plain else
                                        "print(jax.grad(pkg.loss)(jnp.ones(3)))")
    assert seen[0] == seen[3] == set() and seen[1] == seen[2] == {(line, "JAX001")}


def test_bound_names_of_a_package_init() -> None:
    """`from pkg import name` runs the submodule `pkg/name.py` only when `pkg/__init__.py`
    does not bind `name` (`import_effects.bound_names`); a star import or `globals()` may bind
    any name."""
    import ast

    from jax_lsp.analysis.python.import_effects import bound_names

    tree = ast.parse("from .a import b as c\nimport x.y\nD = {}\ndef f(): pass\n"
                     "if True:\n    for i, (j, k) in []: pass\n")
    assert bound_names(tree) == {"c", "x", "D", "f", "i", "j", "k"}
    assert bound_names(ast.parse("from .a import *\n")) is None
    assert bound_names(ast.parse("globals()['g'] = 1\n")) is None


@pytest.mark.parametrize(
    ("update", "found"),
    [
        ("TABLE.update(host=host)", True),
        ('TABLE.update({"host": host})', True),
        ('TABLE.update({"host": host}, other=lambda x: x)', True),
        ("TABLE.update(host=lambda x: x)", False),
        ("TABLE.update(**EXTRA)", False),
    ],
)
def test_dict_update_registers_its_entries(tmp_path: Path, update: str, found: bool) -> None:
    """`TABLE.update(...)` in an imported module stores each entry of known key, as
    `TABLE[k] = v` does; entries of unknown keys store nothing (no finding without one)."""
    (tmp_path / "table.py").write_text("TABLE = {}\n", encoding="utf-8")
    (tmp_path / "plugin.py").write_text(
        "import jax\nfrom table import TABLE\nNAMES = []\nEXTRA = {}\n\n"
        "def host(x):\n"
        "    return jax.pure_callback(lambda a: a, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n"
        f"{update}\n",
        encoding="utf-8",
    )
    main = tmp_path / "main.py"
    main.write_text(
        "import jax\nimport plugin  # noqa: F401\nfrom table import TABLE\n\n"
        'print(jax.grad(lambda x: TABLE["host"](x))(1.0))\n',
        encoding="utf-8",
    )
    assert _analyze(main) == ({(5, "JAX001")} if found else set())
