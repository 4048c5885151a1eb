"""A `lax.switch` / `lax.cond` whose index is known when it runs (a Python int or bool, or
one handed to jit: `Value.runs_as`) runs only the selected branch's callback hosts
(`higher_order._branch_runs`); every branch runs where the index is not known or a vmap
batches it. Each label measured on JAX 0.10.2 (but `int(input())`, which the analysis cannot
know: it keeps the finding)."""

from __future__ import annotations

import textwrap

from jax_lsp.analysis.engine import analyze_source

PROGRAM = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax


    def host(u):
        return np.asarray(u)


    def pick(i, u):
        return lax.switch(i, [
            lambda u: u + 1.0,
            lambda u: jax.pure_callback(host, jax.ShapeDtypeStruct(u.shape, u.dtype), u,
                                        vectorized=True),
        ], u)


    step = jax.jit(pick)
    {calls}
""")


def _lines(calls: str) -> list[int]:
    source = PROGRAM.format(calls=calls)
    return sorted(f.span.line for f in analyze_source(source, "prog.py").findings
                  if f.code == "JAX012")


def test_an_index_handed_to_jit_selects_the_branch_that_runs() -> None:
    assert _lines("print(step(0, jnp.ones(2)))") == []
    assert _lines("print(step(1, jnp.ones(2)))") == [14]
    assert _lines("print(pick(0, jnp.ones(2)))") == []  # (eagerly: a Python int)


def test_a_memoised_call_with_another_index_is_its_own() -> None:
    # the second call is not served by the first's evaluation (its index is part of the key)
    assert _lines("print(step(0, jnp.ones(2)), step(1, jnp.ones(2)))") == [14]
    assert _lines("print(step(1, jnp.ones(2)), step(0, jnp.ones(2)))") == [14]


def test_an_index_past_the_branches_is_clamped() -> None:
    assert _lines("print(step(7, jnp.ones(2)))") == [14]
    assert _lines("print(step(-3, jnp.ones(2)))") == []


def test_an_unknown_or_batched_index_runs_every_branch() -> None:
    assert _lines("print(step(int(input()), jnp.ones(2)))") == [14]
    # a vmap batching the index turns the switch into a select: each branch runs
    assert _lines("print(jax.vmap(step, in_axes=(0, None))(jnp.array([0, 0]), jnp.ones(2)))"
                  ) == [14]
