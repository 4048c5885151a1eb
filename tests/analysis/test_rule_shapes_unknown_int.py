"""`rule_shapes._Reader._int` answers None for an expression that is no known integer, never a
falsy one: compiled (mypyc), an `int | bool` result is an unboxed int and False reads as 0,
so an unknown count (`(g,) * n` of a lambda's default `n=n`) became a tuple of 0 items."""

from __future__ import annotations

import ast

from jax_lsp.analysis import rule_shapes


def _reader(source: str) -> rule_shapes._Reader:
    fn = ast.parse(source).body[0]
    assert isinstance(fn, ast.FunctionDef)
    return rule_shapes._Reader(fn)


def _expr(text: str) -> ast.expr:
    stmt = ast.parse(text).body[0]
    assert isinstance(stmt, ast.Expr)
    return stmt.value


def test_an_unknown_integer_is_none_and_a_known_one_its_value() -> None:
    reader = _reader("def bwd(res, g):\n    return (g,) * n\n")
    assert reader._int(_expr("n")) is None
    assert reader._int(_expr("-n")) is None
    assert reader._int(_expr("0")) == 0 and reader._int(_expr("-2")) == -2
    assert reader._int(_expr("True")) is None


def test_a_sequence_repeated_an_unknown_number_of_times_has_no_structure() -> None:
    reader = _reader("def bwd(res, g):\n    return (g,) * n\n")
    assert reader.structure(_expr("(g,) * n")) is None
    assert reader.structure(_expr("(g,) * 2")) == reader.structure(_expr("(g, g)"))
    assert reader._length(_expr("range(n)"), 0) is None
    assert reader._length(_expr("(1, 2, 3)[:n]"), 0) is None
    assert reader._length(_expr("(1, 2, 3)[:2]"), 0) == 2
