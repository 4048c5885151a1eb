"""Batching (JAX008 beyond custom_jvp rules); custom_vjp on a custom_jvp rule's tangents (JAX006).

What JAX does is established by the corpus programs run under JAX (tests/rules/<CODE>/:
vmap_*, grad_of_vmap_*, lax_map_batch_size_*, vectorize_*, custom_vjp_host_bwd_*,
custom_jvp_rule_custom_vjp_*); these tests pin the analysis's decisions on small variations.
"""

from __future__ import annotations

import textwrap

from test_semantics import JVP_RULE

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.fixes.registry import fixes_for

HEADER = """\
import functools
import jax
import jax.numpy as jnp
import numpy as np


def host(x):
    return jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def host_seq(x):
    return jax.pure_callback(
        np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential"
    )
"""


#: the line of `host`'s callback, relative to the end of HEADER
_HOST_CALL = "    return jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)"
HOST = HEADER.splitlines().index(_HOST_CALL) + 1 - len(HEADER.splitlines())


def codes(body: str) -> list[tuple[str, int]]:
    src = HEADER + textwrap.dedent(body)
    result = analyze_source(src, "t.py")
    assert result.error is None
    first = len(HEADER.splitlines())
    return sorted((f.code, f.span.line - first) for f in result.findings)


def test_vmap_batches_only_mapped_arguments() -> None:
    assert codes("""
        def f(w, x):
            return host(w) + x
        jax.vmap(f, in_axes=(None, 0))(1.0, jnp.ones(3))
    """) == []
    assert codes("""
        def f(w, x):
            return host(x) + w
        jax.vmap(f, (None, 0))(1.0, jnp.ones(3))
    """) == [("JAX008", HOST)]


def test_vmap_method_or_no_batch_no_finding() -> None:
    assert codes("""
        jax.vmap(host_seq)(jnp.ones(3))
        host(jnp.ones(3))
        jax.lax.map(host, jnp.ones(3))
    """) == []


def test_keyword_arguments_and_partial_decorators_are_batched() -> None:
    assert codes("""
        @functools.partial(jax.vmap, in_axes=0)
        def f(x):
            return host(x)
        f(jnp.ones(3))
    """) == [("JAX008", HOST)]
    assert codes("""
        jax.vmap(lambda x: host(x))(x=jnp.ones(3))
    """) == [("JAX008", HOST)]


def test_innermost_transform_decides_between_batching_and_jvp_errors() -> None:
    # vmap(grad(f)) raising the JVP error was measured under JAX 0.10.2; it has no corpus
    # program because the corpus's fix check would still meet the batching error after the fix
    assert codes("""
        jax.grad(lambda w: jnp.sum(jax.vmap(host)(w * jnp.ones(3))))(1.0)
    """) == [("JAX008", HOST)]
    assert codes("""
        jax.vmap(jax.grad(lambda x: jnp.sum(host(x))))(jnp.ones((2, 3)))
    """) == [("JAX001", HOST)]


def test_batch_ends_with_the_vmap() -> None:
    assert codes("""
        ys = jax.vmap(jnp.sin)(jnp.ones(3))
        host(ys)
    """) == []


def test_message_names_the_batching_transform_and_offers_no_tangent_fix() -> None:
    src = HEADER + "jax.lax.map(host, jnp.ones((4, 2)), batch_size=2)\n"
    (f,) = analyze_source(src, "t.py").findings
    assert f.code == "JAX008"
    assert "has no `vmap_method` and its operands are batched by `jax.lax.map`" in f.message
    # the tangent fixes (a linear map, a custom_jvp rule) do not apply to a batching error
    assert [fix.kind for fix in fixes_for(src, f) if fix.kind != FixKind.SUPPRESS] == []


CUSTOM_VJP_BWD = textwrap.dedent("""
    @jax.custom_vjp
    def g(x):
        return x * 2.0
    def g_fwd(x):
        return x * 2.0, x
    def g_bwd(r, ct):
        return ({},)
    g.defvjp(g_fwd, g_bwd)
""")


def test_jacrev_batches_cotangents_not_residuals() -> None:
    on_ct = CUSTOM_VJP_BWD.format("host(ct)")
    on_res = CUSTOM_VJP_BWD.format("host(r) * ct")
    assert codes(on_ct + "jax.jacrev(g)(jnp.ones(3))\n") == [("JAX008", HOST)]
    assert codes(on_res + "jax.jacrev(g)(jnp.ones(3))\n") == []
    # grad does not batch its cotangent
    assert codes(on_ct + "jax.grad(lambda x: jnp.sum(g(x)))(jnp.ones(3))\n") == []
    # an outer vmap batches the residual, not (knowably) the cotangent
    vmapped_grad = "jax.vmap(jax.grad(lambda x: jnp.sum(g(x))))(jnp.ones((2, 3)))\n"
    assert codes(on_res + vmapped_grad) == [("JAX008", HOST)]
    assert codes(on_ct + vmapped_grad) == []


#: a custom_vjp `cv`, then a custom_jvp `f` whose rule's tangent (`{}`) the tests fill
RULE = textwrap.dedent("""
    @jax.custom_vjp
    def cv(t):
        return t * 2.0
    cv.defvjp(lambda t: (t * 2.0, None), lambda _, g: (g * 2.0,))
""") + textwrap.dedent(JVP_RULE.format("f(x), {}"))


def test_custom_vjp_on_rule_tangents_is_a_transpose_error_under_reverse_mode() -> None:
    on_t = RULE.format("cv(t) * jnp.cos(x)")
    line = len(on_t.splitlines())
    assert codes(on_t + "jax.grad(lambda x: jnp.sum(f(x)))(jnp.ones(2))\n") == [("JAX006", line)]
    assert codes(on_t + "jax.jacrev(f)(jnp.ones(2))\n") == [("JAX006", line)]
    # forward mode never transposes; vjp transposes only when the pullback is called
    assert codes(on_t + "jax.jvp(f, (jnp.ones(2),), (jnp.ones(2),))\n") == []
    assert codes(on_t + "jax.jacfwd(f)(jnp.ones(2))\n") == []
    assert codes(on_t + "jax.linearize(f, jnp.ones(2))\n") == []
    assert codes(on_t + "y, pull = jax.vjp(f, jnp.ones(2))\n") == []
    assert codes(on_t + "y, pull = jax.vjp(f, jnp.ones(2))\npull(y)\n") == [("JAX006", line)]
    # a custom_vjp on the primal only leaves the tangent map transposable
    on_x = RULE.format("cv(jnp.cos(x)) * t")
    assert codes(on_x + "jax.grad(lambda x: jnp.sum(f(x)))(jnp.ones(2))\n") == []


def test_function_that_only_batches_is_an_entry_point_for_jax008() -> None:
    """A function nothing calls that vmaps a callback without vmap_method (a test method, a
    handler) is analysed as an entry point; one calling a module-level vmapped function too
    (jax's tests/python_callback_test.py, test_vmap_method_raise)."""
    assert codes("""
        def test_batched():
            @jax.vmap
            def f(x):
                return host(x)
            return f(jnp.ones(3))
    """) == [("JAX008", HOST)]
    assert codes("""
        batched = jax.vmap(host)
        def test_batched():
            return batched(jnp.ones(3))
    """) == [("JAX008", HOST)]
    assert codes("""
        def test_batched():
            return jax.vmap(host_seq)(jnp.ones(3))
    """) == []


def test_function_that_only_batches_reports_no_derivative() -> None:
    """Such an entry point names no differentiation transform: what the functions it calls
    differentiate is decided by their own entry points (with their unknown arguments), not
    by the arguments it passes them."""
    assert codes("""
        class Pullback:
            def __call__(self, fn, x):
                out, back = jax.vjp(fn, x)
                return back(out)
        pull = Pullback()
        def evaluate(xs):
            return jax.vmap(lambda x: x * 2.0)(xs), pull(host, xs)
    """) == []
    assert codes("""
        def evaluate(xs):
            return jax.vmap(lambda x: x * 2.0)(xs), jax.vjp(host, xs)
    """) == [("JAX001", HOST)]


_LINEN = """
    import flax.linen as nn

    class Cell(nn.Module):
        @nn.compact
        def __call__(self, x, z=None):
            h = nn.Dense(3)(x)
            return host({on})

        def encode(self, x):
            return x

    class Outer(nn.Module):
        @nn.compact
        def __call__(self, x):
            return nn.vmap(Cell, {lift})()(x{extra})

    m = Outer()
    v = m.init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
    m.apply(v, jnp.ones((2, 3)))
"""


def _linen(on: str, lift: str, extra: str = "") -> list[str]:
    return [c for c, _ in codes(_LINEN.format(on=on, lift=lift, extra=extra))]


def test_lifted_vmap_batches_what_its_axes_map() -> None:
    """flax's nn.vmap, as these programs behaved under flax 0.12.8 when written (the corpus's
    tests/rules/JAX013/*linen_vmap* are run by the oracle): the parameters are batched when
    `variable_axes` maps "params" (or every collection, `True`), not when it maps another
    collection or none; keyword arguments are not handed on (the callee gets `z=None`)."""
    rngs = 'split_rngs={"params": False}'
    shared = f'in_axes=None, axis_size=2, variable_axes={{"params": None}}, {rngs}'
    assert _linen("h", 'in_axes=None, axis_size=2, variable_axes={True: 0}, '
                       'split_rngs={"params": True}') == ["JAX008"]
    assert _linen("h", 'in_axes=None, axis_size=2, variable_axes={"params": None, '
                       f'"batch_stats": 0}}, {rngs}') == []
    assert _linen("h", shared) == []
    mapped = f'in_axes=0, variable_axes={{"params": None}}, {rngs}'
    assert _linen("x", mapped) == ["JAX008"]
    assert _linen("z", mapped, ", z=x") == []
    # only another method lifted: `__call__` runs unbatched
    assert _linen("x", mapped + ', methods=["encode"]') == []


def test_nested_lifted_vmaps_each_batch() -> None:
    lift = 'variable_axes={"params": None}, split_rngs={"params": False}'
    src = _LINEN.format(on="x", lift=f"in_axes=None, axis_size=2, {lift}", extra="").replace(
        "nn.vmap(Cell, ", f"nn.vmap(nn.vmap(Cell, in_axes=0, {lift}), ")
    assert [c for c, _ in codes(src)] == ["JAX008"]
