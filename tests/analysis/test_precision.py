"""False positives found by running jax-lsp over JAX's own test suite, each pinned on a minimal
program of our own. What JAX does with each shape was checked by running JAX 0.10.2; the
runnable ones are also corpus programs (tests/corpus/rules/neg_*)."""

from __future__ import annotations

import textwrap

from jax_lsp.analysis import analyze_source

HEADER = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
"""


def codes_by_line(body: str) -> list[tuple[int, str]]:
    """(line within `body`, code) of each finding."""
    result = analyze_source(HEADER + textwrap.dedent(body), "t.py")
    assert result.error is None
    offset = HEADER.count("\n")
    return sorted((f.span.line - offset, f.code) for f in result.findings)


def test_the_dtype_keyword_decides_an_integer_input_not_the_literals() -> None:
    # JAX 0.10.2: lines 3-10 run or raise another error (7: "is not a valid JAX type");
    # lines 11-14 raise "grad requires real- or complex-valued inputs".
    assert codes_by_line("""\
        f = lambda x: x.sum()
        t = np.float32
        jax.grad(f)(np.array([0, 0], dtype=np.float32))
        jax.grad(f)(np.array([0, 0], t))
        jax.grad(f)(np.asarray([0, 0], dtype="float32"))
        jax.grad(f)(jnp.array([0, 0], dtype=float))
        jax.grad(f)(np.array([1, 2], dtype=object))
        jax.grad(f)(np.array([1, 2]).astype(np.float32))
        jax.grad(f)(jnp.asarray([1, 2], dtype=jnp.float32))
        jax.grad(f)(np.array([1, 2], dtype=unknown_dtype))
        jax.grad(f)(np.array([1.0, 2.0], dtype=np.int32))
        jax.grad(f)(np.array([1.0, 2.0], dtype=bool))
        jax.grad(f)(jnp.array([1, 2], dtype=None))
        jax.grad(f)(np.array([1, 2]))
    """) == [(11, "JAX010"), (12, "JAX010"), (13, "JAX010"), (14, "JAX010")]
