"""Where the analysis stops following a path (`jax-lsp check --show-limits`): recorded with
the reason, only for paths that carry a differentiated value, and never when not asked."""

from __future__ import annotations

import textwrap

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.engine import analysis_limits, interpreter, parse, settle
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.limits import Limit, format_limits

PROGRAM = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp
    import somelib

    def loss(w, f, name):
        y = f(w)
        z = somelib.solve(lambda v: v * w, w)
        q = somelib.transform(w)
        print(somelib.describe(3.0))
        return getattr(jnp, somelib.pick(name))(y + z + q)

    jax.grad(loss)(1.0, None, "sum")
    """)


def test_each_place_a_differentiated_path_ends_is_recorded_with_its_reason() -> None:
    got = sorted((lim.line, lim.col, lim.why.split(":")[0]) for lim in analysis_limits(PROGRAM))
    assert got == [
        (6, 8, "calls `f`, which the analysis cannot resolve to a function"),
        (7, 8, "`somelib.solve` is not modelled (no JAX API facts, not workspace code)"),
        (8, 8, "`somelib.transform` is not modelled (no JAX API facts, not workspace code)"),
        (10, 11, "calls `getattr(jnp, somelib.pick(name))`, which the analysis cannot "
         "resolve to a function"),
        (10, 11, "getattr with a name not known statically"),
    ]
    # `somelib.describe(3.0)` gets no differentiated value: nothing is lost there


def test_a_recursive_call_and_the_work_budget_are_limits() -> None:
    source = textwrap.dedent("""\
        import jax

        def f(x, n):
            return f(x * 2.0, n - 1) if n else x

        jax.grad(f)(1.0, int(input()))
        other = 1
        """)
    cfg, ws = settle(None, None)
    tree = parse(source)
    interp = interpreter(tree, source, "t.py", cfg, ws)
    interp.limits = []
    interp.run()
    assert [(lim.line, lim.why.split(":")[0]) for lim in interp.limits] == [
        (4, "a recursive call of `f`")
    ]
    tight = interpreter(parse(source), source, "t.py", cfg, ws)
    tight.limits, tight.budget = [], 3
    tight.run()
    assert [(lim.line, lim.why.split(":")[0]) for lim in tight.limits] == [
        (4, "the analysis used its work budget (3 statements and calls) here")
    ]


def test_nothing_is_recorded_when_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*_args: object) -> None:
        raise AssertionError("a limit was recorded by an ordinary analysis")

    monkeypatch.setattr(Interpreter, "note_limit", never)
    monkeypatch.setattr(Interpreter, "note_limit_call", never)
    assert analyze_source(PROGRAM).findings == []


def test_the_report_lists_each_limit_once_in_order() -> None:
    limits = [Limit(3, 0, "b"), Limit(1, 4, "a"), Limit(3, 0, "b"), Limit(2, 0, "c", "m.py")]
    assert format_limits("t.py", limits) == "t.py:1:5: a\nt.py:3:1: b\nm.py:2:1: c\n"


def test_a_workspace_metaclass_is_run_not_a_limit() -> None:
    """The metaclass's `__new__` runs when the class is made (`python/statements.py`'s
    `_run_metaclass`): what it fills is followed, so it is no limit any more."""
    program = textwrap.dedent("""\
        class Meta(type):
            table = {}
            def __new__(mcs, name, bases, ns):
                cls = super().__new__(mcs, name, bases, ns)
                mcs.table[name] = cls
                return cls

        class Base(metaclass=Meta):
            pass

        class Plain(metaclass=type):
            pass
        """)
    assert [lim.why for lim in analysis_limits(program) if "metaclass" in lim.why] == []


def test_functions_handed_to_what_is_not_known_are_limits_without_a_level() -> None:
    """A library's optimizer that differentiates the objective it is given (optax.contrib's
    sophia: `opt.update(..., obj_fn=loss)`) or an unresolved callee given a function: where
    the model stopped is said even with no derivative around the call."""
    source = textwrap.dedent("""\
        import somelib

        def loss(p):
            return p * 2.0

        opt = somelib.make_optimizer()
        opt.update(1.0, None, 1.0, obj_fn=loss)
        opt.update(1.0, None)
        somelib.registry[0](loss)
        """)
    got = [(lim.line, lim.why.split(":")[0]) for lim in analysis_limits(source)]
    assert (7, "calls `.update` of a value the analysis does not know (a library's object?)") in got
    assert not any(line == 8 for line, _ in got)  # no function passed: nothing is lost
    assert any(line == 9 and "cannot resolve" in why for line, why in got)


def _fan_out(n: int, wide: bool) -> str:
    """`n` classes with a method `m`; `o` is one instance of each (a value joining all `n`:
    `objs[int(input())]`) or of the first only; four statements call `o.m`."""
    classes = "".join(f"class C{i}:\n    def m(self, x):\n        return x\n\n"
                      for i in range(n))
    objs = "objs = [" + ", ".join(f"C{i}()" for i in range(n)) + "]\n"
    pick = "o = objs[int(input())]\n" if wide else "o = objs[0]\n"
    return classes + objs + pick + "".join(f"o.m({k}.0)\n" for k in range(4))


def test_each_callee_of_a_call_counts_in_the_work_budget() -> None:
    # a value joining hundreds of objects, its methods called in loops, cost tum-pbs/PhiML
    # minutes per file under a budget of statements only: each object a call or an attribute
    # read goes through is work, and the budget counts it
    n = 40
    cfg, ws = settle(None, None)
    runs = {}
    for wide in (False, True):
        source = _fan_out(n, wide)
        interp = interpreter(parse(source), source, "t.py", cfg, ws)
        interp.limits = []
        interp.run()
        assert interp.limits == [] and not interp.incomplete
        runs[wide] = (source, interp.steps)
    # four attribute reads and four calls, each over n objects
    assert runs[True][1] - runs[False][1] >= 8 * (n - 1)
    first_call = runs[True][0].count("\n") - 3
    for wide, (source, _steps) in runs.items():
        tight = interpreter(parse(source), source, "t.py", cfg, ws)
        tight.limits, tight.budget = [], runs[False][1] + n
        tight.run()
        if not wide:
            assert tight.limits == [] and not tight.incomplete
        else:
            assert tight.incomplete
            assert [(lim.line >= first_call, lim.why.split(":")[0])
                    for lim in tight.limits] == [
                (True, f"the analysis used its work budget ({tight.budget} statements and "
                 "calls) here")]
