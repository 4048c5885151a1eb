"""`jax.host_runs._unhosted`: a text-pass JAX012 at a callback call the evaluator never
evaluated where its host runs is dropped only where the evaluator ran the function holding
it, followed every path, and left the call out."""

from __future__ import annotations

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer

PROGRAM = '''
import functools
import jax
import jax.numpy as jnp
import numpy as np


def host(u, order):
    return np.asarray(u)


@functools.partial(jax.jit, static_argnums=1)
def derivative(u, order):
    spec = jax.ShapeDtypeStruct(u.shape, jnp.float32)
    if order > 1:
        return jax.pure_callback(host, spec, u, order, vectorized=False)
    return jax.pure_callback(host, spec, u, order)


if __name__ == "__main__":
    print(derivative(jnp.ones(3), ORDER))
'''


def _codes(source: str) -> list[tuple[str, int]]:
    return [(f.code, f.span.line) for f in analyze_source(source, "<reach>").findings]


def test_a_branch_a_static_argument_rules_out_drops_it() -> None:
    assert _codes(PROGRAM.replace("ORDER", "1")) == []
    assert _codes(PROGRAM.replace("ORDER", "2")) == [("JAX012", 16)]


def test_a_function_the_evaluator_never_ran_keeps_it() -> None:
    # nothing calls `derivative`: the text pass's finding stands
    never = PROGRAM.replace("    print(derivative(jnp.ones(3), ORDER))", "    pass")
    assert _codes(never) == [("JAX012", 16)]


def test_a_cut_analysis_keeps_it() -> None:
    # a recursion the evaluator cuts: a path it did not follow may reach the call
    cut = PROGRAM.replace("    return jax.pure_callback(host, spec, u, order)\n",
                          "    return jax.pure_callback(host, spec, u, order) + again(u)\n\n\n"
                          "def again(u):\n    return derivative(u, 1)\n")
    assert ("JAX012", 16) in _codes(cut.replace("ORDER", "1"))


def test_an_incremental_analysis_answers_as_a_full_one() -> None:
    analyzer = IncrementalAnalyzer()
    source = PROGRAM.replace("ORDER", "1")
    analyzer.analyze(source, "<reach>")
    edited = source.replace("print(derivative", "print(1, derivative")
    got = [(f.code, f.span.line) for f in analyzer.analyze(edited, "<reach>").findings]
    assert got == _codes(edited) == []


def test_a_partial_binding_the_callback_keeps_it() -> None:
    # the evaluator notes the callback's own calls only: a `partial`'s is not one
    bound = PROGRAM.replace(
        "        return jax.pure_callback(host, spec, u, order, vectorized=False)\n",
        "        cb = functools.partial(jax.pure_callback, host, vectorized=False)\n"
        "        return cb(spec, u, order)\n")
    assert [c for c, _ in _codes(bound.replace("ORDER", "1"))] == ["JAX012"]


WARMUP = '''
import jax
import jax.numpy as jnp
import numpy as np


def host(x):
    return np.asarray(x, dtype=np.float32)


def ext(x, kw):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **kw)


def bench(cfg, x, n_warmup):
    warm = dict(cfg, cb=cfg["cb"] | {"vectorized": True})
    for _ in range(n_warmup):
        ext(x, warm["cb"])
    return ext(x, cfg["cb"])


if __name__ == "__main__":
    print(bench({"cb": {}}, jnp.ones(3), n_warmup=N))
'''


def test_a_loop_over_an_empty_range_runs_no_pass() -> None:
    assert _codes(WARMUP.replace("N))", "0))")) == []
    assert _codes(WARMUP.replace("N))", "1))")) == [("JAX012", 12)]


def test_a_keyword_given_in_a_function_never_run_is_dropped() -> None:
    # the lambda giving `vectorized=` is never called: the loop calling it runs no pass
    lam = WARMUP.replace(
        "    for _ in range(n_warmup):\n        ext(x, warm[\"cb\"])\n",
        "    w = jax.jit(lambda y: ext(y, {\"vectorized\": True}))\n"
        "    for _ in range(n_warmup):\n        w(x)\n")
    assert _codes(lam.replace("N))", "0))")) == []
    assert _codes(lam.replace("N))", "2))")) == [("JAX012", 12)]


# Re-expressed from jcopo/pasoa's exptax/hankel.py (a Bessel factory of a library module):
# `generate_bessel` runs at import, but the custom_jvp `cv` it makes is only returned; its
# importers call it, with `vectorized=True` handed to the lambda host.
FACTORY = '''
import scipy.special
from jax import custom_jvp, pure_callback


def generate_bessel(function):
    @custom_jvp
    def cv(v, x):
        return pure_callback(lambda vx: function(*vx), x, (v, x), vectorized=True)

    @cv.defjvp
    def cv_jvp(primals, tangents):
        v, x = primals
        return cv(v, x), 0.5 * (cv(v - 1, x) - cv(v + 1, x)) * tangents[1]

    return RETURNED


hankel1 = generate_bessel(scipy.special.hankel1)
'''


def test_a_function_made_and_returned_unrun_keeps_it() -> None:
    # the function holding the call never ran, but it leaves its maker: others call it
    assert _codes(FACTORY.replace("RETURNED", "cv")) == [("JAX012", 9)]
    # ... as when a function of the maker that names it is returned
    wrapped = FACTORY.replace("    return RETURNED", "    def wrapper(x):\n"
                              "        return cv(0.0, x)\n\n    return wrapper")
    assert _codes(wrapped) == [("JAX012", 9)]
    # made and kept inside a maker that ran, never called: JAX never runs its host
    assert _codes(FACTORY.replace("RETURNED", "None")) == []
