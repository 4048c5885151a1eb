"""Static scope facts: which names a function binds locally, and which it declares global or
nonlocal. Computed once per function from its AST, without descending into nested scopes.
Also where a statement starts (its decorators included), which the interpreter, the escape
analysis, the incremental analysis and the fix outline all need."""

from __future__ import annotations

import ast

from jax_lsp.analysis.syntax import iter_nodes
from jax_lsp.analysis.values import FuncInfo


class _Binder:
    """The names a scope's own code binds, declares global or nonlocal: a walk of its nodes
    that does not enter nested scopes (their decorators, defaults, bases and first iterables
    are the enclosing scope's). A walk of its own, not an `ast.NodeVisitor` (whose
    class-level aliases and dispatch by name the compiled build cannot take)."""

    def __init__(self) -> None:
        self.stores: set[str] = set()
        self.globals_: set[str] = set()
        self.nonlocals: set[str] = set()

    def visit(self, node: ast.AST) -> None:
        t = type(node)
        if t is ast.Name:
            if isinstance(node.ctx, (ast.Store, ast.Del)):  # type: ignore[attr-defined]
                self.stores.add(node.id)  # type: ignore[attr-defined]
        elif t is ast.FunctionDef or t is ast.AsyncFunctionDef:
            self.stores.add(node.name)  # type: ignore[attr-defined]
            for d in node.decorator_list:  # type: ignore[attr-defined]
                self.visit(d)
            args: ast.arguments = node.args  # type: ignore[attr-defined]
            for d in args.defaults + [k for k in args.kw_defaults if k is not None]:
                self.visit(d)
        elif t is ast.ClassDef:
            self.stores.add(node.name)  # type: ignore[attr-defined]
            for d in node.decorator_list + node.bases:  # type: ignore[attr-defined]
                self.visit(d)
        elif t is ast.Lambda:
            for d in node.args.defaults:  # type: ignore[attr-defined]
                self.visit(d)
        elif t is ast.ListComp or t is ast.SetComp or t is ast.GeneratorExp or t is ast.DictComp:
            # comprehension targets are local to the comprehension; only walrus leaks out
            for gen in node.generators:  # type: ignore[attr-defined]
                self.visit(gen.iter)
                for cond in gen.ifs:
                    self.visit(cond)
        elif t is ast.NamedExpr:
            self.stores.add(node.target.id)  # type: ignore[attr-defined]
            self.visit(node.value)  # type: ignore[attr-defined]
        elif t is ast.Import:
            for a in node.names:  # type: ignore[attr-defined]
                self.stores.add(a.asname or a.name.split(".")[0])
        elif t is ast.ImportFrom:
            for a in node.names:  # type: ignore[attr-defined]
                if a.name != "*":
                    self.stores.add(a.asname or a.name)
        elif t is ast.Global:
            self.globals_.update(node.names)  # type: ignore[attr-defined]
        elif t is ast.Nonlocal:
            self.nonlocals.update(node.names)  # type: ignore[attr-defined]
        elif t is ast.MatchStar:
            if node.name:  # type: ignore[attr-defined]
                self.stores.add(node.name)  # type: ignore[attr-defined]
        else:
            if (t is ast.ExceptHandler or t is ast.MatchAs) and node.name:  # type: ignore[attr-defined]
                self.stores.add(node.name)  # type: ignore[attr-defined]
            for child in ast.iter_child_nodes(node):
                self.visit(child)


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
