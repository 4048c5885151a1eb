"""The escape analysis reads no code Python never runs: a function read only in a statement
after a `return`, `raise`, `break` or `continue` of its block (`own_code.after_a_jump`) is not
handed anywhere there, so it stays out of the entry points (tests/rules/JAX016/clean/
script-solver_table_dead_return.py)."""

from __future__ import annotations

import pytest

from jax_lsp.analysis import analyze_source

PROGRAM = '''
import jax
import jax.numpy as jnp


@jax.custom_vjp
def residual(E, M):
    return E - jnp.sin(E) - M


residual.defvjp(lambda E, M: (residual(E, M), E), lambda g: (g, -g))


def bisection(M, lo=0.0, hi=6.3):
    for _ in range(3):
        lo, hi = jnp.where(residual(0.5 * (lo + hi), M) < 0, 0.5 * (lo + hi), lo), hi
BODY


def newton(M):
    return M - residual(M, M) / jax.grad(residual)(M, M)


SOLVERS = {"bisection": bisection, "newton": newton}

if __name__ == "__main__":
    print(float(SOLVERS["bisection"](jnp.float32(1.2))))
'''


def _codes(body: str) -> list[str]:
    source = PROGRAM.replace("BODY", body)
    return [f.code for f in analyze_source(source, "script-solvers.py").findings]


@pytest.mark.parametrize("body", [
    "    return lo\n    return newton",
    "    raise ValueError(lo)\n    return newton",
    "    if lo is None:\n        return lo\n        print(newton)\n    return lo",
    "    for _ in range(2):\n        break\n        hi = newton\n    return lo",
    "    return lo\n    if hi:\n        chosen = newton\n        return chosen",
])
def test_a_read_after_a_jump_hands_the_function_nowhere(body: str) -> None:
    assert _codes(body) == []


@pytest.mark.parametrize("body", [
    "    if lo is None:\n        return newton\n    return lo",
    "    for _ in range(2):\n        hi = newton\n        break\n    return hi",
])
def test_a_read_before_the_jump_still_hands_it_on(body: str) -> None:
    assert _codes(body) == ["JAX016"]
