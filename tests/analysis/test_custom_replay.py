"""custom_jvp/custom_vjp functions and the statements attaching their rules are replayed by the
incremental analysis (`replay.CustomRecipe`): each version gets its own function, made from the
recipe, with the rules set again. Edits of the functions, of their rules and of what attaches
them must still give a full analysis's result."""

from __future__ import annotations

import ast

import pytest
from test_incremental import _signature

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer

MODULE = """\
import jax
import jax.numpy as jnp
import numpy as np

SPEC = jax.ShapeDtypeStruct((), jnp.float32)


def host(x):
    return jax.pure_callback(np.sin, SPEC, x)


@jax.custom_jvp
def f(x):
    return host(x)


@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return f(x), t * jnp.cos(x)


def f_jvp_host(primals, tangents):
    (x,), (t,) = primals, tangents
    return f(x), host(t)


@jax.custom_vjp
def h(x):
    return host(x)


def h_fwd(x):
    return h(x), x


def h_bwd(res, g):
    return (g * jnp.cos(res),)


def h_bwd_host(res, g):
    return (host(g),)


h.defvjp(h_fwd, h_bwd)


def apply(fn, x):
    return fn(x)


def train_f(x):
    return jax.grad(f)(x)


def train_f_applied(x):
    return jax.grad(lambda y: apply(f, y))(x)


def train_h(x):
    return jax.grad(lambda y: apply(h, y))(x)


def other(x):
    return x + 1
"""

EDITS = [
    # the rules attached changed: a callback in the backward pass, or none
    ("h.defvjp(h_fwd, h_bwd)", "h.defvjp(h_fwd, h_bwd_host)"),
    ("h.defvjp(h_fwd, h_bwd)", ""),
    ("h.defvjp(h_fwd, h_bwd)", "h.defvjp(h_fwd, h_bwd)\nh.defvjp(h_fwd, h_bwd_host)"),
    ("@f.defjvp\ndef f_jvp(", "def f_jvp("),
    ("    return f(x), t * jnp.cos(x)\n", "    return f(x), host(t)\n"),
    ("def apply(fn, x):", "f.defjvp(f_jvp_host)\n\n\ndef apply(fn, x):"),
    # the functions themselves
    ("def h(x):\n    return host(x)", "def h(x):\n    return jnp.sin(x)"),
    ("@jax.custom_vjp\ndef h(x):", "def h(x):"),
    ("@jax.custom_jvp\ndef f(x):", "def f(x):"),
    ("@jax.custom_vjp\ndef h(x):", "@jax.custom_jvp\ndef h(x):"),
    ("def other(x):", "h = jax.custom_vjp(h_fwd)\n\n\ndef other(x):"),
    # lines inserted above everything
    ("SPEC = ", "# a comment\n\nSPEC = "),
]


@pytest.mark.parametrize("old, new", EDITS, ids=[f"{i}" for i in range(len(EDITS))])
def test_an_edit_of_custom_functions_or_their_rules_equals_a_full_analysis(
    old: str, new: str
) -> None:
    """The edit, its undoing, the edit again, and an unrelated edit: each equals a full
    analysis."""
    assert old in MODULE
    edited = MODULE.replace(old, new, 1)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    typed = edited.replace("    return x + 1\n", "    return x + 2\n")
    for version in (edited, MODULE, edited, typed):
        got = analyzer.analyze(version, "m.py")
        assert _signature(got) == _signature(analyze_source(version, "m.py")), version


def test_the_edits_change_findings() -> None:
    """The edits above matter: several change the findings (a callback differentiated or not)."""
    base = _signature(analyze_source(MODULE, "m.py"))
    changed = [
        _signature(analyze_source(MODULE.replace(old, new, 1), "m.py")) != base
        for old, new in EDITS
    ]
    assert sum(changed) >= 4


def test_an_unrelated_edit_replays_the_custom_functions_and_their_rules() -> None:
    """Typing in another function: every statement but the imports and the edited function
    is replayed (custom functions and `defjvp`/`defvjp` used to run again every version)."""
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    for n in (2, 3, 4):
        edited = MODULE.replace("    return x + 1\n", f"    return x + {n}\n")
        got = analyzer.analyze(edited, "m.py")
        assert got.exact and _signature(got) == _signature(analyze_source(edited, "m.py"))
        body = ast.parse(edited).body
        imports = sum(isinstance(s, (ast.Import, ast.ImportFrom)) for s in body)
        assert analyzer.statements_replayed == len(body) - imports - 1
