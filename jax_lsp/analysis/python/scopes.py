"""Static scope facts: which names a function binds locally, and which it declares global or
nonlocal. Computed once per function from its AST, without descending into nested scopes.
Also where a statement starts (its decorators included), which the interpreter, the escape
analysis, the incremental analysis and the fix outline all need."""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.syntax import iter_nodes
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


def _target_names(target: ast.AST, out: set[str]) -> None:
    if isinstance(target, ast.Name):
        out.add(target.id)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for e in target.elts:
            _target_names(e, out)
    elif isinstance(target, ast.Starred):
        _target_names(target.value, out)


def _statement_binders(body: list[ast.stmt], b: _Binder) -> None:
    """Collect the names a block binds, looking at statements and their targets only (much
    cheaper than visiting every expression)."""
    for stmt in body:
        t = type(stmt)
        if t is ast.Assign:
            for tg in stmt.targets:  # type: ignore[attr-defined]
                _target_names(tg, b.stores)
        elif t in (ast.AugAssign, ast.AnnAssign):
            _target_names(stmt.target, b.stores)  # type: ignore[attr-defined]
        elif t in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            b.stores.add(stmt.name)  # type: ignore[attr-defined]
        elif t in (ast.For, ast.AsyncFor):
            _target_names(stmt.target, b.stores)  # type: ignore[attr-defined]
            _statement_binders(stmt.body, b)  # type: ignore[attr-defined]
            _statement_binders(stmt.orelse, b)  # type: ignore[attr-defined]
        elif t in (ast.While, ast.If):
            _statement_binders(stmt.body, b)  # type: ignore[attr-defined]
            _statement_binders(stmt.orelse, b)  # type: ignore[attr-defined]
        elif t in (ast.With, ast.AsyncWith):
            for item in stmt.items:  # type: ignore[attr-defined]
                if item.optional_vars is not None:
                    _target_names(item.optional_vars, b.stores)
            _statement_binders(stmt.body, b)  # type: ignore[attr-defined]
        elif t is ast.Try or t.__name__ == "TryStar":
            _statement_binders(stmt.body, b)  # type: ignore[attr-defined]
            for h in stmt.handlers:  # type: ignore[attr-defined]
                if h.name:
                    b.stores.add(h.name)
                _statement_binders(h.body, b)
            _statement_binders(stmt.orelse, b)  # type: ignore[attr-defined]
            _statement_binders(stmt.finalbody, b)  # type: ignore[attr-defined]
        elif t in (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal):
            b.visit(stmt)
        elif t is ast.Delete:
            for tg in stmt.targets:  # type: ignore[attr-defined]
                _target_names(tg, b.stores)
        elif t is ast.Match:
            for case in stmt.cases:  # type: ignore[attr-defined]
                b.visit(case.pattern)
                _statement_binders(case.body, b)


def compute_scope(fi: FuncInfo, has_walrus: bool = True) -> None:
    """Fill in the scope facts of a function. `has_walrus=False` promises the function's text
    has no `:=`, which allows a statement-level scan instead of a full visit."""
    node = fi.node
    b = _Binder()
    if isinstance(node, ast.Lambda):
        b.visit(node.body)
    else:
        if has_walrus:
            for stmt in node.body:
                b.visit(stmt)
        else:
            _statement_binders(node.body, b)
    params = set(parameter_names(node.args))
    fi.locals = frozenset((b.stores | params) - b.globals_ - b.nonlocals)
    fi.globals_ = frozenset(b.globals_)
    fi.nonlocals = frozenset(b.nonlocals)


def binder(node: ast.AST) -> tuple[set[str], set[str]]:
    """The names a function (or lambda) binds locally, its parameters included, and those it
    declares global."""
    b = _Binder()
    if isinstance(node, ast.Lambda):
        b.visit(node.body)
    else:
        for stmt in node.body:  # type: ignore[attr-defined]
            b.visit(stmt)
    params = set(parameter_names(node.args))  # type: ignore[attr-defined]
    return (b.stores | params) - b.globals_ - b.nonlocals, b.globals_


def comprehension_info(node: ast.AST) -> FuncInfo:
    """A pseudo-function for a comprehension scope: its targets are its locals."""
    names: set[str] = set()
    for gen in node.generators:  # type: ignore[attr-defined]
        for n in iter_nodes(gen.target):
            if isinstance(n, ast.Name):
                names.add(n.id)
    return FuncInfo(node, "<comprehension>", None, frozenset(names), frozenset(), frozenset())  # type: ignore[arg-type]


def statement_start(stmt: ast.stmt) -> int:
    """The first line of a statement, its decorators included."""
    decorators = getattr(stmt, "decorator_list", None)
    if decorators:
        return min(stmt.lineno, *(d.lineno for d in decorators))
    return stmt.lineno
