"""A callback host's failure on the removed `vectorized=` (JAX012) that an enclosing `try` or
`contextlib.suppress` certainly swallows ends no program (`python/caught.py`, `Ctx.caught`,
`jax/host_runs.py`); and version-dependent keyword choices read off `inspect.signature`
(`jax/signatures.py`) and decided `or` / `and` tests of bools."""

from __future__ import annotations

import inspect

import jax
import pytest
from jax.experimental import io_callback

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer
from jax_lsp.analysis.jax import signatures

PROGRAM = '''
import jax
import jax.numpy as jnp
import numpy as np


class Oops(Exception):
    pass


def host(u):
    return np.asarray(u)


@jax.jit
def run(u):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(u.shape, u.dtype), u, vectorized=True)


def main():
    try:
        return run(jnp.ones(3))
    except HANDLER:
        BODY


if __name__ == "__main__":
    main()
'''


def _codes(source: str) -> list[tuple[str, int]]:
    return [(f.code, f.span.line) for f in analyze_source(source, "<caught>").findings]


def _program(handler: str, body: str = "return None") -> str:
    return PROGRAM.replace("HANDLER", handler).replace("BODY", body)


@pytest.mark.parametrize("handler", ["RuntimeError", "Exception", "(TypeError, RuntimeError)",
                                     "jax.errors.JaxRuntimeError", "BaseException"])
def test_a_handler_of_a_class_jax_raises_swallows_it(handler: str) -> None:
    assert _codes(_program(handler)) == []


@pytest.mark.parametrize("handler", ["TypeError", "(KeyError, ValueError)", "Oops"])
def test_a_handler_of_other_classes_lets_it_through(handler: str) -> None:
    assert _codes(_program(handler)) == [("JAX012", 17)]


@pytest.mark.parametrize("body", ["raise", "raise SystemExit(1)", "import sys; sys.exit(1)"])
def test_a_handler_that_raises_or_exits_swallows_nothing(body: str) -> None:
    assert _codes(_program("RuntimeError", body)) == [("JAX012", 17)]


def test_a_bare_except_swallows_it() -> None:
    assert _codes(_program("", "return None").replace("except :", "except:")) == []


def test_an_incremental_analysis_answers_as_a_full_one() -> None:
    analyzer = IncrementalAnalyzer()
    source = _program("RuntimeError")
    analyzer.analyze(source, "<caught>")
    edited = source.replace("    main()", "    print(main())")
    got = [(f.code, f.span.line) for f in analyzer.analyze(edited, "<caught>").findings]
    assert got == _codes(edited) == []


def test_the_signatures_are_those_of_the_installed_jax() -> None:
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
    ('"vectorized" in PARAMS and "sharding" in PARAMS', False),  # (undecided: both join)
    ('"vmap_method" not in PARAMS and "kwargs" in PARAMS', False),
])
def test_a_signature_test_decides_the_keywords(test: str, fires: bool) -> None:
    codes = _codes(SIGNATURE.replace("TEST", test))
    assert codes == ([("JAX012", 20)] if fires else [])
