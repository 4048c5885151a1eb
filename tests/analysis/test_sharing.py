"""Interpretations shared between entry points (`sharing`) and summaries that keep to their own
entry point. The programs' outcomes under JAX 0.10.2 were checked by running them: in SHARED
both gradients raise "Pure callbacks do not support JVP"; in LEAK `jax.grad(loss_b)` runs (its
callback's operand is a constant) and so does `jax.grad(loss_a)` (no callback); in CHOICES
`train_two` raises it (its loop reaches the callback of the registry) and `train_one` runs."""

from __future__ import annotations

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.engine import AnalysisResult, parse
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.python import calls

HEAD = """import jax
import jax.numpy as jnp
import numpy as np


def host(y):
    return np.asarray(y) * 2.0
"""

SHARED = HEAD + """

def helper(x):
    y = jnp.sin(x) * 2.0
    return jax.pure_callback(host, jax.ShapeDtypeStruct(y.shape, y.dtype), y)


def loss_a(x):
    return jnp.sum(helper(x))


def loss_b(x):
    return jnp.sum(helper(x * 3.0))


def train_a(x):
    return jax.grad(loss_a)(x)


def train_b(x):
    return jax.grad(loss_b)(x)
"""

LEAK = HEAD + """

def h(x):
    return x * 2.0


def cbuser(y):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(y.shape, y.dtype), y)


def loss_a(x):
    return jnp.sum(h(x))


def loss_b(x):
    z = h(jnp.ones(3))
    return jnp.sum(cbuser(z)) + jnp.sum(x)


def train_a(x):
    return jax.grad(loss_a)(x)


def train_b(x):
    return jax.grad(loss_b)(x)
"""


def run(source: str) -> Interpreter:
    tree = parse(source, "m.py")
    assert not isinstance(tree, AnalysisResult)
    it = Interpreter(tree, source.splitlines(), path="m.py")
    it.run()
    return it


def test_a_callee_is_interpreted_once_for_the_levels_of_two_entry_points() -> None:
    it = run(SHARED)
    counts: dict[str, int] = {}
    for key, n in it.interpretations.items():  # counted per root
        if len(key) != 2:
            continue  # a callback host's run, counted apart (jax/host_runs.py)
        f = key[0]
        counts[f.name] = counts.get(f.name, 0) + n
    # one interpretation under the first entry point's level; the second one's reuses it
    # (without sharing: one per level)
    assert counts["helper"] == 1
    assert len(it.shared_memo) >= 1
    findings = list(it.findings.values())
    assert [f.code for f in findings] == ["JAX001"]
    # the finding counts for both entry points (an edit of either re-runs it)
    key = next(iter(it.findings))
    roots = {getattr(r, "name", r) for r in it.finding_roots[key]}
    assert {"train_a", "train_b"} <= roots


def test_sharing_changes_no_finding() -> None:
    shared = analyze_source(SHARED, "m.py").findings
    assert len(shared) == 1 and "train_a" not in shared[0].message
    assert shared[0].transform == "jax.grad"


def test_a_summary_carries_no_level_of_another_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # one interpretation per function: the second call of `h` gets the summary of the first,
    # made under `train_a`'s level; `loss_b`'s callback operand is a constant all the same
    monkeypatch.setattr(calls, "_MAX_CONTEXTS", 1)
    monkeypatch.setattr(calls, "_MAX_CONTEXTS_FREE", 1)
    assert analyze_source(LEAK, "m.py").findings == []


# Under JAX 0.10.2 `train` raises "Pure callbacks do not support JVP" (the eager call of
# `inner`); `branchy` alone runs eagerly under grad and raises TracerBoolConversionError under
# jit (checked by running both).
CONTEXTS = HEAD + """

def inner(x):
    y = jnp.sin(x) * 2.0
    return jax.pure_callback(host, y, y)


def branchy(x):
    if x > 0:
        return x
    return -x


def loss(x):
    return inner(x) + jax.jit(inner)(x) + branchy(x) + jax.jit(branchy)(x)


def train(x):
    return jax.grad(loss)(x)
"""


def test_a_callee_is_interpreted_once_for_contexts_it_does_not_read() -> None:
    it = run(CONTEXTS)
    counts: dict[str, int] = {}
    for key, n in it.interpretations.items():  # counted per root
        if len(key) != 2:
            continue  # a callback host's run, counted apart (jax/host_runs.py)
        f = key[0]
        counts[f.name] = counts.get(f.name, 0) + n
    # nothing in `inner` asks whether it is staged: its interpretation outside jit serves the
    # call under jit; `branchy`'s `if` on a tracer does ask (under jit it cannot run)
    assert counts["inner"] == 1
    assert counts["branchy"] == 2
    assert [f.code for f in it.findings.values()] == ["JAX001"]


CHOICES = HEAD + """

def cb(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)


REG = {"a": jnp.sin, "b": cb, "c": jnp.cos}


def pick(k, x):
    return REG[k](x)


def loss_one(x):
    total = 0.0
    for k in ["a", "c"]:
        total = total + pick(k, x)
    return total


def loss_two(x):
    total = 0.0
    for k in ["b", "c"]:
        total = total + pick(k, x)
    return total


def train_one(x):
    return jax.grad(loss_one)(x)


def train_two(x):
    return jax.grad(loss_two)(x)
"""


def test_calls_whose_arguments_differ_in_the_constants_they_may_be_share_nothing() -> None:
    # `pick(k, x)` with k one of "a", "c" and with k one of "b", "c": two interpretations
    findings = analyze_source(CHOICES).findings
    assert [(f.code, f.span.line) for f in findings] == [("JAX001", 11)]
