"""Mechanisms behind false positives and misses on programs written blind (without reading
jax_lsp), each pinned on a minimal program of our own. Every expectation was checked by
running the program under JAX 0.10.2 (what it raised, or that it ran, is said per case)."""

from __future__ import annotations

import textwrap

from jax_lsp.analysis import analyze_source

HEADER = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
"""

HOST = """\
def host(x):
    return jax.pure_callback(lambda a: a, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""


def findings(body: str) -> list[tuple[int, str]]:
    """(line within `body`, code) of each finding of HEADER + body."""
    result = analyze_source(HEADER + textwrap.dedent(body), "t.py")
    assert result.error is None
    offset = HEADER.count("\n")
    return sorted((f.span.line - offset, f.code) for f in result.findings)


def test_while_loop_cond_sees_primals_only() -> None:
    # JAX: jvp through a while_loop whose cond_fun calls a pure_callback runs (the cond is
    # evaluated on the primal carry); the same callback in the body raises the JVP error.
    in_cond = HOST + """\
def f(a):
    return lax.while_loop(lambda c: ~(host(c) > 4.0), lambda c: c * 2.0, a)
jax.jvp(f, (1.0,), (1.0,))
"""
    in_body = HOST + """\
def f(a):
    return lax.while_loop(lambda c: c < 4.0, lambda c: host(c), a)
jax.jvp(f, (1.0,), (1.0,))
"""
    assert findings(in_cond) == []
    assert findings(in_body) == [(2, "JAX001")]


def test_python_branch_on_a_staged_tracer_ends_the_path() -> None:
    # JAX: under jit, `if a < 0.5` / `... if a > 0 else ...` on the differentiated argument
    # raise TracerBoolConversionError before the callback; eager grad takes the branch and
    # reaches the callback (JVP error); `b is None` converts nothing (JVP error).
    jit_if = HOST + """\
def g(a):
    if a < 0.5:
        return a
    return host(a)
jax.grad(jax.jit(g))(1.0)
"""
    jit_ifexp = HOST + """\
def g(a):
    return host(a) if a > 0 else a
jax.grad(jax.jit(g))(1.0)
"""
    eager_if = jit_if.replace("jax.grad(jax.jit(g))", "jax.grad(g)")
    jit_is_none = HOST + """\
def g(a, b=None):
    if b is None:
        return host(a)
    return a
jax.grad(jax.jit(g))(1.0)
"""
    assert findings(jit_if) == []
    assert findings(jit_ifexp) == []
    assert findings(eager_if) == [(2, "JAX001")]
    assert findings(jit_is_none) == [(2, "JAX001")]


def test_a_transform_in_a_registry_runs_only_when_looked_up() -> None:
    # JAX: a jacfwd stored in a module-level dict that is only read at another key is never
    # traced (runs); read through `.items()` it is called (JVP error).
    registry = HOST + """\
D = {"value": host, "slope": jax.jacfwd(host)}
def run(x, which=("value",)):
    return {k: D[k](x) for k in which}
run(jnp.ones(2))
"""
    by_items = HOST + """\
D = {"value": host, "slope": jax.jacfwd(host)}
def run(x):
    return {k: f(x) for k, f in D.items()}
run(jnp.ones(2))
"""
    by_key = registry.replace("which=(\"value\",)", "which=(\"slope\",)")
    assert findings(registry) == []
    assert findings(by_items) == [(2, "JAX001")]
    assert findings(by_key) == [(2, "JAX001")]


FACTORY = """\
def host_op(derivative=None):
    def wrap(fn):
        def call(x):
            return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        if derivative is None:
            return call
        op = jax.custom_jvp(call)
        op.defjvp(lambda p, t: (op(p[0]), derivative(p[0]) * t[0]))
        return op
    return wrap
"""


def test_is_none_on_a_known_value_takes_one_branch() -> None:
    # JAX: the op built with a derivative differentiates through its custom_jvp (runs); the
    # one built without is the raw callback (JVP error). A name that may still be None after
    # a branch keeps both paths (JVP error on the None path).
    with_rule = FACTORY + """\
tanh = host_op(derivative=lambda x: 1 - jnp.tanh(x) ** 2)(np.tanh)
sign = host_op()(np.sign)
jax.grad(lambda x: tanh(x).sum())(jnp.ones(2)), sign(jnp.ones(2))
"""
    raw = FACTORY + """\
sign = host_op()(np.sign)
jax.grad(lambda x: sign(x).sum())(jnp.ones(2))
"""
    maybe_none = HOST + """\
def g(a, use_exact):
    rule = None
    if use_exact:
        rule = jnp.sin
    if rule is None:
        return host(a)
    return rule(a)
jax.grad(g)(1.0, False)
"""
    assert findings(with_rule) == []
    assert findings(raw) == [(4, "JAX001")]
    assert findings(maybe_none) == [(2, "JAX001")]
