"""The fix objects of the machine-readable formats are chosen for all of a file's findings at
once (`fix_objects._FileFixer.choose_all`): the same fixes as choosing them one finding at a
time, with one analysis for the independent ones instead of one each."""

from __future__ import annotations

from pathlib import Path

import pytest

from jax_lsp.analysis import engine
from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.checker.fix_objects import _FileFixer
from jax_lsp.checker.results import FileResult

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
    assert analyses == ["full", "plain"]  # the source's, and the one of the three fixes applied
    analyses.clear()
    one_by_one = {f: _FileFixer(r)._choose(f) for f in r.findings}
    assert len(analyses) == 3 + 3
    assert chosen == one_by_one
    assert all(fix is not None and fix.safe for fix in chosen.values())


def test_a_batch_whose_first_choice_fails_is_split_down_to_that_finding(
        analyses: list[str]) -> None:
    # the custom_vjp fix of a pytree operand does not make the finding go away: alone, the
    # finding gets its next fix (stop_gradient); the others keep their first choice
    pytree = (PROGRAMS / "grad_host_pytree_params.py").read_text()
    pytree = pytree[: pytree.index("\nPath(__file__)")]
    pytree += "jax.grad(energy, argnums=(0, 1))(params, scale)\n"
    r = _result(pytree + "".join(_callback(i) for i in range(2)))
    assert [f.code for f in r.findings] == ["JAX001"] * 3
    fixer = _FileFixer(r)
    first = fixer._first(r.findings[0])
    chosen = fixer.choose_all(list(r.findings))
    one_by_one = {f: _FileFixer(r)._choose(f) for f in r.findings}
    assert chosen == one_by_one
    assert chosen[r.findings[0]] != first and "Stop gradients" in chosen[r.findings[0]].title
