"""`static_names.Parents` walks a module one top-level statement at a time, on demand: it must
give every node the parent a full walk gives, whatever node is asked about first (decorators
above their `def`, statements sharing a line, nodes with no position)."""

from __future__ import annotations

import ast
import random

import pytest
from oracle import rule_examples

from jax_lsp.analysis.static_names import Parents

SOURCES = rule_examples()[::7]  # 59 programs, of every code
TRICKY = """\
import jax
a = 1; b = [x for x in range(3)]; c = lambda y=2: y
@jax.jit
@(lambda f: f)
def f(x, *, k=a, **kw):
    with open("p") as fh, open("q") as gh:
        return {k: v for k, v in kw.items()}
class C(object, metaclass=type):
    def m(self): return (yield)
match a:
    case [1, *rest] if rest: pass
"""


#: nodes CPython shares between places (`Load()`, `Add()`...): no one parent
SHARED = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)


def _full(tree: ast.Module) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)
            if not isinstance(child, SHARED)}


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("source", [TRICKY, *(p.read_text("utf-8") for p in SOURCES[::6])])
def test_parents_agree_with_a_full_walk(source: str, seed: int) -> None:
    tree = ast.parse(source)
    full = _full(tree)
    nodes = list(full)
    random.Random(seed).shuffle(nodes)  # any order of questions
    parents = Parents(tree)
    assert [parents.get(n) for n in nodes] == [full[n] for n in nodes]
    assert parents.get(tree) is None
