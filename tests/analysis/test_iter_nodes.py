"""`syntax.iter_nodes`, the analysis's walk of a subtree, is `ast.walk`: the same nodes in the
same order, as lazily (docs/measurements.md, "Issue 33, round 14: the cold check")."""

from __future__ import annotations

import ast
from pathlib import Path

from jax_lsp.analysis.syntax import child_nodes, iter_nodes

REPO = Path(__file__).resolve().parents[2]


def _programs() -> list[Path]:
    return sorted((REPO / "tests" / "rules").glob("JAX00*/*/*.py"))[:200] + sorted(
        (REPO / "jax_lsp" / "analysis" / "python").glob("*.py"))


def test_the_same_nodes_in_the_same_order_as_ast_walk() -> None:
    for path in _programs():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.stmt))]:
            assert list(iter_nodes(node)) == list(ast.walk(node)), path
            assert child_nodes(node) == list(ast.iter_child_nodes(node)), path


def test_every_kind_of_field() -> None:
    source = (
        "from a import b as c\nglobal g\n@d\nasync def f(x, /, y=1, *a, k: int = 2, **kw) -> T:\n"
        "    async with m as (p, q):\n        pass\n    match v:\n"
        "        case {'k': [1, *rest]} | C(a=None) as w if w: pass\n"
        "    return f'{x!r:>{y}}' + (lambda: (yield))()\n"
        "x: int = [i for i in range(3) if i]  # type: ignore\n"
    )
    tree = ast.parse(source, type_comments=True)
    assert list(iter_nodes(tree)) == list(ast.walk(tree))


def test_lazy_a_loop_that_stops_reads_no_further() -> None:
    tree = ast.parse("def f():\n    return 1\n" * 3)
    walk = iter_nodes(tree)
    assert next(walk) is tree
    first = next(walk)
    assert isinstance(first, ast.FunctionDef)
    tree.body[1].name = "changed"  # read when reached, as `ast.walk` does
    assert [n.name for n in walk if isinstance(n, ast.FunctionDef)] == ["changed", "f"]
