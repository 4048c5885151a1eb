"""`python/constant_builtins` against Python itself: each expression below, over a grid of
constants, is evaluated by Python and by the evaluator; where the evaluator knows a value it
is Python's, and the ones listed as known are known. What must stay unknown (a value the
program could change unseen, an argument not known, a result too large) is checked too."""

from __future__ import annotations

import ast
import itertools

import pytest

from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import NOCONST, Value

#: the constants each expression is tried with (`a`, `b`)
GRID = [0, 1, -3, 2.5, True, False, None, "", " Yes ", "a,b", "strict", "12"]

#: expressions of `a` and `b`, each known to the evaluator whenever Python computes it
EXPRESSIONS = [
    "str(a)", "repr(a)", "int(a)", "float(a)", "bool(a)", "abs(a)", "round(a)", "len(a)",
    "min(a, b)", "max(a, b)", "divmod(a, b)", "isinstance(a, bool)",
    "isinstance(a, (int, str))", "str(a).strip().lower() in {'1', 'true', 'yes'}",
    "a in {1, 'a,b', None}", "a not in {0, ''}", "a in {'k': 1, 1: 2}", "f'{a}-{b!r}'",
    "f'{a:>4}'", "str(a).split(',')", "str(a).startswith(('s', ' '))",
    "str(a).replace('a', 'b')", "'{}/{}'.format(a, b)", "str(a).zfill(4)",
    "str(a)[0]", "any((a, b))", "all([a, b])", "sorted((a, b))", "sum((a, b))",
    "frozenset((a, b))", "a in set((1, 'strict'))", "max((a, b))",
    "'-'.join((str(a), str(b)))", "callable(a)",
]


def _evaluated(source: str) -> dict[str, Value]:
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    return interp.module_scope.vars


def _plain(v: Value) -> object:
    if v.items is not None and v.keys is None:
        return tuple(_plain(i) for i in v.items)
    return v.const


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_known_results_are_pythons(expr: str) -> None:
    pairs = list(itertools.product(GRID, GRID[:6]))
    source = "".join(f"r{i} = {_substituted(expr, a, b)}\n" for i, (a, b) in enumerate(pairs))
    scope = _evaluated(source)
    known = 0
    for i, (a, b) in enumerate(pairs):
        try:
            want = eval(expr, {}, {"a": a, "b": b})  # noqa: S307
        except Exception:
            continue  # Python raises: the evaluator may say anything of a value never made
        got = _plain(scope[f"r{i}"])
        if got is NOCONST:
            continue
        known += 1
        if isinstance(want, list):
            want = tuple(want)
        assert got == want and type(got) is type(want), (expr, a, b, got, want)
    assert known > 0, f"{expr}: never known"


def test_no_scalar_is_callable() -> None:
    """`callable()` of each scalar constant (None and bytes too) is known: False. It is decided
    on the scalars the builtins here are (`constant_builtins.scalar`), not on a table of its
    own."""
    consts = [*GRID, b"x"]
    scope = _evaluated("".join(f"r{i} = callable({c!r})\n" for i, c in enumerate(consts)))
    assert [scope[f"r{i}"].const for i in range(len(consts))] == [False] * len(consts)


def _substituted(expr: str, a: object, b: object) -> str:
    """`expr` with the names `a` and `b` (as whole names) replaced by the constants' text."""
    tree = ast.parse(expr, mode="eval")

    class Sub(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            if node.id in ("a", "b"):
                return ast.Constant({"a": a, "b": b}[node.id])
            return node

    return ast.unparse(Sub().visit(tree))


@pytest.mark.parametrize("source", [
    # a set filled where the name is bound: what it holds after
    ("S = {'a'}\nS.add('b')\nr = 'b' in S\n", True),
    ("S = {'a', 'b'}\nS.discard('b')\nr = 'b' in S\n", False),
    ("S = {'a'}\ndef fill():\n    S.add('z')\nfill()\nr = 'z' in S\n", True),
])
def test_a_set_changed_by_name_is_read_after_the_change(source: tuple[str, bool]) -> None:
    text, want = source
    assert _evaluated(text)["r"].const is want


@pytest.mark.parametrize("source", [
    "S = {'a'}\nS.add(VALUE)\nr = 'q' in S\n",  # an item not known: nothing known of it
    "D = {'a': 1}\nfill(D)\nr = 'q' in D\n",  # handed to code not seen: it may add the key
    "r = len([1, 2])\n",  # a list's length: `fresh_lists` decides, not this
    "r = sorted((2, 1), key=KEY)\n",  # a keyword: a program's function would run
    "r = 'x'.center(10 ** 6)\n",  # too long to keep
    "r = f'{1:>100000}'\n",
    "r = '{:>100000}'.format(1)\n",
    "r = str(SOMETHING)\n",
    "r = int('x')\n",  # Python raises
    # an enum member carries its value, but `str`/f-strings of it are its class's `__str__`
    "import enum\nclass M(enum.Enum):\n    A = 'a'\nr = str(M.A)\n",
    "import enum\nclass M(enum.Enum):\n    A = 'a'\nr = f'{M.A}'\n",
])
def test_what_cannot_be_known_stays_unknown(source: str) -> None:
    assert _evaluated(source)["r"].const is NOCONST
