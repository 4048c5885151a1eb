"""Cross-module reach: the callback sits in another module of the workspace or in an installed
package. Each fixture project is run under real JAX (the oracle) and analysed with a Workspace;
the findings land on the analysed file's line that leads into the other module."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle import expected_markers, run_program

from jax_lsp.analysis import Workspace, analyze_source

PROJECTS = Path(__file__).parent / "projects"
MAINS = sorted(PROJECTS.glob("*/main.py")) + sorted(PROJECTS.glob("*/app/main.py"))


def _site(main: Path) -> list[Path]:
    site = main.parent / "site" if (main.parent / "site").is_dir() else main.parent.parent / "site"
    return [site] if site.is_dir() else []


def _analyze(main: Path):
    ws = Workspace(roots=[main.parent], env_paths=_site(main))
    return analyze_source(main.read_text(encoding="utf-8"), str(main), workspace=ws)


def _id(p: Path) -> str:
    return str(p.relative_to(PROJECTS).parent)


@pytest.mark.parametrize("main", MAINS, ids=[_id(m) for m in MAINS])
def test_findings_match_markers(main: Path) -> None:
    result = _analyze(main)
    got = {(f.span.line, f.code) for f in result.findings}
    assert got == expected_markers(main.read_text(encoding="utf-8"))


@pytest.mark.parametrize("main", MAINS, ids=[_id(m) for m in MAINS])
def test_markers_match_real_jax(main: Path) -> None:
    pytest.importorskip("jax")
    from jax_lsp.codes import RULES

    markers = expected_markers(main.read_text(encoding="utf-8"))
    outcome = run_program(main, extra_path=_site(main))
    if not markers:
        assert outcome.ok, str(outcome)
    else:
        assert not outcome.ok
        assert any(RULES[c].matches(outcome.exception, outcome.message) for _, c in markers), str(
            outcome
        )


def test_path_points_into_the_other_file() -> None:
    main = PROJECTS / "relative" / "main.py"
    (f,) = _analyze(main).findings
    assert f.path[0].label == "`jax.grad` differentiates here"
    last = f.path[-1]
    assert last.filename is not None and last.filename.endswith("pkg/ops.py")
    assert last.span.line == 10
    files = [Path(s.filename).name if s.filename else None for s in f.path]
    assert files == [None, None, "train.py", "ops.py"]
    assert "(in ops.py:10)" in f.message


def test_dependencies_are_reported() -> None:
    deps = _analyze(PROJECTS / "reexport" / "main.py").dependencies
    assert [Path(d).name for d in deps] == ["__init__.py", "_impl.py"]


def test_without_workspace_imports_stay_opaque() -> None:
    main = PROJECTS / "relative" / "main.py"
    assert analyze_source(main.read_text(encoding="utf-8"), str(main)).findings == []


def test_buffer_overlay_wins_over_disk(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text("def f(x):\n    return x\n", encoding="utf-8")
    main = tmp_path / "main.py"
    main.write_text("import jax\nfrom helpers import f\njax.grad(f)(1.0)\n", encoding="utf-8")
    ws = Workspace(roots=[tmp_path])
    assert analyze_source(main.read_text(), str(main), workspace=ws).findings == []
    ws.overlay[(tmp_path / "helpers.py").resolve()] = (
        "import jax\nimport numpy as np\ndef f(x):\n    return jax.pure_callback(np.sin, x, x)\n"
    )
    (f,) = analyze_source(main.read_text(), str(main), workspace=ws).findings
    assert f.code == "JAX001" and f.span.line == 3


@pytest.mark.parametrize("main", MAINS, ids=[_id(m) for m in MAINS])
def test_findings_do_not_depend_on_the_workspace_root(main: Path) -> None:
    """A project checked from another folder (`jax-lsp check proj` run elsewhere, or an editor
    opened on a parent folder): its packages' absolute imports of themselves still resolve,
    against the folder holding the outermost package, which Python's import path has."""
    ws = Workspace(roots=[], env_paths=_site(main))
    result = analyze_source(main.read_text(encoding="utf-8"), str(main), workspace=ws)
    got = {(f.span.line, f.code) for f in result.findings}
    assert got == expected_markers(main.read_text(encoding="utf-8"))


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_absolute_import_resolves_against_the_outermost_package(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/sub/__init__.py": "",
            "pkg/sub/mod.py": "",
            "pkg/utils/__init__.py": "",
            "pkg/utils/host.py": "",
            "scripts/run.py": "",
        },
    )
    ws = Workspace(roots=[])
    importer = tmp_path / "pkg" / "sub" / "mod.py"
    assert ws.find("pkg.utils.host", 0, importer) == tmp_path / "pkg" / "utils" / "host.py"
    assert ws.find("pkg.utils", 0, importer) == tmp_path / "pkg" / "utils" / "__init__.py"
    # a script's folder that is no package is the only folder its absolute imports see
    assert ws.find("pkg.utils", 0, tmp_path / "scripts" / "run.py") is None
    # the folders between (`pkg/`) are no import root: Python 3 has no implicit relative import
    assert ws.find("utils.host", 0, importer) is None


_CHECK_MIXIN = (
    "import jax\nimport numpy as np\n\n\nclass Checked:\n    def check(self, x):\n"
    "        return jax.pure_callback(np.sin, x, x)\n"
)
_MODEL = (
    "import jax\nfrom lib import Checked\n\n\nclass Model(Checked):\n"
    "    def __call__(self, x):\n        return self.check(x)\n\n\n"
    "jax.grad(Model())(1.0)\n"
)


def test_class_base_follows_nested_reexports(tmp_path: Path) -> None:
    """`lib/__init__` re-exports from `lib/checks/__init__`, which re-exports from its
    submodule: the class base is the class the last one defines."""
    _write(
        tmp_path,
        {
            "lib/__init__.py": "from .checks import Checked\n",
            "lib/checks/__init__.py": "from .impl import Checked\n",
            "lib/checks/impl.py": _CHECK_MIXIN,
            "main.py": _MODEL,
        },
    )
    main = tmp_path / "main.py"
    (f,) = analyze_source(main.read_text(), str(main), workspace=Workspace(roots=[])).findings
    assert f.code == "JAX001" and f.span.line == 7


def test_a_cycle_of_reexports_is_unknown(tmp_path: Path) -> None:
    """Re-exports that name each other (an import Python refuses) end, as an unknown base."""
    _write(
        tmp_path,
        {
            "lib/__init__.py": "from .a import Checked\n",
            "lib/a.py": "from .b import Checked\n",
            "lib/b.py": "from lib import Checked\n",
            "main.py": _MODEL,
        },
    )
    main = tmp_path / "main.py"
    assert analyze_source(main.read_text(), str(main), workspace=Workspace(roots=[])).findings == []
