"""pytest drives a test module's test functions (`analysis/pytest_driver.py`): each `test*`
function (or method of a `Test*` class) is analysed as pytest calls it, once per case of its
`@pytest.mark.parametrize` decorators, its parameters given the case's values or the values
of the module's `@pytest.fixture` functions of those names. Each program is labelled by
running it under pytest: one that fires has exactly one failing test, failing with the
code's error; one that must stay quiet passes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from jax_lsp.analysis.engine import analyze_source

HEAD = '''\
import numpy as np
import pytest
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def _record(x):
    return np.zeros((), np.int32)


class Logger:
    def __init__(self, ordered):
        self.ordered = ordered

    def step(self, x):
        io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), x.sum(), ordered=self.ordered)
        return x * 2.0

'''

FIXTURE = HEAD + '''
@pytest.fixture
def logger():
    return Logger(True)


def test_batched(logger):
    out = jax.vmap(logger.step)(jnp.ones((3, 2)))
    assert out.shape == (3, 2)
'''

FIXTURE_OF_FIXTURE = HEAD + '''
@pytest.fixture
def ordered():
    return True


@pytest.fixture(name="logger")
def make_logger(ordered):
    return Logger(ordered)


def test_batched(logger):
    out = jax.vmap(logger.step)(jnp.ones((3, 2)))
    assert out.shape == (3, 2)


def test_single(logger):
    assert logger.step(jnp.ones(2)).shape == (2,)
'''

CASES = HEAD + '''
@pytest.mark.parametrize("ordered", [False, True])
def test_rows(ordered):
    out = jax.vmap(Logger(ordered).step)(jnp.ones((3, 2)))
    assert out.shape == (3, 2)
'''

NAMED_CASES = HEAD + '''
ROWS = [(2, False), pytest.param(3, True, id="ordered")]


class TestLogger:
    @pytest.mark.parametrize("n, ordered", ROWS)
    def test_rows(self, n, ordered):
        out = jax.vmap(Logger(ordered).step)(jnp.ones((n, 2)))
        assert out.shape == (n, 2)
'''

CASES_FROM_A_NAME = HEAD + '''
ORDERINGS = [False, True]


@pytest.mark.parametrize("ordered", ORDERINGS)
@pytest.mark.parametrize("n", [2, 3])
def test_rows(n, ordered):
    out = jax.vmap(Logger(ordered).step)(jnp.ones((n, 2)))
    assert out.shape == (n, 2)
'''

CUSTOM_RULE = '''\
import pytest
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clip(x):
    return jnp.tanh(x)


def soft_clip_fwd(x):
    return jnp.tanh(x), x


def soft_clip_bwd(x, g):
    return g * (1.0 - jnp.tanh(x) ** 2), g


soft_clip.defvjp(soft_clip_fwd, soft_clip_bwd)


@pytest.mark.parametrize("fn", [jnp.sin, soft_clip])
def test_gradient_is_finite(fn):
    g = jax.grad(lambda x: fn(x).sum())(jnp.ones(3))
    assert jnp.all(jnp.isfinite(g))
'''

MODES = HEAD + '''
def run_rows(rows, mode):
    step = Logger(True).step
    if mode == "vmap":
        return jax.vmap(step)(rows)
    return jax.lax.map(step, rows)


@pytest.mark.parametrize("mode", ["map", "vmap"])
def test_rows(mode):
    assert run_rows(jnp.ones((3, 2)), mode).shape == (3, 2)
'''

SCRIPT = HEAD + '''
def test_rows():
    assert jax.vmap(Logger(True).step)(jnp.ones((3, 2))).shape == (3, 2)


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__]))
'''

RAISES = HEAD + '''
@pytest.fixture
def logger():
    return Logger(True)


def test_batched_is_refused(logger):
    with pytest.raises(ValueError, match="ordered"):
        jax.vmap(logger.step)(jnp.ones((3, 2)))
'''

OPTIONS = '''\
import numpy as np
import pytest
import jax
import jax.numpy as jnp


def _host_double(x):
    return np.asarray(x) * 2.0


def double_on_host(x, **options):
    return jax.pure_callback(_host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **options)


@pytest.mark.parametrize("options", [{}, {"vectorized": True}])
def test_double(options):
    x = jnp.arange(3.0)
    np.testing.assert_allclose(jax.jit(lambda v: double_on_host(v, **options))(x), 2 * x)
'''

#: program -> (its source, the codes reported, what pytest reports: an error's words for the
#: one failing test, or None where every test passes)
PROGRAMS = {
    "fixture_ordered": (FIXTURE, ["JAX013"], "Cannot `vmap` ordered IO callback."),
    "fixture_unordered": (FIXTURE.replace("Logger(True)", "Logger(False)"), [], None),
    "fixture_of_fixture_ordered": (FIXTURE_OF_FIXTURE, ["JAX013"],
                                   "Cannot `vmap` ordered IO callback."),
    "fixture_of_fixture_unordered": (
        FIXTURE_OF_FIXTURE.replace("return True", "return False"), [], None),
    "case_ordered": (CASES, ["JAX013"], "Cannot `vmap` ordered IO callback."),
    "case_unordered": (CASES.replace("[False, True]", "[False]"), [], None),
    "class_named_cases_ordered": (NAMED_CASES, ["JAX013"], "Cannot `vmap` ordered IO callback."),
    "class_named_cases_unordered": (NAMED_CASES.replace("3, True", "3, False"), [], None),
    "stacked_cases_from_a_name_ordered": (
        CASES_FROM_A_NAME.replace('"n", [2, 3]', '"n", [2]'), ["JAX013"],
        "Cannot `vmap` ordered IO callback."),
    "stacked_cases_from_a_name_unordered": (
        CASES_FROM_A_NAME.replace("[False, True]", "[False]"), [], None),
    # a test module's entry points are its tests: a helper branching on a mode string
    # batches only where a case passes "vmap"
    "case_mode_reaches_vmap": (MODES, ["JAX013"], "Cannot `vmap` ordered IO callback."),
    "case_mode_never_vmap": (MODES.replace('["map", "vmap"]', '["map"]'), [], None),
    # a script's run (`script_reach`) is not all that runs: pytest collects its tests too
    "script_test_ordered": (SCRIPT, ["JAX013"], "Cannot `vmap` ordered IO callback."),
    "script_test_unordered": (SCRIPT.replace("Logger(True)", "Logger(False)"), [], None),
    # a test asserting JAX's error passes; one expecting another error fails with JAX's
    "raises_asserts_the_error": (RAISES, [], None),
    "raises_expects_another_error": (RAISES.replace("pytest.raises(ValueError", "pytest.raises("
                                                    "TypeError"), ["JAX013"],
                                     "Cannot `vmap` ordered IO callback."),
    # the static pass (JAX011, JAX012) reads the literal cases too
    "case_options_vectorized": (OPTIONS, ["JAX012"], "unexpected keyword argument 'vectorized'"),
    "case_options_vmap_method": (
        OPTIONS.replace('{"vectorized": True}', '{"vmap_method": "sequential"}'), [], None),
    "case_custom_vjp_bwd": (CUSTOM_RULE, ["JAX014"], "Custom VJP bwd rule must produce"),
    "case_custom_vjp_not_differentiated": (
        CUSTOM_RULE.replace("[jnp.sin, soft_clip]", "[jnp.sin, jnp.cos]"), [], None),
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_findings_as_pytest_runs_the_tests(name: str) -> None:
    source, codes, _ = PROGRAMS[name]
    found = [f.code for f in analyze_source(source, f"test_{name}.py").findings]
    assert found == codes, found


@pytest.mark.parametrize("name", PROGRAMS)
def test_programs_behave_as_labelled_under_pytest(name: str, tmp_path) -> None:
    pytest.importorskip("jax")
    source, _, error = PROGRAMS[name]
    path = tmp_path / f"test_{name}.py"
    path.write_text(source, encoding="utf-8")
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:jax_lsp",
         "-p", "no:xdist", str(path)],
        capture_output=True, text=True, timeout=240, env=env, cwd=tmp_path)
    summary = proc.stdout.strip().splitlines()[-1]
    if error is None:
        assert proc.returncode == 0 and "failed" not in summary, proc.stdout[-2000:]
    else:
        assert " 1 failed" in f" {summary}" and error in proc.stdout, proc.stdout[-2000:]


@pytest.mark.parametrize("name", PROGRAMS)
def test_incremental_reanalysis_equals_a_full_one(name: str) -> None:
    """The editor's re-analysis after an edit (a case's or a fixture's value changed, a test's
    line edited, a function deleted...) reports what a full analysis of the new text does, or
    says it may not (`exact` False: the server confirms it with a full analysis)."""
    from test_incremental import _edits, _signature

    from jax_lsp.analysis.incremental import IncrementalAnalyzer

    source = PROGRAMS[name][0]
    path = f"test_{name}.py"
    analyzer = IncrementalAnalyzer()
    assert _signature(analyzer.analyze(source, path)) == _signature(
        analyze_source(source, path))
    flipped = source.replace("True", "__T__").replace("False", "True").replace("__T__", "False")
    for version in [flipped, source, *_edits(source)]:
        got = analyzer.analyze(version, path)
        assert not got.exact or _signature(got) == _signature(
            analyze_source(version, path)), version
