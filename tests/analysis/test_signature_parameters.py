"""`inspect.signature(f).parameters` of a function of the analysed code (`jax/signatures.py`):
`len()` of it, each parameter's `name` and `default`, `p.default is inspect.Parameter.empty`."""

from __future__ import annotations

import ast

from jax_lsp.analysis.interp import Interpreter

SOURCE = '''
import functools
import inspect


def f(a, b=0.1, *rest, c, d=None, **kw):
    pass


def wrap(fn):
    def bare(*args):
        return fn(*args)

    @functools.wraps(fn)
    def kept(*args):
        return fn(*args)
    return bare, kept


P = inspect.signature(f).parameters
N = len(P)
REQUIRED = sum(1 for p in P.values() if p.default is inspect.Parameter.empty)
DEFAULTED = [p.name for p in P.values() if p.default is not inspect.Parameter.empty]
BARE, KEPT = wrap(f)
N_BARE = len(inspect.signature(BARE).parameters)
N_KEPT = len(inspect.signature(KEPT).parameters)
INDEX = list(P).index("c")
'''


def _module() -> dict:
    tree = ast.parse(SOURCE)
    interp = Interpreter(tree, SOURCE.split("\n"), text=SOURCE)
    interp.run()
    return interp.module_scope.vars


def test_parameters_as_python_gives_them() -> None:
    import inspect

    ns: dict = {}
    exec(SOURCE, ns)  # Python's own answers
    got = _module()
    for name in ("N", "REQUIRED", "N_BARE", "N_KEPT", "INDEX"):
        assert got[name].const == ns[name], name
    assert tuple(i.const for i in got["DEFAULTED"].items) == tuple(ns["DEFAULTED"])
    assert ns["N_BARE"] == len(inspect.signature(ns["BARE"]).parameters)
