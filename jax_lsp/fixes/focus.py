"""The part of a module a fix needs LibCST to see, so that `--fix` does not pay for LibCST (ten
times slower than `ast`, and its scope analysis more again) on the whole of a large module.

A fix reads: the statements of its finding (the call, the differentiation site), the module's
header (where new imports and helpers go), what imports bind, the module-level definitions the
kept statements name (the host function a rule is written beside, a generated helper), and
every identifier of the module (so a new name clashes with none). `focus_text` keeps the
top-level statements holding those, to a fixed point over the names they mention, and blanks
the lines of all others: the text keeps every line, so LibCST's positions are the module's and
edits computed on it apply to the module unchanged. `module_names` gives, from `ast`, the
identifiers and import-bound names of the whole module.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Focus", "focus_text"]

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


@dataclass(frozen=True)
class Focus:
    """The text LibCST parses and what the whole module binds and mentions."""

    text: str
    #: every identifier a module-level name must avoid (as `FixSource.all_names`)
    names: frozenset[str]
    #: every name an import binds anywhere (as `FixSource.import_bound_names`)
    import_bound: frozenset[str]


def _first_line(st: ast.stmt) -> int:
    decorators = getattr(st, "decorator_list", ())
    return min([st.lineno, *(d.lineno for d in decorators)])


def _binds(st: ast.stmt) -> set[str]:
    """The module-level names a top-level statement binds (definitions and assignments)."""
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {st.name}
    targets: list[ast.expr] = []
    if isinstance(st, ast.Assign):
        targets = st.targets
    elif isinstance(st, (ast.AnnAssign, ast.AugAssign)):
        targets = [st.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _has_module_import(st: ast.stmt) -> bool:
    """An import at module level, possibly inside `if`/`try`/`with` (not inside a def)."""
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(st, (ast.If, ast.Try, ast.With)):
        children = [*st.body, *getattr(st, "orelse", ()), *getattr(st, "finalbody", ()),
                    *(s for h in getattr(st, "handlers", ()) for s in h.body)]
        return any(_has_module_import(c) for c in children)
    return False


def _is_header(i: int, st: ast.stmt) -> bool:
    docstring = (i == 0 and isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)
                 and isinstance(st.value.value, str))
    return docstring or isinstance(st, (ast.Import, ast.ImportFrom))


class _Names(ast.NodeVisitor):
    """The identifiers LibCST would see as `Name` nodes (attribute names and the modules of
    imports left out), as `source._NameCollector` collects them."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.imported: set[str] = set()

    def visit_Name(self, node: ast.Name) -> None:
        self.names.add(node.id)

    def _named(self, node: ast.AST, name: str | None) -> None:
        if name:
            self.names.add(name)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._named(node, node.name)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._named(node, node.name)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._named(node, node.name)

    def visit_arg(self, node: ast.arg) -> None:
        self._named(node, node.arg)

    def visit_keyword(self, node: ast.keyword) -> None:
        self._named(node, node.arg)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        self._named(node, node.name)

    def visit_Global(self, node: ast.Global) -> None:
        self.names.update(node.names)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        self.names.update(node.names)

    def visit_MatchAs(self, node: ast.MatchAs) -> None:
        self._named(node, node.name)

    def visit_MatchStar(self, node: ast.MatchStar) -> None:
        self._named(node, node.name)

    def visit_MatchMapping(self, node: ast.MatchMapping) -> None:
        self._named(node, node.rest)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.asname:
                self.imported.add(alias.asname)
            else:
                self.imported.update((alias.name, alias.name.split(".")[0]))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name != "*":
                self.imported.add(alias.asname or alias.name)


def focus_text(text: str, lines: Iterable[int], marker: str) -> Focus | None:
    """The module `text` with only the top-level statements a fix of something on `lines`
    needs (see the module docstring); None when `ast` cannot parse it (use the whole text).
    `marker` starts the docstring of a generated helper (kept: fixes reuse them)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return None
    body = tree.body
    ranges = [(_first_line(st), st.end_lineno or st.lineno) for st in body]
    wanted = set(lines)
    keep: set[int] = set()
    for i, st in enumerate(body):
        keep.add(i)  # the header and the first statement after it: where additions go
        if not _is_header(i, st):
            break
    binders: dict[str, list[int]] = {}
    for i, st in enumerate(body):
        lo, hi = ranges[i]
        if _has_module_import(st) or any(lo <= n <= hi for n in wanted) or (
            isinstance(st, ast.FunctionDef) and (ast.get_docstring(st, clean=False) or "")
            .startswith(marker)
        ):
            keep.add(i)
        for name in _binds(st):
            binders.setdefault(name, []).append(i)
    source_lines = _LINE.findall(text)
    todo = list(keep)
    while todo:  # the definitions the kept statements name, to a fixed point
        lo, hi = ranges[todo.pop()]
        for name in set(_IDENT.findall("".join(source_lines[lo - 1 : hi]))):
            for j in binders.get(name, ()):
                if j not in keep:
                    keep.add(j)
                    todo.append(j)
    blank: set[int] = set()
    for i in range(len(body)):
        if i not in keep:
            lo, hi = ranges[i]
            blank.update(range(lo, hi + 1))
    for i in keep:
        lo, hi = ranges[i]
        blank.difference_update(range(lo, hi + 1))
    out = [line[len(line.rstrip("\r\n")):] if n in blank else line
           for n, line in enumerate(source_lines, 1)]
    names = _Names()
    names.visit(tree)
    return Focus("".join(out), frozenset(names.names), frozenset(names.imported))
