"""An analysis frees what it built when it returns (`Interpreter.release`): a function made in a
call holds that call's scope, which holds the function, and such a cycle left to the cyclic
collector made its first collection after the analysis walk everything the analysis allocated."""

from __future__ import annotations

import ast
import gc
import sys

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.interp_state import Scope

_SOURCE = """\
import jax
import numpy as np

def make(scale):
    def inner(x):
        return jax.pure_callback(np.sin, x, x) * scale
    return inner

def loss(x):
    fns = [lambda y, k=k: y * k for k in range(3)]
    class Local:
        def __call__(self, z):
            return make(2.0)(z)
    return Local()(x) + fns[0](x)

g = jax.grad(loss)
print(g(1.0))
"""


def test_no_scope_is_left_in_a_cycle() -> None:
    result = analyze_source(_SOURCE, "t.py")
    assert result.findings  # the code ran through the nested functions
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        analyze_source(_SOURCE, "t.py")
        gc.collect()
        # a module's scope names itself as its module: a cycle of one emptied object
        cyclic = [
            o
            for o in gc.garbage
            if isinstance(o, ast.AST) or (isinstance(o, Scope) and o.module is not o)
        ]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    assert cyclic == []


def _evaluators() -> int:
    from jax_lsp.analysis.interp import Interpreter

    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, Interpreter))


def test_no_evaluator_outlives_its_analysis() -> None:
    """What a finished analysis holds is garbage once it returns, in both builds: counted
    with `gc` (a compiled evaluator has no `__weakref__`). In the compiled build (mypyc 2.4)
    the JAX parts, opened to interpreted subclasses, ran `__init__` twice when the
    interpreted `JaxModel` made them, and the first run's references, never released, kept
    every evaluator alive (and its trees, scopes and values: issue 33, round 14)."""
    before = _evaluators()
    for _ in range(3):
        assert analyze_source(_SOURCE, "t.py").findings
    assert _evaluators() == before


def test_the_jax_parts_keep_one_reference_to_the_evaluator() -> None:
    from jax_lsp.analysis.jax.model import JaxModel

    class Evaluator:
        pass

    ev = Evaluator()
    gc.collect()
    alone = sys.getrefcount(ev)
    model = JaxModel(ev)  # type: ignore[arg-type]
    parts = [model.api, model.transforms, model.control, model.custom, model.callbacks]
    assert sys.getrefcount(ev) == alone + len(parts)
    assert sys.getrefcount(model) == 2 + len(parts)  # (the local, the call's argument)
    del model, parts
    gc.collect()
    assert sys.getrefcount(ev) == alone
