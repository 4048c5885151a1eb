"""A callback host's failure on the removed `vectorized=` (JAX012) that an enclosing `try` or
`contextlib.suppress` swallows ends no program (`python/caught_errors.py`, `Ctx.caught`,
`jax/host_runs.py`): JAX raises it as a `JaxRuntimeError` (a `RuntimeError`), or, under a
vmap with no `vmap_method`, as the `NotImplementedError` of its batching rule first."""

from __future__ import annotations

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer

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



VMAPPED = PROGRAM.replace("return run(jnp.ones(3))", "return jax.vmap(run)(jnp.ones((2, 3)))")


@pytest.mark.parametrize(("handler", "caught"), [
    ("NotImplementedError", True), ("RuntimeError", True),
    ("jax.errors.JaxRuntimeError", False), ("TypeError", False)])
def test_under_a_vmap_the_batching_rule_fails_first(handler: str, caught: bool) -> None:
    # (no `vmap_method`: pure_callback's batching rule raises NotImplementedError, the host
    # never runs)
    assert _codes(VMAPPED.replace("HANDLER", handler).replace("BODY", "return None")) == (
        [] if caught else [("JAX012", 17)])


def test_unbatched_a_not_implemented_handler_lets_it_through() -> None:
    assert _codes(_program("NotImplementedError")) == [("JAX012", 17)]


def test_a_call_caught_once_and_once_not_is_reported() -> None:
    twice = _program("RuntimeError").replace("    main()", "    main()\n    run(jnp.ones(3))")
    assert _codes(twice) == [("JAX012", 17)]


RETRIED = '''
import jax
import jax.numpy as jnp
import numpy as np


def host(u):
    return np.asarray(u)


def make(**options):
    return jax.jit(lambda u: jax.pure_callback(host, jax.ShapeDtypeStruct(u.shape, u.dtype), u,
                                               **options))


def main():
    try:
        return make(vectorized=True)(jnp.ones(3))
    except HANDLER:
        return make(vmap_method="sequential")(jnp.ones(3))


if __name__ == "__main__":
    main()
'''


@pytest.mark.parametrize(("handler", "fires"), [("RuntimeError", False), ("TypeError", True)])
def test_a_retry_without_the_keyword_is_no_failing_run(handler: str, fires: bool) -> None:
    # (the handler's call of the same callback call lacks `vectorized`: its host runs fine)
    assert [c for c, _ in _codes(RETRIED.replace("HANDLER", handler))] == (
        ["JAX012"] if fires else [])
