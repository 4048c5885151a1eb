"""The fix objects of the machine-readable formats are chosen for all of a file's findings at
once (`fix_objects._FileFixer.choose_all`): the same fixes as choosing them one finding at a
time, with one analysis for the independent ones instead of one each."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from jax_lsp.analysis import engine
from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.checker.fix_objects import _FileFixer
from jax_lsp.checker.results import FileResult
from jax_lsp.checker.runner import check_files
from jax_lsp.project.discovery import ConfigResolver, discover_files

PROGRAMS = Path(__file__).parent / "programs"


def _callback(i: int) -> str:
    """A host function reached by `jax.grad`: one JAX001 whose custom_vjp fix works."""
    return (f"\n\ndef host_{i}(x):\n    return np.sin(x) * {i + 1}.0\n\n\n"
            f"def loss_{i}(x):\n"
            f"    return jax.pure_callback(host_{i}, jax.ShapeDtypeStruct((), jnp.float32), x)"
            f"\n\n\njax.grad(loss_{i})(1.0)\n")


HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"


def _result(source: str) -> FileResult:
    findings = tuple(filter_suppressed(source, analyze_source(source, "/m.py").findings))
    return FileResult("m.py", findings, source, "/m.py")


@pytest.fixture
def analyses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The analyses the fixers make, in order: "incremental", "full" (both by the incremental
    analyzer) or "plain" (`analyze_source`)."""
    made: list[str] = []
    analyze = IncrementalAnalyzer.analyze
    plain = engine.analyze_source

    def counted(self: IncrementalAnalyzer, *args: object, incremental: bool = True) -> object:
        made.append("incremental" if incremental else "full")
        return analyze(self, *args, incremental=incremental)  # type: ignore[arg-type]

    def counted_plain(*args: object, **kwargs: object) -> object:
        made.append("plain")
        return plain(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(IncrementalAnalyzer, "analyze", counted)
    monkeypatch.setattr(engine, "analyze_source", counted_plain)
    return made


def test_independent_fixes_are_confirmed_by_one_analysis(analyses: list[str]) -> None:
    r = _result(HEADER + "".join(_callback(i) for i in range(3)))
    assert [f.code for f in r.findings] == ["JAX001"] * 3
    chosen = _FileFixer(r).choose_all(list(r.findings))
    assert analyses == ["plain", "plain"]  # the source's, and the one of the three fixes applied
    analyses.clear()
    one_by_one = {f: _FileFixer(r)._choose(f) for f in r.findings}
    # each: the source's (plain), then the analyzer's of the source and of the fix
    assert analyses == ["plain", "full", "incremental"] * 3
    assert chosen == one_by_one
    assert all(fix is not None and fix.safe for fix in chosen.values())


def test_a_batch_whose_first_choice_fails_is_split_down_to_that_finding(
        analyses: list[str]) -> None:
    # a callback reached by both grad and jvp: its first choice, the custom_vjp fix (reverse
    # mode only), leaves JAX raising "can't apply forward-mode autodiff (jvp) to a custom_vjp
    # function"; alone, the finding gets its next fix (custom_jvp, with which the program runs:
    # both checked under JAX 0.10.2); the others keep their first choice. (Until stop 39 this
    # used a pytree operand's custom_vjp fix, which the analysis wrongly kept reporting: JAX
    # runs that fixed program.)
    both = (HEADER + "\n\ndef host(x):\n    return np.sin(x)\n\n\n"
            "def loss(x):\n"
            "    return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)\n\n\n"
            "x0 = jnp.float32(1.0)\njax.grad(loss)(x0)\n"
            "jax.jvp(loss, (x0,), (jnp.ones_like(x0),))\n")
    r = _result(both + "".join(_callback(i) for i in range(2)))
    assert [f.code for f in r.findings] == ["JAX001"] * 3
    fixer = _FileFixer(r)
    first = fixer._first(r.findings[0])
    assert "custom_vjp" in first.title
    chosen = fixer.choose_all(list(r.findings))
    one_by_one = {f: _FileFixer(r)._choose(f) for f in r.findings}
    assert chosen == one_by_one
    assert chosen[r.findings[0]] != first and "custom_jvp" in chosen[r.findings[0]].title
    assert all(chosen[f] == _FileFixer(r)._first(f) for f in r.findings[1:])


def test_the_checks_analysis_is_the_fixers_first_when_it_is_theirs(analyses: list[str]) -> None:
    source = HEADER + "".join(_callback(i) for i in range(3))
    r = _result(source)
    analysed = replace(r, analysis=analyze_source(source, "/m.py"))
    chosen = _FileFixer(r).choose_all(list(r.findings))
    analyses.clear()
    assert _FileFixer(analysed).choose_all(list(r.findings)) == chosen
    assert analyses == ["plain"]  # the three fixes applied; the source's is the check's
    # one finding is decided incrementally, from the source's analysis made when needed
    analyses.clear()
    fixer = _FileFixer(analysed)
    assert fixer.choose_all([r.findings[0]]) == {r.findings[0]: chosen[r.findings[0]]}
    assert analyses == ["full", "incremental"]


def _checked(tmp_path: Path, files: dict[str, str], config: str = "") -> FileResult:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "pyproject.toml").write_text("[tool.jax-lsp]\n" + config)
    resolver = ConfigResolver()
    run = check_files(discover_files([tmp_path / "main.py"], resolver), cwd=tmp_path, jobs=1)
    (r,) = run.results
    return r


def test_the_check_hands_its_analysis_on_only_when_the_fixers_would_make_it(
        tmp_path: Path) -> None:
    source = HEADER + _callback(0)
    r = _checked(tmp_path, {"main.py": source})
    assert r.analysis is not None
    assert r.analysis.findings == analyze_source(source, str(tmp_path / "main.py")).findings
    # an import the check follows into a file, or settings of its own: the fixers analyse
    r = _checked(tmp_path, {"main.py": "import helper\n" + source, "helper.py": "X = 1\n"})
    assert r.analysis is None
    r = _checked(tmp_path, {"main.py": "import absent\n" + source})
    assert r.analysis is not None  # an import found nowhere is one the fixers do not follow
    r = _checked(tmp_path, {"main.py": source}, 'extra-callbacks = ["mylib.host.call"]\n')
    assert r.analysis is None
