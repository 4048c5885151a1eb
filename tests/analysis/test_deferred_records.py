"""What an open's full analysis leaves for after its answer (issue 33, round 5): the
fingerprints of the module-level names that recorded statements bound to values nothing can
change (`replay.stable`), and `stable`'s memo of the objects it walked. Both must give what the
eager computation gives: the next edit's incremental analysis compares them."""

from __future__ import annotations

import ast

import pytest
from test_statement_replay import MODULE

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.analysis.incremental import layer as layer_module
from jax_lsp.analysis.incremental import replay as replay_module
from jax_lsp.analysis.incremental.replay import stable
from jax_lsp.analysis.interp_state import Scope
from jax_lsp.analysis.values import NOCONST, Closure, FuncInfo, ModuleInfo, Value


def _normal(fp: object) -> object:
    """A fingerprint with the fresh objects it may hold (equal to nothing) made comparable."""
    if type(fp) is object:
        return "<fresh>"
    if isinstance(fp, tuple):
        return tuple(_normal(x) for x in fp)
    if isinstance(fp, frozenset):
        return frozenset(_normal(x) for x in fp)
    return fp


def _fingerprints(analyzer: IncrementalAnalyzer) -> tuple[dict, dict, dict]:
    """The module's names' fingerprints, each root's entry fingerprint in its record, and in
    what is carried to the next version."""
    last = analyzer._last
    assert last is not None and last.carry is not None
    return (
        {name: _normal(fp) for name, fp in last.fingerprints.items()},
        {root: _normal(rec.entry) for root, rec in last.records.items()},
        {root: _normal(fp) for root, (_, fp, _) in last.carry.entries.items()},
    )


def test_an_open_fingerprints_what_nothing_changes_after_its_answer_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    for module in (layer_module, replay_module):
        fingerprint = module.fingerprint

        def counted(*args: object, _f: object = fingerprint, _m: str = module.__name__) -> object:
            calls.append(_m)
            return _f(*args)  # type: ignore[operator]

        monkeypatch.setattr(module, "fingerprint", counted)
    tree = ast.parse(MODULE)
    analyzer = IncrementalAnalyzer()
    analyzer.defer_records = True
    analyzer.analyze(MODULE, "m.py", tree=tree)
    during = len(calls)
    analyzer.prepare()
    after = calls[during:]
    # the module's functions and transformed functions, and the roots that apply them: after
    # the answer
    assert layer_module.__name__ in after and replay_module.__name__ in after
    deferred = _fingerprints(analyzer)
    eager_analyzer = IncrementalAnalyzer()
    eager_analyzer.analyze(MODULE, "m.py", tree=tree)
    eager = _fingerprints(eager_analyzer)
    assert deferred == eager
    names, entries, carried = deferred
    assert names["loss"] != "<fresh>" and names["grad_loss"] != "<fresh>"
    assert entries and all(fp != "<fresh>" for fp in entries.values())
    assert carried.keys() <= entries.keys()


def _scope_and_main() -> tuple[Scope, ModuleInfo]:
    return Scope(None, None, None), ModuleInfo("m.py", [], is_main=True)


def test_stable_with_its_memo_answers_as_a_fresh_walk() -> None:
    scope, main = _scope_and_main()
    node = ast.parse("def f(x):\n    return x\n").body[0]
    fi = FuncInfo(node, "f", main)
    leaf = Value(const=1.0)
    default = Value(items=tuple(Value(const=float(i)) for i in range(300)))
    closure = Closure(fi, scope, (default,), ())  # type: ignore[call-arg]
    bound = Value(fns=(closure,))
    positioned = Value(items=(leaf, Value(const=Span(1, 0, 1, 1))))  # type: ignore[arg-type]
    cases = [
        [bound, closure],  # a def: its closure is bound and registered
        [bound, positioned, closure],
        [bound] * 4,  # over the parts cap only when counted again
        [bound] * 3,
        [Value(fns=(closure,), tan=frozenset({object()}))],
        [Value(const=NOCONST), leaf],
    ]
    known: dict[int, tuple] = {}
    for values in cases + cases:  # the second round answers from the memo
        assert stable(values, scope, main, known) == stable(values, scope, main)
    assert stable([bound] * 4, scope, main) is None
    assert stable([bound] * 3, scope, main) is False
    assert stable([bound, positioned], scope, main, known) is True
