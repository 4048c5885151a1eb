"""Static scope facts: which names a function binds locally, and which it declares global or
nonlocal. Computed once per function from its AST, without descending into nested scopes."""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.values import FuncInfo


class _Binder(ast.NodeVisitor):
    def __init__(self) -> None:
        self.stores: set[str] = set()
        self.globals_: set[str] = set()
        self.nonlocals: set[str] = set()

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            self.stores.add(node.id)

    def visit_FunctionDef(self, node: Any) -> None:
        self.stores.add(node.name)
        for d in node.decorator_list:
            self.visit(d)
        for d in node.args.defaults + [k for k in node.args.kw_defaults if k is not None]:
            self.visit(d)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.stores.add(node.name)
        for d in node.decorator_list + node.bases:
            self.visit(d)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for d in node.args.defaults:
            self.visit(d)

    def _comprehension(self, node: Any) -> None:
        # comprehension targets are local to the comprehension; only walrus leaks out
        for gen in node.generators:
            self.visit(gen.iter)
            for cond in gen.ifs:
                self.visit(cond)

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.stores.add(node.target.id)
        self.visit(node.value)

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            self.stores.add(a.asname or a.name.split(".")[0])

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for a in node.names:
            if a.name != "*":
                self.stores.add(a.asname or a.name)

    def visit_Global(self, node: ast.Global) -> None:
        self.globals_.update(node.names)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        self.nonlocals.update(node.names)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.name:
            self.stores.add(node.name)
        self.generic_visit(node)

    def visit_MatchAs(self, node: ast.MatchAs) -> None:
        if node.name:
            self.stores.add(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node: ast.MatchStar) -> None:
        if node.name:
            self.stores.add(node.name)


def parameter_names(args: ast.arguments) -> list[str]:
    names = [a.arg for a in args.posonlyargs + args.args]
    if args.vararg:
        names.append(args.vararg.arg)
    names += [a.arg for a in args.kwonlyargs]
    if args.kwarg:
        names.append(args.kwarg.arg)
    return names


def function_info(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> FuncInfo:
    b = _Binder()
    if isinstance(node, ast.Lambda):
        b.visit(node.body)
        name = "<lambda>"
    else:
        for stmt in node.body:
            b.visit(stmt)
        name = node.name
    params = set(parameter_names(node.args))
    local = (b.stores | params) - b.globals_ - b.nonlocals
    return FuncInfo(node, name, frozenset(local), frozenset(b.globals_), frozenset(b.nonlocals))


def comprehension_info(node: ast.AST) -> FuncInfo:
    """A pseudo-function for a comprehension scope: its targets are its locals."""
    names: set[str] = set()
    for gen in node.generators:  # type: ignore[attr-defined]
        for n in ast.walk(gen.target):
            if isinstance(n, ast.Name):
                names.add(n.id)
    return FuncInfo(node, "<comprehension>", frozenset(names), frozenset(), frozenset())  # type: ignore[arg-type]
