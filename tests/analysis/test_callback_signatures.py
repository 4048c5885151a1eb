"""Version-dependent keyword choices read off `inspect.signature` of JAX's callbacks
(`jax/signatures.py`, measured on JAX 0.10.2 and compared here with the installed JAX), and
decided `or` / `and` tests of bools."""

from __future__ import annotations

import inspect

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.jax import signatures


def _codes(source: str) -> list[tuple[str, int]]:
    return [(f.code, f.span.line) for f in analyze_source(source, "<signature>").findings]


def test_the_signatures_are_those_of_the_installed_jax() -> None:
    jax = pytest.importorskip("jax")
    from jax.experimental import io_callback

    measured = {"jax.pure_callback": jax.pure_callback,
                "jax.experimental.io_callback": io_callback,
                "jax.debug.callback": jax.debug.callback}
    assert set(measured) == set(signatures.PARAMETERS)
    for name, fn in measured.items():
        assert tuple(inspect.signature(fn).parameters) == signatures.PARAMETERS[name], name


SIGNATURE = '''
import inspect
import jax
import jax.numpy as jnp
import numpy as np

PARAMS = inspect.signature(jax.pure_callback).parameters
if TEST:
    OPTIONS = {"vectorized": True}
else:
    OPTIONS = {"vmap_method": "sequential"}


def host(u):
    return np.asarray(u)


@jax.jit
def run(u):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(u.shape, u.dtype), u, **OPTIONS)


if __name__ == "__main__":
    run(jnp.ones(3))
'''


@pytest.mark.parametrize(("test", "fires"), [
    ('"kwargs" in PARAMS', True),
    ('"vectorized" in PARAMS or "kwargs" in PARAMS', True),
    ('"vmap_method" not in PARAMS', False),
    ('"vectorized" in PARAMS and "sharding" in PARAMS', False),
    # a name the read-only mapping does not list is absent, in it or in a set of it
    ('"vectorized" not in PARAMS', True),
    ('"vectorized" not in set(PARAMS)', True),
    ('"vmap_method" not in PARAMS and "kwargs" in PARAMS', False),
])
def test_a_signature_test_decides_the_keywords(test: str, fires: bool) -> None:
    codes = _codes(SIGNATURE.replace("TEST", test))
    assert codes == ([("JAX012", 20)] if fires else [])
