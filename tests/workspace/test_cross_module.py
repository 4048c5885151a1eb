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
