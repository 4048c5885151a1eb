"""Interpretations of calls carried from one version to the next (`carried_calls`).

A root an edit changed runs again; the calls it makes of functions the edit left alone are
answered with the previous version's interpretations. Edits of those functions, of what they
read, of custom rules they reach, and roots storing into shared state must make them run
again: every result equals a full analysis (but for the wording of a finding when a root
stores into a global, which the result then says it may get wrong: inexact).
"""

from __future__ import annotations

import pytest
from test_incremental import _signature

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer

MODULE = '''\
import jax
import jax.numpy as jnp

RATE = 0.5
FLAG = jnp.sin
SPEC = jax.ShapeDtypeStruct((), jnp.float32)


def host(x):
    return x


def leaf(x):
    return FLAG(x) * RATE


def middle(x):
    return leaf(x) + leaf(x * 2.0)


def deep(x):
    return middle(x) * middle(x + 1.0)


def reaches_callback(x):
    return jax.pure_callback(host, SPEC, x)


@jax.custom_jvp
def smooth(x):
    return jnp.tanh(x)


@smooth.defjvp
def smooth_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return smooth(x), t


def uses_rule(x):
    return smooth(x) + deep(x)


def loss(x):
    return deep(x) + uses_rule(x)


def train(x):
    return jax.grad(loss)(x)


def other(x):
    return jax.grad(deep)(x)


def edited(x):
    y = x
    return jax.grad(deep)(y) + jax.grad(reaches_callback)(y)
'''

EDITS = [
    # inside the root only: the calls it makes are carried
    ("    y = x\n", "    y = x * 1.0\n"),
    # a function the carried interpretations ran
    ("    return FLAG(x) * RATE\n", "    return reaches_callback(x) * RATE\n"),
    ("    return FLAG(x) * RATE\n", "    return jax.lax.stop_gradient(FLAG(x))\n"),
    # what they read at module level
    ("RATE = 0.5", "RATE = None"),
    ("RATE = 0.5", "RATE = jax.pure_callback"),
    # a custom rule they reach
    ("    return smooth(x), t\n", "    return smooth(x), reaches_callback(t)\n"),
    # a root storing into a global (shared state)
    ("def other(x):\n", "def other(x):\n    global RATE\n    RATE = x\n"),
    ("def other(x):\n", "def other(x):\n    global FLAG\n    FLAG = reaches_callback\n"),
    ("FLAG = jnp.sin", "FLAG = reaches_callback"),
    # the callback no longer reached
    ("    return jax.pure_callback(host, SPEC, x)\n", "    return x\n"),
]


@pytest.mark.parametrize("old, new", EDITS, ids=[str(i) for i in range(len(EDITS))])
def test_carried_calls_equal_a_full_analysis(old: str, new: str) -> None:
    assert old in MODULE
    edited = MODULE.replace(old, new, 1)
    typed = MODULE.replace("    y = x\n", "    y = x + 0.0\n")
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    typed_again = MODULE.replace("    y = x\n", "    y = x + 1.0\n")
    for version in (typed, MODULE, edited, MODULE, typed, edited, typed_again, edited):
        got = analyzer.analyze(version, "m.py")
        if got.exact or "global" not in version:
            # a root storing into a global words findings by the order roots ran in: such a
            # result is marked inexact (and confirmed by a full analysis), as before
            assert _signature(got) == _signature(analyze_source(version, "m.py")), version


def test_a_root_run_again_reuses_the_calls_of_unchanged_functions() -> None:
    assert analyze_source(MODULE).findings
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    for i in range(3):
        version = MODULE.replace("    y = x\n", f"    y = x * {i + 2}.0\n")
        got = analyzer.analyze(version, "m.py")
        assert got.exact and _signature(got) == _signature(analyze_source(version, "m.py"))
        assert analyzer.roots_run >= 1 and analyzer.carried_calls >= 1
