"""`jax.host_runs.drop_unreached` in an incremental analysis: a text-pass JAX011 whose every
callback call a full analysis shows is never evaluated is dropped there (`_unhosted`); the
incremental analysis counts the calls the roots it put back and the interpretations it carried
over evaluated (`RootEffects.callbacks`, `SharedCall.callbacks`) and decides "never run" from
the functions entered, as the full one does, so it answers at once where the full analysis
keeps the finding, and leaves it to a full analysis (NotExact) only where that one may drop it.
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer

#: `apply` evaluates its callback on a guessed path (no finding of the evaluator's: the text
#: pass's JAX011 stands); both roots reach it, the second through the first's interpretation
SHARED = '''import jax
import jax.numpy as jnp
import numpy as np


def apply(x):
    y = jax.lax.stop_gradient(x)
    if np.random.rand() > 0.5:
        return jax.pure_callback(jnp.sin, y, y)
    return y


def loss_a(x):
    return (apply(x) * x).sum() + 1


def loss_b(x):
    return (apply(x) * x).sum() + 2


def train_a(x):
    return jax.grad(loss_a)(x)


def train_b(x):
    return jax.grad(loss_b)(x)
'''

#: the same, `apply` called on the same constant by both roots: the second's call is answered
#: from the first's memoised interpretation
MEMOISED = (SHARED.replace("def apply(x):", "def apply(n):")
            .replace("    y = jax.lax.stop_gradient(x)", "    y = jnp.zeros(n)")
            .replace("(apply(x) * x)", "(apply(3) * x)"))

#: `train_a` no longer reaches `apply`: only `train_b`, put back, evaluated its callback call
EDIT = ("return jax.grad(loss_a)(x)", "return jax.grad(lambda y: (y * 2).sum())(x)")


def _found(result) -> list[tuple[str, int]]:
    return [(f.code, f.span.line) for f in result.findings]


def _incremental(source: str, old: str, new: str) -> tuple[IncrementalAnalyzer, list, list]:
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source, "m.py")
    edited = source.replace(old, new)
    assert edited != source
    got = _found(analyzer.analyze(edited, "m.py"))
    return analyzer, got, _found(analyze_source(edited, "m.py"))


def _callback_calls(analyzer: IncrementalAnalyzer, root_name: str) -> set[int]:
    last = analyzer._last
    assert last is not None
    (record,) = [rec for root, rec in last.records.items()
                 if getattr(root, "name", None) == root_name]
    return {n.lineno for n in record.effects.callbacks if isinstance(n, ast.Call)}


def test_a_root_reaching_the_call_through_a_shared_interpretation_records_it() -> None:
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(SHARED, "m.py")
    assert _callback_calls(analyzer, "train_b") == {9}


def test_the_call_evaluated_by_a_root_put_back_counts_as_evaluated() -> None:
    for source in (SHARED, MEMOISED):
        analyzer, got, want = _incremental(source, *EDIT)
        assert got == want == [("JAX011", 9)]
        assert analyzer.incremental_runs == 1 and not analyzer.inexact, analyzer.inexact
        assert analyzer.roots_skipped == 1


def test_a_call_in_a_function_never_entered_keeps_it_incrementally() -> None:
    # `report` is never called here (an importer may): a full analysis keeps the finding,
    # so the incremental one answers
    source = '''import jax
import jax.numpy as jnp


def report(z):
    return jax.jit(lambda v: jax.pure_callback(jnp.sin, v, v))(z)


def train(x):
    return jax.grad(lambda y: (y * 2).sum())(x)
'''
    analyzer, got, want = _incremental(source, "(y * 2)", "(y * 3)")
    assert got == want == [("JAX011", 6)]
    assert analyzer.incremental_runs == 1 and not analyzer.inexact, analyzer.inexact


def test_a_call_never_evaluated_where_its_function_ran_is_left_to_a_full_analysis() -> None:
    # `apply` ran (in `train_a`, put back), its branch decided against the callback: a full
    # analysis drops the finding, which the incremental one does not decide
    source = '''import jax
import jax.numpy as jnp


def apply(x, on):
    if on:
        return jax.pure_callback(jnp.sin, x, x)
    return x


def loss_a(x):
    return apply(x, False).sum() + 1


def train_a(x):
    return jax.grad(loss_a)(x)


def train_b(x):
    return jax.grad(lambda y: (y * 2).sum())(x)
'''
    analyzer, got, want = _incremental(source, "(y * 2)", "(y * 3)")
    assert got == want == []
    assert analyzer.inexact == [
        "no callback call of a JAX011 finding may ever have been evaluated"]
