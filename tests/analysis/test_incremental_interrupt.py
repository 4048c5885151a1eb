"""Where the server may interrupt an incremental analysis (`IncrementalAnalyzer.analyze`'s
`interruptible`): during the parse of every edit (a broken edit costs the parse of all that
follows it), never once the previous version's tree is being moved; an interrupted analysis
leaves the analyzer able to analyse the next edit incrementally, equal to a full analysis."""

from __future__ import annotations

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer

MODULE = '''import jax
import jax.numpy as jnp


def host(x):
    return x


def loss(x):
    y = jax.pure_callback(host, x, x)
    return jnp.sum(y)


def other(x):
    return x * 2


g = jax.grad(loss)
'''


class Interrupted(Exception):
    pass


class Switch:
    """Records `interruptible`'s calls; raises when allowed once `pending` is set, as the
    analysis process does with a signal that came meanwhile."""

    def __init__(self) -> None:
        self.calls: list[bool] = []
        self.pending = False

    def __call__(self, allow: bool = True) -> None:
        self.calls.append(allow)
        if allow and self.pending:
            self.pending = False
            raise Interrupted


def _signature(result):
    return [(f.code, f.span, f.message, f.path) for f in result.findings], result.error


def test_a_broken_edit_is_interruptible_while_it_parses() -> None:
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    broken = MODULE.replace("return x * 2", "return x * (2")
    switch = Switch()
    switch.pending = True
    with pytest.raises(Interrupted):
        analyzer.analyze(broken, "m.py", interruptible=switch)
    assert switch.calls == [True]
    # the previous version is intact: the next edit is incremental and exact
    fixed = MODULE.replace("return x * 2", "return x * 3")
    runs = analyzer.full_runs
    result = analyzer.analyze(fixed, "m.py", interruptible=Switch())
    assert analyzer.full_runs == runs and result.exact
    assert _signature(result) == _signature(analyze_source(fixed, "m.py"))


def test_a_broken_edit_allows_interruption_only_until_its_parse_ends() -> None:
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    switch = Switch()
    result = analyzer.analyze(MODULE.replace("return x * 2", "return x * (2"), "m.py",
                              interruptible=switch)
    assert result.error is not None
    assert switch.calls == [True, False]


def test_an_edit_that_moves_lines_is_not_interruptible_once_parsed() -> None:
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    moved = MODULE.replace("    return x * 2\n", "    z = x\n    return z * 2\n")
    switch = Switch()
    result = analyzer.analyze(moved, "m.py", interruptible=switch)
    # allowed for the parse, then never again: the previous tree's statements moved
    assert switch.calls == [True, False]
    assert _signature(result) == _signature(analyze_source(moved, "m.py"))


def test_an_edit_within_lines_is_interruptible_after_its_parse() -> None:
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    edited = MODULE.replace("return x * 2", "return x * 3")
    switch = Switch()
    switch_calls = switch.calls
    result = analyzer.analyze(edited, "m.py", interruptible=switch)
    assert switch_calls == [True, False, True]
    assert _signature(result) == _signature(analyze_source(edited, "m.py"))
    # interrupted after its parse, it leaves the previous version to build on
    again = Switch()
    analyzer2 = IncrementalAnalyzer()
    analyzer2.analyze(MODULE, "m.py")

    class Late(Switch):
        def __call__(self, allow: bool = True) -> None:
            self.calls.append(allow)
            if allow and len(self.calls) == 3:
                raise Interrupted

    with pytest.raises(Interrupted):
        analyzer2.analyze(edited, "m.py", interruptible=Late())
    runs = analyzer2.full_runs
    result = analyzer2.analyze(edited, "m.py", interruptible=again)
    assert analyzer2.full_runs == runs and result.exact
    assert _signature(result) == _signature(analyze_source(edited, "m.py"))


def _module_counts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Records the length of every text `incremental._count` counts the identifiers of."""
    from jax_lsp.analysis.incremental import analyzer as incremental

    counted: list[int] = []
    real = incremental._count

    def counting(lines: list[str]) -> dict[str, int]:
        counted.append(len(lines))
        return real(lines)

    monkeypatch.setattr(incremental, "_count", counting)
    return counted


def test_an_analysis_interrupted_while_it_interprets_leaves_the_identifier_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The previous version's identifier counts survive an interruption of the analysis
    built on them: in a fast burst on a large module every analysis but the last is
    interrupted, and the last one counted the whole module again."""
    from jax_lsp.analysis.incremental import analyzer as incremental

    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    analyzer.prepare()  # what the server's analysis process does once it has answered
    whole = len(MODULE.split("\n"))
    counted = _module_counts(monkeypatch)
    real_finish = incremental.finish

    def interrupted_finish(interp):  # the signal comes while the roots run
        raise Interrupted

    monkeypatch.setattr(incremental, "finish", interrupted_finish)
    for n in (3, 4, 5):
        with pytest.raises(Interrupted):
            analyzer.analyze(MODULE.replace("return x * 2", f"return x * {n}"), "m.py",
                             interruptible=Switch())
    monkeypatch.setattr(incremental, "finish", real_finish)
    edited = MODULE.replace("return x * 2", "return x * 6")
    runs = analyzer.full_runs
    result = analyzer.analyze(edited, "m.py", interruptible=Switch())
    assert analyzer.full_runs == runs and result.exact
    assert _signature(result) == _signature(analyze_source(edited, "m.py"))
    assert whole not in counted, "the whole module's identifiers were counted again"


#: entry points that call functions of the module (their records' `entered`), and one to edit
CALLING = "\n".join(
    f"import jax\nimport jax.numpy as jnp\n\n\ndef host_{i}(x):\n"
    f"    return jax.pure_callback(jnp.sin, x, x)\n\n\n"
    f"def loss_{i}(x):\n    return host_{i}(x).sum() + {i}\n\n\n"
    f"def train_{i}(x):\n    return jax.grad(loss_{i})(x)\n"
    for i in range(4)
)


def test_prepare_leaves_the_first_incremental_analysis_nothing_to_compute_of_the_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After `prepare` (run while the server publishes the full analysis), the first
    incremental analysis neither counts the module's identifiers nor computes the lines of
    its statements or the entered functions of the roots it skips, and it is exact."""
    from jax_lsp.analysis.incremental import analyzer as incremental

    analyzer = IncrementalAnalyzer()
    analyzer.analyze(CALLING, "m.py")
    analyzer.prepare()
    last = analyzer._last
    assert last is not None and last.bounds is not None
    assert last.identifier_counts == incremental._count(CALLING.split("\n"))
    infos = last.carry.func_infos
    entering = [rec for rec in last.records.values() if rec.effects.entered]
    assert entering, "the module's roots enter functions"
    for rec in entering:
        assert rec.effects.entered_infos == frozenset(infos[n] for n in rec.effects.entered)
    counted = _module_counts(monkeypatch)
    real_bounds, whole = incremental._bounds, len(last.tree.body)

    def bounds(body):
        assert len(body) < whole, "the lines of every statement were computed again"
        return real_bounds(body)

    monkeypatch.setattr(incremental, "_bounds", bounds)
    edited = CALLING.replace("sum() + 2", "sum() + 5")
    result = analyzer.analyze(edited, "m.py")
    assert result.exact and analyzer.roots_skipped > 0
    assert _signature(result) == _signature(analyze_source(edited, "m.py"))
    assert len(CALLING.split("\n")) not in counted
