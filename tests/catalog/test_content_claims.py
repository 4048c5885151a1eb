"""Claims the entries' prose makes about what JAX does, each checked by running JAX 0.10.2."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle import run_program

pytestmark = pytest.mark.jax_run

CUSTOM_VJP = """
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


def bwd(cos_x, g):
    return (cos_x * g,)


{fwd}
f.defvjp(fwd, bwd)
print(jax.hessian(f)(1.0))
"""


def _run(tmp_path: Path, code: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "claim.py"
    path.write_text(code, encoding="utf-8")
    return run_program(path)


def test_hessian_of_custom_vjp_raises_when_fwd_calls_the_function(tmp_path: Path) -> None:
    """custom-vjp-forward-mode: hessian raises when fwd calls the custom_vjp function..."""
    fwd = "def fwd(x):\n    return f(x), jnp.cos(x)\n"
    outcome = _run(tmp_path, CUSTOM_VJP.format(fwd=fwd))
    assert not outcome.ok and outcome.exception == "TypeError"
    assert "can't apply forward-mode autodiff (jvp) to a custom_vjp function" in outcome.message


def test_hessian_of_custom_vjp_works_when_fwd_is_plain_jax(tmp_path: Path) -> None:
    """...and works when fwd is written in plain JAX operations."""
    fwd = "def fwd(x):\n    return jnp.sin(x), jnp.cos(x)\n"
    assert _run(tmp_path, CUSTOM_VJP.format(fwd=fwd)).ok


INT_OUTPUT = """
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def g(x):
    return jnp.round(x).astype(jnp.int32)


@g.defjvp
def g_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = g(x)
    return y, {tangent}


print(jax.jvp(g, (1.2,), (1.0,)))
"""


def test_integer_output_needs_a_float0_tangent(tmp_path: Path) -> None:
    """custom-jvp-tangent-type: a float zero tangent for an integer output is rejected..."""
    outcome = _run(tmp_path, INT_OUTPUT.format(tangent="jnp.zeros_like(t)"))
    assert not outcome.ok and outcome.exception == "TypeError"
    assert "Expected float0[] (tangent type of int32[])" in outcome.message


def test_numpy_float0_tangent_is_accepted(tmp_path: Path) -> None:
    """...and `np.zeros(y.shape, dtype=jax.dtypes.float0)` is accepted."""
    tangent = "np.zeros(jnp.shape(y), dtype=jax.dtypes.float0)"
    assert _run(tmp_path, INT_OUTPUT.format(tangent=tangent)).ok


def test_jnp_zeros_float0_works_in_the_installed_jax(tmp_path: Path) -> None:
    """float0-array-creation: JAX 0.10.2's jax.numpy builds float0 arrays."""
    code = "import jax, jax.numpy as jnp\nprint(jnp.zeros((3,), jax.dtypes.float0).dtype)\n"
    assert _run(tmp_path, code).ok
