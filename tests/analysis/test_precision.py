"""False positives found by running jax-lsp over JAX's own test suite, each pinned on a minimal
program of our own. What JAX does with each shape was checked by running JAX 0.10.2; the
runnable ones are also corpus programs (tests/rules/JAX0NN/clean/neg_*)."""

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


def test_fori_loop_bounds_are_dynamic_only_where_jax_stages_the_loop() -> None:
    # JAX 0.10.2: eager grad/vjp/jacrev/hessian of a loop whose bounds derive from the
    # differentiated argument run (concrete bounds: a scan); under jit, vmap, checkpoint, a
    # cond branch, a scan body or a jit closure they raise the dynamic-bounds error.
    loops = "".join(
        f"def f{k}(x): return lax.fori_loop(0, x.astype(int) + 2, lambda i, c: c * x, x)\n"
        for k in range(1, 13)
    )
    assert codes_by_line(
        loops
        + """\
jax.grad(f1)(1.)
jax.vjp(f2, 1.)[1](1.)
jax.jacrev(f3)(1.)
jax.hessian(f4)(1.)
jax.grad(jax.grad(f5))(1.)
jax.grad(jax.jit(f6))(1.)
jax.jit(jax.grad(f7))(1.)
jax.vmap(jax.grad(f8))(jnp.ones(2))
jax.grad(jax.checkpoint(f9))(1.)
jax.grad(lambda x: lax.cond(True, f10, f10, x))(1.)
jax.grad(lambda x: lax.scan(lambda c, _: (f11(c), None), x, None, length=1)[0])(1.)
jax.grad(lambda x: jax.jit(lambda: f12(x))())(1.)
"""
    ) == [(k, "JAX009") for k in range(6, 13)]


def test_a_loop_is_transposed_only_if_its_tangent_reaches_the_output() -> None:
    # JAX 0.10.2: only the uses of l2 and l6 raise; a loop result behind stop_gradient, unused, its
    # integer counter used, or a pullback never called is never transposed.
    loops = "".join(
        f"def l{k}(p): return lax.while_loop(lambda v: v[0] < 3, "
        f"lambda v: (v[0] + 1, v[1] * p), (0, 1.0))\n"
        for k in range(1, 8)
    )
    assert codes_by_line(
        loops
        + """\
jax.grad(lambda p: lax.stop_gradient(l1(p)[1]) * p)(2.)
jax.grad(lambda p: l2(p)[1] * 0.)(2.)
jax.grad(lambda p: (l3(p), p)[1])(2.)
jax.grad(jax.jit(lambda p: lax.stop_gradient(l4(p)[1]) * p))(2.)
jax.grad(lambda p: l5(p)[0] + p)(2.)
jax.vjp(lambda p: l6(p)[1] + p, 2.)[1](1.)
jax.vjp(lambda p: l7(p)[1] + p, 2.)
"""
    ) == [(2, "JAX009"), (6, "JAX009")]


def test_a_batched_level_keeps_the_staging_around_it() -> None:
    # JAX 0.10.2: jit(hessian(f)) raises the dynamic-bounds error (eager hessian runs).
    assert codes_by_line("""\
        def f(x):
            return lax.fori_loop(0, x.astype(int) + 2, lambda i, c: c * x, x)
        jax.jit(jax.hessian(f))(1.)
    """) == [(2, "JAX009")]


def test_jvp_of_custom_vjp_only_traced_by_make_jaxpr_or_eval_shape() -> None:
    # JAX 0.10.2 raises the jvp-of-custom_vjp error when lowering or running the linearized
    # call, or at trace time once its tangents are batched: lines 4-8 run, 9-13 raise (12 is
    # reported at the fwd rule's call of `f`, which hessian differentiates).
    assert codes_by_line("""\
        @jax.custom_vjp
        def f(x): return x + 1
        f.defvjp(lambda x: (f(x), ()), lambda _, g: (g,))
        jax.make_jaxpr(lambda x: jax.jvp(f, (x,), (x,)))(jnp.ones(2))
        jax.eval_shape(lambda x: jax.jvp(f, (x,), (x,)), jnp.ones(2))
        jax.make_jaxpr(lambda x: jax.linearize(f, x)[1](x))(jnp.ones(2))
        jax.make_jaxpr(lambda x: jax.jvp(jax.jit(f), (x,), (x,)))(jnp.ones(2))
        jax.make_jaxpr(lambda x: jax.jvp(lambda y: f(y) * 2, (x,), (x,)))(jnp.ones(2))
        jax.make_jaxpr(jax.jacfwd(f))(jnp.ones(2))
        jax.eval_shape(jax.jacfwd(f), jnp.ones(2))
        jax.make_jaxpr(jax.vmap(lambda x: jax.jvp(f, (x,), (x,))))(jnp.ones(2))
        jax.make_jaxpr(jax.hessian(lambda y: f(y).sum()))(jnp.ones(2))
        jax.jit(lambda x: jax.jvp(f, (x,), (x,)))(jnp.ones(2))
    """) == [(3, "JAX005"), (9, "JAX005"), (10, "JAX005"), (11, "JAX005"), (13, "JAX005")]


def test_a_lambda_calling_a_local_transformed_function_is_an_entry_point() -> None:
    # Whether the lambda was analysed used to depend on its line's text: with a transform's name
    # elsewhere on the line (a message string) it was, on a continuation line of its own not.
    # (Not inside `assertRaises`: a test asserting the error is not reported, `asserted_errors`.)
    assert codes_by_line("""\
        import unittest
        class T(unittest.TestCase):
            def test(self):
                dfn = jax.grad(lambda x: x ** 2)
                self.assertIsNotNone(
                    msg="requires real-valued inputs",
                    obj=lambda: dfn(3))
                other = jnp.sin
                self.assertIsNotNone(
                    lambda: other(3))
    """) == [(7, "JAX010")]


def test_a_transform_spelled_through_jax_private_api_module() -> None:
    assert codes_by_line("""\
        from jax._src import api
        from jax._src.custom_derivatives import custom_vjp
        @custom_vjp
        def f(x): return jnp.sin(x)
        f.defvjp(lambda x: (f(x), jnp.cos(x)), lambda c, g: (c * g,))
        api.jvp(f, (3.,), (1.,))
    """) == [(6, "JAX005")]


HOLOMORPHIC_INTS = """\
f = lambda x: x * 1j
jax.grad(f, holomorphic=True)(3)
jax.jacfwd(f, holomorphic=True)(3)
jax.jacrev(f, holomorphic=True)(3)
jax.hessian(f, holomorphic=True)(3)
"""


def test_holomorphic_transforms_of_integers_raise_another_error_than_jax010() -> None:
    # JAX 0.10.2 raises "grad with holomorphic=True requires inputs with complex dtype, but got
    # int32" (jacfwd, jacrev, hessian alike), not JAX010's "... requires real-valued inputs":
    # each line is run under JAX here and its error checked against JAX010's message.
    import json
    import os
    import subprocess
    import sys

    from jax_lsp.codes import RULES

    lines = HOLOMORPHIC_INTS.splitlines()
    runner = HEADER + lines[0] + "\nimport json\nout = []\n" + "".join(
        f"try:\n    {line}\n    out.append(None)\n"
        f"except Exception as e:\n    out.append([type(e).__name__, str(e)])\n"
        for line in lines[1:]) + "print(json.dumps(out))\n"
    run = subprocess.run([sys.executable, "-c", runner], capture_output=True, text=True,
                         env={**os.environ, "JAX_PLATFORMS": "cpu"})
    outcomes = json.loads(run.stdout.splitlines()[-1])
    assert len(outcomes) == 4
    for exception, message in outcomes:
        assert exception == "TypeError" and "with holomorphic=True requires" in message
        assert not RULES["JAX010"].matches(exception, message)
    assert codes_by_line(HOLOMORPHIC_INTS) == []
