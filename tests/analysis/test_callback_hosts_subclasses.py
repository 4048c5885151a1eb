"""`callback_hosts._subclasses`: a module's classes and what their bases name are read once per
module, however many attribute reads ask for a class's subclasses."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis import callback_hosts
from jax_lsp.analysis.static_names import ModuleNames

SOURCE = """
class A: pass
class B(A): pass
class C(B): pass
class D(A, B): pass
class E: pass
class F(E, C): pass
"""


def test_subclasses_nearest_first() -> None:
    names = ModuleNames(ast.parse(SOURCE))
    classes = {c.name: c for c in ast.walk(names.tree) if isinstance(c, ast.ClassDef)}
    found = [c.name for c in callback_hosts._subclasses(names, classes["A"])]
    assert found == ["B", "D", "C", "F"]
    assert [c.name for c in callback_hosts._subclasses(names, classes["E"])] == ["F"]
    assert callback_hosts._subclasses(names, classes["F"]) == []
    assert names.read_everything


def test_the_bases_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ModuleNames(ast.parse(SOURCE))
    classes = {c.name: c for c in ast.walk(names.tree) if isinstance(c, ast.ClassDef)}
    asked: list[ast.AST] = []
    real = ModuleNames.definition

    def counting(self: ModuleNames, expr: ast.AST, depth: int = 0) -> ast.AST | None:
        asked.append(expr)
        return real(self, expr, depth)

    monkeypatch.setattr(ModuleNames, "definition", counting)
    for name in ("A", "E", "A", "B"):
        callback_hosts._subclasses(names, classes[name])
    assert len(asked) == len(set(map(id, asked)))  # each base asked once (6 bases in all)
    assert len(asked) <= 6
