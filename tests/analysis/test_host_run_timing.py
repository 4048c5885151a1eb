"""When the evaluator runs a callback's host function (`jax/host_runs.py`, JAX011): when JAX
runs it. Never under `jax.eval_shape` / `jax.make_jaxpr` (only traced); a custom_vjp bwd's
callbacks on the call of `jax.vjp`'s pullback, not at the `vjp` (never if it is not called,
or only shape-evaluated); custom_linear_solve's `transpose_solve` only under reverse mode
(`grad`, a called `vjp` pullback), not when solved plainly nor under `jvp`; a `pure_callback`
whose result is not used never under `jit` (removed as dead code, also when a helper returns
it into a local never read; an io or debug callback runs).

Each program is checked twice: the evaluator's own JAX011 findings (the text pass, which reads
no transform, is left out: `engine.finish` merges it), and a run under JAX counting the host's
calls (the host appends to `RAN`), which is what decides the label.
"""

from __future__ import annotations

import ast

import pytest
from oracle import hosts_ran

from jax_lsp.analysis import engine
from jax_lsp.analysis.jax import host_runs

_HEAD = """\
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

RAN = []


def host(x):
    RAN.append(1)
    print(jnp.sin(np.asarray(x)))  # the JAX call on the host
"""

_VJP = _HEAD + """

@jax.custom_vjp
def clip(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, ct):
    jax.debug.callback(host, ct)
    return (ct,)


clip.defvjp(clip_fwd, clip_bwd)
x = jnp.ones(3)
out, pullback = jax.vjp(clip, x)
"""

_SOLVE = _HEAD + """

def t_host(d, r):
    RAN.append(1)
    return np.asarray(jnp.divide(np.asarray(r), np.asarray(d)))


d = jnp.arange(1.0, 4.0)


def solve(b):
    spec = jax.ShapeDtypeStruct(b.shape, b.dtype)
    return jax.lax.custom_linear_solve(
        lambda v: d * v, b,
        lambda _, r: r / d,
        lambda _, r: jax.pure_callback(t_host, spec, d, r))


def f(b):
    return jnp.sum(solve(b) ** 2)


b = jnp.ones(3)
"""

_TRACED = _HEAD + """

def f(x):
    io_callback(host, None, x)
    return x * 2
"""

_DROPPED = _HEAD + """

def phost(x):
    RAN.append(1)
    return np.asarray(jnp.sin(np.asarray(x)))


def f(x):
    jax.pure_callback(phost, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return x * 2
"""

_RETURNED = _DROPPED.replace("""def f(x):
    jax.pure_callback(phost, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return x * 2
""", """def probe(x):
    return jax.pure_callback(phost, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def f(x):
    seen = probe(x)
    return x * 2
""")

#: (program, whether the host runs: JAX011 from the evaluator)
PROGRAMS = {
    "eval_shape": (_TRACED + "jax.eval_shape(f, jnp.ones(3))\n", False),
    "make_jaxpr": (_TRACED + "jax.make_jaxpr(f)(jnp.ones(3))\n", False),
    "jit_trace": (_TRACED + "jax.jit(f).trace(jnp.ones(3))\n", False),
    "called": (_TRACED + "jax.jit(f)(jnp.ones(3))\n", True),
    "vjp_pullback_unused": (_VJP + "print(out)\n", False),
    "vjp_pullback_shapes": (_VJP + "jax.eval_shape(pullback, out)\n", False),
    "vjp_pullback_called": (_VJP + "pullback(out)\n", True),
    "grad_of_custom_vjp": (_VJP.replace("out, pullback = jax.vjp(clip, x)",
                                        "jax.grad(lambda y: jnp.sum(clip(y)))(x)"), True),
    "pure_unused_jit": (_DROPPED + "jax.jit(f)(jnp.ones(3))\n", False),
    "pure_unused_map_jit": (_DROPPED + "jax.jit(lambda v: jax.lax.map(f, v))(jnp.ones((2, 3)))\n",
                            False),
    "pure_unused_eager": (_DROPPED + "f(jnp.ones(3))\n", True),
    # (returned by a helper into a local never read: removed too; read, it is kept)
    "pure_returned_unused_jit": (_RETURNED + "jax.jit(f)(jnp.ones(3))\n", False),
    "pure_returned_used_jit": (_RETURNED.replace("return x * 2", "return x * seen")
                               + "jax.jit(f)(jnp.ones(3))\n", True),
    "pure_returned_unused_eager": (_RETURNED + "f(jnp.ones(3))\n", True),
    "io_unused_jit": (_DROPPED.replace("jax.pure_callback(phost, jax.ShapeDtypeStruct(x.shape, "
                                       "x.dtype), x)", "io_callback(host, None, x)")
                      + "jax.jit(f)(jnp.ones(3))\n", True),
    "debug_jit": (_DROPPED.replace("jax.pure_callback(phost, jax.ShapeDtypeStruct(x.shape, "
                                   "x.dtype), x)", "jax.debug.callback(host, x)")
                  + "jax.jit(f)(jnp.ones(3))\n", True),
    "solve_plain": (_SOLVE + "f(b)\n", False),
    "solve_jvp": (_SOLVE + "jax.jvp(f, (b,), (b,))\n", False),
    "solve_vjp_unused": (_SOLVE + "out, pullback = jax.vjp(f, b)\n", False),
    "solve_vjp_called": (_SOLVE + "out, pullback = jax.vjp(f, b)\npullback(1.0)\n", True),
    "solve_grad": (_SOLVE + "jax.grad(f)(b)\n", True),
    "solve_grad_shapes": (_SOLVE + "jax.eval_shape(jax.grad(f), b)\n", False),
}


def _evaluated(source: str) -> list[int]:
    """The lines of the evaluator's own JAX011 findings."""
    cfg, _ = engine.settle(None, None)
    interp = engine.interpreter(ast.parse(source), source, "prog.py", cfg, None)
    try:
        return sorted(f.span.line for f in interp.run() if f.code == "JAX011")
    finally:
        interp.release(levels=True)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_host_runs_when_jax_runs_it(name: str) -> None:
    source, runs = PROGRAMS[name]
    assert bool(_evaluated(source)) == runs


@pytest.mark.parametrize(("tail", "waits"), [
    ("print(out)\n", True),  # (never called here: maybe where the analysis does not look)
    ("jax.eval_shape(pullback, out)\n", False),
    ("pullback(out)\n", False),
])
def test_a_host_run_waits_on_a_pullback_until_it_is_called(tail: str, waits: bool) -> None:
    """A bwd's host run waits on `jax.vjp`'s pullback (`host_runs.waiting`) until the analysed
    code calls it: a pullback never called may be called by code the analysis does not see,
    so its runs do not prove the host never runs."""
    source = _VJP + tail
    tree = ast.parse(source)
    cfg, _ = engine.settle(None, None)
    interp = engine.interpreter(tree, source, "prog.py", cfg, None)
    try:
        interp.run()
        call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call)
                    and ast.unparse(n.func) == "jax.debug.callback")
        assert host_runs.waiting(interp, interp.span(call)) is waits
    finally:
        interp.release(levels=True)


def test_labels_are_what_jax_does() -> None:
    """Ground truth: JAX 0.10.2 runs the host in exactly the programs labelled so."""
    pytest.importorskip("jax")
    ran = hosts_ran({k: v[0] for k, v in PROGRAMS.items()})
    assert ran == {k: v[1] for k, v in PROGRAMS.items()}
