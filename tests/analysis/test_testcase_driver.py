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

#: program -> (its source, whether JAX013 is reported, what the runner reports under JAX)
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


@pytest.mark.parametrize("name", PROGRAMS)
def test_fixtures_prepare_the_tests_the_runner_runs(name: str) -> None:
    source, fires, _ = PROGRAMS[name]
    codes = [f.code for f in analyze_source(source, f"{name}.py").findings]
    assert codes == (["JAX013"] if fires else []), codes


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
