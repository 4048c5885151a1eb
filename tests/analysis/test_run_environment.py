"""The environment policy (`run_environment`): a variable the project does not declare is unset
where the program runs, a declared one has its value, one the program writes is not known; the
evaluator and the script reach read them alike."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.analysis.run_environment import Written, declared, written
from jax_lsp.analysis.values import NOCONST

#: name -> (the read, what Python gives with the variable unset)
READS = {
    "get_default": ('os.environ.get("JAX_LSP_T_A", "1")', "1"),
    "get_none": ('os.environ.get("JAX_LSP_T_A")', None),
    "getenv_default": ('os.getenv("JAX_LSP_T_A", "x")', "x"),
    "getenv_keyword_default": ('os.getenv("JAX_LSP_T_A", default="k")', "k"),
    "getenv_none": ('os.getenv("JAX_LSP_T_A")', None),
    "contains": ('"JAX_LSP_T_A" in os.environ', False),
    "not_contains": ('"JAX_LSP_T_A" not in os.environ', True),
    "lowered_default": ('os.environ.get("JAX_LSP_T_A", "True").lower() in ("1", "true")',
                        True),
    # `or` gives the operand Python picks, not a bool
    "or_fallback": ('os.getenv("JAX_LSP_T_A") or "fast"', "fast"),
    "and_chain": ('os.getenv("JAX_LSP_T_A", "") and "on"', ""),
    "imported_names": ('environ.get("JAX_LSP_T_A", "e") + (getenv("JAX_LSP_T_A") or "g")',
                       "eg"),
}


def _got(source: str, environment: dict[str, str] | None = None) -> object:
    tree = ast.parse(source)
    with declared(environment or {}):
        interp = Interpreter(tree, source.split("\n"), text=source)
        interp.run()
    return interp.module_scope.vars["got"].const


def _program(read: str) -> str:
    return f"import os\nfrom os import environ, getenv\ngot = {read}\n"


@pytest.mark.parametrize("name", sorted(READS))
def test_an_undeclared_variable_is_unset_as_python_reads_it(name: str) -> None:
    read, unset = READS[name]
    source = _program(read)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAX_LSP_T_")}
    run = subprocess.run([sys.executable, "-c", source + "print(repr(got))"], env=env,
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == repr(unset)
    assert _got(source) == unset


@pytest.mark.parametrize("name", sorted(READS))
def test_a_declared_variable_has_its_value_as_python_reads_it(name: str) -> None:
    read, _ = READS[name]
    source = _program(read)
    env = {**os.environ, "JAX_LSP_T_A": "yes"}
    run = subprocess.run([sys.executable, "-c", source + "print(repr(got))"], env=env,
                         capture_output=True, text=True, check=True)
    assert repr(_got(source, {"JAX_LSP_T_A": "yes"})) == run.stdout.strip()


def test_a_declared_variable_is_read_by_subscript() -> None:
    assert _got(_program('os.environ["JAX_LSP_T_A"]'), {"JAX_LSP_T_A": "v"}) == "v"
    # unset, Python raises KeyError: not followed, the value stays unknown
    assert _got(_program('os.environ["JAX_LSP_T_A"]')) is NOCONST


@pytest.mark.parametrize("write", [
    'os.environ["JAX_LSP_T_A"] = "0"',
    'os.environ.setdefault("JAX_LSP_T_A", "0")',
    'os.putenv("JAX_LSP_T_A", "0")',
    'del os.environ["JAX_LSP_T_A"]',
    'os.environ.update(JAX_LSP_T_A="0")',
    'os.environ[name] = "0"',
    'mock.patch.dict(os.environ, {"JAX_LSP_T_A": "0"})',
    'def test_it(monkeypatch):\n    monkeypatch.setenv("JAX_LSP_T_A", "0")',
])
def test_a_variable_the_program_writes_is_not_known(write: str) -> None:
    """Where the write happens relative to the read is not followed: its value is unknown,
    declared or not, wherever the write is."""
    source = _program('os.environ.get("JAX_LSP_T_A", "1")') + write + "\n"
    assert _got(source) is NOCONST
    assert _got(source, {"JAX_LSP_T_A": "2"}) is NOCONST


def test_another_variable_written_leaves_a_read_decided() -> None:
    source = _program('os.environ.get("JAX_LSP_T_A", "1")') + 'os.environ["OTHER"] = "0"\n'
    assert _got(source) == "1"


@pytest.mark.parametrize(("text", "found"), [
    ('x = os.environ.get("A")\ny = "B" in os.environ\nz = dict(os.environ)\n', Written()),
    ('os.environ["A"] = "1"\nos.environ.pop("B", None)\n', Written(frozenset({"A", "B"}))),
    ("os.environ.clear()\n", Written(every=True)),
    ("env = os.environ\n", Written(every=True)),
    ("run(env=os.environ)\n", Written(every=True)),
    ("x = 1\n", Written()),
])
def test_the_variables_a_text_writes(text: str, found: Written) -> None:
    assert written("import os\n" + text) == found


SCRIPT = textwrap.dedent("""
    import os

    import jax
    import jax.numpy as jnp
    import numpy as np


    def host(x):
        return np.asarray(jnp.sin(x))


    def strict_run(x):
        return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


    def plain_run(x):
        return jnp.sin(x)


    if __name__ == "__main__":
        if os.environ.get("JAX_LSP_T_STRICT") == "1":
            print(jax.jit(strict_run)(jnp.ones(3)))
        else:
            print(jax.jit(plain_run)(jnp.ones(3)))
""")


def test_the_script_reach_reads_the_declared_variables() -> None:
    """Unset, the branch calling `strict_run` never runs and its host's JAX011 goes; declared
    "1", the script's run takes it."""
    assert analyze_source(SCRIPT, "script.py").findings == []
    cfg = AnalysisConfig(environment={"JAX_LSP_T_STRICT": "1"})
    assert {f.code for f in analyze_source(SCRIPT, "script.py", cfg).findings} == {"JAX011"}
    # a script that sets the variable itself: the branch is not decided, the finding stays
    wrote = SCRIPT.replace('if __name__ == "__main__":\n',
                           'if __name__ == "__main__":\n    os.environ["JAX_LSP_T_STRICT"] = "1"\n')
    assert {f.code for f in analyze_source(wrote, "script.py").findings} == {"JAX011"}
