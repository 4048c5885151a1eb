"""A test module's runner drives its test methods (`analysis/testcase_driver.py`): a `test*`
method of a `TestCase` that `unittest.main()` runs is analysed on an instance its `setUp` /
`setUpClass` prepared; one the runner does not run is analysed as any method. Each program
also runs under JAX (the runner's report says what JAX raised)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from jax_lsp.analysis.engine import analyze_source

BASE = '''\
import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def _record(x):
    return np.zeros((), np.int32)


class Logger:
    def __init__(self, ordered):
        self.ordered = ordered

    def step(self, x):
        io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=self.ordered)
        return x * 2.0


class LoggerTest(unittest.TestCase):

    def setUp(self):
        self.logger = Logger(True)

    def test_batched(self):
        out = jax.vmap(self.logger.step)(jnp.arange(3.0))
        self.assertEqual(out.shape, (3,))


if __name__ == "__main__":
    unittest.main()
'''

CLASS_FIXTURE = BASE.replace(
    "    def setUp(self):\n        self.logger = Logger(True)\n",
    "    @classmethod\n    def setUpClass(cls):\n        cls.logger = Logger(True)\n",
)

#: program -> (its source, whether JAX013 is reported (or the code that is), what the runner
#: reports under JAX)
PROGRAMS = {
    "set_up_ordered": (BASE, True, "Cannot `vmap` ordered IO callback."),
    "set_up_class_ordered": (CLASS_FIXTURE, True, "Cannot `vmap` ordered IO callback."),
    "set_up_unordered": (BASE.replace("Logger(True)", "Logger(False)"), False, "OK"),
    # what the runner does not run stays as it was: never prepared by the fixtures
    "no_runner_call": (BASE.replace("    unittest.main()", "    pass"), False, None),
    "not_a_test_method": (BASE.replace("def test_batched", "def check_batched"), False,
                          "Ran 0 tests"),
    "not_a_test_case": (BASE.replace("class LoggerTest(unittest.TestCase)", "class LoggerTest"),
                        False, "Ran 0 tests"),
}


CASES = '''\
from absl.testing import absltest, parameterized
import numpy as np
import jax
import jax.numpy as jnp


def _host_double(x):
    return np.asarray(x) * 2.0


def double_on_host(x, **options):
    return jax.pure_callback(_host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **options)


class DoubleTest(parameterized.TestCase):

    @parameterized.named_parameters(("plain", {}), ("legacy", {"vectorized": True}))
    def test_double(self, options):
        x = jnp.arange(3.0)
        np.testing.assert_allclose(jax.jit(lambda v: double_on_host(v, **options))(x), 2 * x)


if __name__ == "__main__":
    absltest.main()
'''

#: the `options` dict of a case absl runs reaches pure_callback's `**`
PROGRAMS.update({
    "case_dict_vectorized": (CASES, "JAX012", "unexpected keyword argument 'vectorized'"),
    "case_dict_vmap_method": (
        CASES.replace('{"vectorized": True}', '{"vmap_method": "sequential"}'), False, "OK"),
})


SET_UP_OPTIONS = '''\
import unittest

import numpy as np
import jax
import jax.numpy as jnp


def _host_double(x):
    return np.asarray(x) * 2.0


def double_on_host(x, **options):
    return jax.pure_callback(_host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x, **options)


class DoubleTest(unittest.TestCase):

    def setUp(self):
        self.options = {"vectorized": True}

    def test_double(self):
        x = jnp.arange(3.0)
        np.testing.assert_allclose(jax.jit(lambda v: double_on_host(v, **self.options))(x), 2 * x)


if __name__ == "__main__":
    unittest.main()
'''

#: the `**` dict a test spreads is the one its `setUp` set on the instance
PROGRAMS.update({
    "set_up_options_vectorized": (SET_UP_OPTIONS, "JAX012",
                                  "unexpected keyword argument 'vectorized'"),
    "set_up_options_vmap_method": (
        SET_UP_OPTIONS.replace('{"vectorized": True}', '{"vmap_method": "sequential"}'),
        False, "OK"),
    "set_up_options_no_runner": (
        SET_UP_OPTIONS.replace("    unittest.main()", "    pass"), False, None),
})


ABSL_CASES = BASE.replace(
    "import unittest\n", "from absl.testing import absltest, parameterized\n").replace(
    "class LoggerTest(unittest.TestCase):\n\n"
    "    def setUp(self):\n        self.logger = Logger(True)\n\n"
    "    def test_batched(self):\n        out = jax.vmap(self.logger.step)(jnp.arange(3.0))\n",
    "class LoggerTest(parameterized.TestCase):\n\n    @parameterized.parameters(False, True)\n"
    "    def test_batched(self, ordered):\n"
    "        out = jax.vmap(Logger(ordered).step)(jnp.arange(3.0))\n",
).replace("    unittest.main()", "    absltest.main()")

ABSL_NAMED = ABSL_CASES.replace(
    "@parameterized.parameters(False, True)",
    '@parameterized.named_parameters(("plain", False), {"testcase_name": "ordered", '
    '"ordered": True})')

ABSL_SPREAD = ABSL_CASES.replace(
    "class LoggerTest", "ORDERINGS = [(False,), (True,)]\n\n\nclass LoggerTest").replace(
    "@parameterized.parameters(False, True)", "@parameterized.parameters(*ORDERINGS)")

#: absl runs a parameterized test once per case: the interpreter passes the cases' values
PROGRAMS.update({
    "absl_cases_ordered": (ABSL_CASES, True, "Cannot `vmap` ordered IO callback."),
    "absl_cases_unordered": (ABSL_CASES.replace("(False, True)", "(False, False)"), False,
                             "OK"),
    "absl_named_cases_ordered": (ABSL_NAMED, True, "Cannot `vmap` ordered IO callback."),
    "absl_named_cases_unordered": (ABSL_NAMED.replace('"ordered": True', '"ordered": False'),
                                   False, "OK"),
    "absl_spread_cases_ordered": (ABSL_SPREAD, True, "Cannot `vmap` ordered IO callback."),
    "absl_spread_cases_unordered": (ABSL_SPREAD.replace("(True,)]", "(False,)]"), False, "OK"),
})

NAMED_TUPLE_CASES = '''\
from typing import NamedTuple

from absl.testing import absltest, parameterized
import numpy as np
import jax
import jax.numpy as jnp


def host_cube(x):
    return np.power(np.asarray(x), 3).astype(np.float32)


class Variant(NamedTuple):
    label: str
    options: dict


CASES = [
    Variant("plain", {}),
    Variant("sequential", {"vmap_method": "sequential"}),
    Variant("legacy", {"vectorized": True}),
]


def cube(variant, x):
    return jax.pure_callback(host_cube, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             **variant.options)


class CubeTest(parameterized.TestCase):

    @parameterized.parameters(*CASES)
    def test_cube(self, label, options):
        x = jnp.arange(3.0)
        got = jax.jit(lambda v: cube(Variant(label, options), v))(x)
        np.testing.assert_allclose(got, x ** 3, err_msg=label)


if __name__ == "__main__":
    absltest.main()
'''

#: NamedTuple cases spread into `parameters(*CASES)`: each case's fields are the test's
#: arguments; the test rebuilds the record and a helper spreads `**variant.options`
PROGRAMS.update({
    "named_tuple_cases_vectorized": (NAMED_TUPLE_CASES, "JAX012",
                                     "unexpected keyword argument 'vectorized'"),
    "named_tuple_cases_vmap_method": (
        NAMED_TUPLE_CASES.replace('Variant("legacy", {"vectorized": True})',
                                  'Variant("expand", {"vmap_method": "expand_dims"})'),
        False, "OK"),
    "named_tuple_cases_host_takes_it": (
        NAMED_TUPLE_CASES.replace("def host_cube(x):", "def host_cube(x, vectorized=False):"),
        False, "OK"),
})


@pytest.mark.parametrize("name", PROGRAMS)
def test_findings_as_the_runner_runs_the_tests(name: str) -> None:
    source, fires, _ = PROGRAMS[name]
    codes = [f.code for f in analyze_source(source, f"{name}.py").findings]
    expected = [] if not fires else ["JAX013"] if fires is True else [fires]
    assert codes == expected, codes


@pytest.mark.parametrize("name", PROGRAMS)
def test_programs_behave_as_labelled_under_jax(name: str, tmp_path) -> None:
    pytest.importorskip("jax")
    source, _, reported = PROGRAMS[name]
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    proc = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          timeout=240, env=env, cwd=tmp_path)
    if reported is None:
        assert proc.returncode == 0 and "Ran" not in proc.stderr
    else:
        assert reported in proc.stderr, proc.stderr[-2000:]



@pytest.mark.parametrize("name", [n for n in PROGRAMS if n.startswith("absl_")])
def test_incremental_reanalysis_of_cases_equals_a_full_one(name: str) -> None:
    """After an edit (a case's value flipped, a line edited, a function deleted...) the
    editor's re-analysis reports what a full one does, or says it may not (`exact` False)."""
    from test_incremental import _edits, _signature

    from jax_lsp.analysis.incremental import IncrementalAnalyzer

    source = PROGRAMS[name][0]
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source, f"{name}.py")
    flipped = source.replace("True", "__T__").replace("False", "True").replace("__T__", "False")
    for version in [flipped, source, *_edits(source)]:
        got = analyzer.analyze(version, f"{name}.py")
        assert not got.exact or _signature(got) == _signature(
            analyze_source(version, f"{name}.py")), version
