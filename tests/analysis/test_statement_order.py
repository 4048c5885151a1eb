"""The order of statements the evaluator follows where it knows it exactly: a `with` over a
`@contextlib.contextmanager` generator runs what precedes its `yield` before the block and
what follows it (a `finally` included) after (`python/context_managers.py`); a `return` on a
test the analysis cannot decide leaves the rest of the function on a guessed path, the next
iterations of a sweep and what follows the loop included (`statements.GUESS_EXIT`).

Checked on the evaluator's JAX012 (`jax/host_runs.py`, reported on unguessed paths only),
with the text pass (`callback_hosts`) left out: what the evaluator decides. Each program's
codes are those JAX 0.10.2 gave when it ran (`test_run_under_jax`), but for the one marked
`UNKNOWABLE`."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from jax_lsp.analysis import engine

H = '''\
import contextlib
import numpy as np
import jax
import jax.numpy as jnp


def _host(x):
    return np.sin(np.asarray(x)).astype(np.float32)


def _tolerant(fn):
    def wrapper(*args, **_ignored):
        return fn(*args)
    return wrapper


def strict(x):
    return jax.pure_callback(_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vectorized=True)


HOST = _host


@contextlib.contextmanager
def lenient_host():
    global HOST
    saved = HOST
    HOST = _tolerant(saved)
    try:
        yield HOST
    finally:
        HOST = saved


def swapped(x):
    return jax.pure_callback(HOST, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vectorized=True)


'''

PROGRAMS: dict[str, tuple[str, list[str]]] = {
    # the block runs with the tolerant host: JAX hands `vectorized=` to it, which ignores it
    "traced_inside_the_with": ("""
        with lenient_host():
            print(jax.jit(swapped)(jnp.ones(3)))
        """, []),
    # `as` binds what the generator yields
    "the_yielded_host_bound_by_as": ("""
        with lenient_host() as h:
            print(h.__name__, jax.jit(swapped)(jnp.ones(3)))
        """, []),
    # the `finally` restored the strict host before the trace
    "traced_after_the_with": ("""
        with lenient_host():
            pass
        print(jax.jit(swapped)(jnp.ones(3)))
        """, ["JAX012"]),
    # a manager whose body is not cut at one `yield` (one in a loop) is called as before
    "yield_in_a_loop_not_split": ("""
        @contextlib.contextmanager
        def twice():
            global HOST
            for h in (_tolerant(_host), _host):
                HOST = h
            yield
        with twice():
            print(jax.jit(swapped)(jnp.ones(3)))
        """, ["JAX012"]),
    # UNKNOWABLE: a sweep returning at the first rule within the budget, decided by numbers
    # the analysis does not compute: the host rule after it is reached only on a guess
    # (JAX returns at the first rule here)
    "sweep_returns_before_the_host_rule": ("""
        RULES = [("numpy-free", jnp.sin), ("host", strict)]
        def select(x, reference, budget):
            for name, rule in RULES:
                val = jax.jit(rule)(x)
                if float(jnp.max(jnp.abs(val - reference))) < budget:
                    return name
            return None
        if __name__ == "__main__":
            print(select(jnp.ones(3), jnp.sin(jnp.ones(3)), 1e-3))
        """, []),
    # the host rule first: reached before any return
    "sweep_runs_the_host_rule_first": ("""
        RULES = [("host", strict), ("numpy-free", jnp.sin)]
        def select(x, reference, budget):
            for name, rule in RULES:
                val = jax.jit(rule)(x)
                if float(jnp.max(jnp.abs(val - reference))) < budget:
                    return name
            return None
        if __name__ == "__main__":
            print(select(jnp.ones(3), jnp.sin(jnp.ones(3)), 1e-3))
        """, ["JAX012"]),
    # a `continue` on an undecided test guesses the rest of its iteration only: the host
    # rule's iteration runs either way
    "continue_guesses_one_iteration": ("""
        def select(x, skip):
            out = []
            for rule in [jnp.sin, jnp.cos]:
                if skip(rule):
                    continue
                out.append(rule(x))
            return jax.jit(strict)(x)
        if __name__ == "__main__":
            print(select(jnp.ones(3), lambda r: r is jnp.cos))
        """, ["JAX012"]),
}


def _evaluated(source: str, name: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The codes the evaluator reports (the text pass's left out)."""
    monkeypatch.setattr(engine.callback_hosts, "check_module", lambda *a, **k: [])
    result = engine.analyze_source(source, f"{name}.py")
    assert result.error is None
    return sorted({f.code for f in result.findings})


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    body, codes = PROGRAMS[name]
    assert _evaluated(H + textwrap.dedent(body).lstrip(), name, monkeypatch) == codes


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_run_under_jax(name: str, tmp_path) -> None:
    body, codes = PROGRAMS[name]
    path = tmp_path / f"{name}.py"
    path.write_text(H + textwrap.dedent(body).lstrip())
    run = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                         timeout=300)
    raised = "unexpected keyword argument 'vectorized'" in run.stderr
    assert raised == ("JAX012" in codes), run.stderr[-2000:]
    if not codes:
        assert run.returncode == 0, run.stderr[-2000:]
