"""A function analysed in more contexts than the cap gets a summary of its results; a summary
must not carry the tangents of a differentiation that has finished.

Mechanism found in FLAIROx/JaxMARL's IPPO baselines (six false JAX003 findings, issue 30's
round-3 real repositories): the model's `__call__` ran once under `jax.value_and_grad` and
more than six times outside it, and the calls past the cap, made after the differentiation
had returned, were given its tangents. Each program here is run under JAX too."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jax_lsp.analysis import analyze_source

PROGRAM = """\
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def apply(p, x, k):
    return jnp.tanh(p * x) * k


def log(v):
    print("logged", v)


@jax.jit
def train(p, x):
    value, g = jax.value_and_grad(lambda p: jnp.sum(apply(p, x, 1.0){inside}))(p)
    p = p - 0.1 * g
    a = apply(p, x, 2.0)
    b = apply(p, x, 3.0)
    c = apply(p, x, 4.0)
    d = apply(p, x, 5.0)
    e = apply(p, x, 6.0)
    f = apply(p, x, 7.0)
    {outside}
    return p


print(train(jnp.float32(0.5), jnp.ones(3, jnp.float32)))
"""
LOG_AFTER = "io_callback(log, None, jnp.sum(f) + a[0] + b[0] + c[0] + d[0] + e[0])"
# the twin: the same logging inside the differentiated function raises
LOG_INSIDE = " + io_callback(lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), p)"

CASES = {
    "logged after the differentiation": (PROGRAM.format(inside="", outside=LOG_AFTER), False),
    "logged inside it": (PROGRAM.format(inside=LOG_INSIDE, outside="pass"), True),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_finding_only_where_jax_raises(name: str) -> None:
    source, raises = CASES[name]
    result = analyze_source(source, "prog.py")
    assert result.error is None
    assert [f.code for f in result.findings] == (["JAX003"] if raises else [])


@pytest.mark.parametrize("name", sorted(CASES))
def test_jax_agrees(name: str, tmp_path: Path) -> None:
    pytest.importorskip("jax")
    source, raises = CASES[name]
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent(source))
    run = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    assert (run.returncode != 0) == raises, run.stderr[-3000:]
    if raises:
        assert "IO callbacks do not support JVP" in run.stderr
