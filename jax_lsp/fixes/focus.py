"""The part of a module a fix needs LibCST to see, so that `--fix` does not pay for LibCST (ten
times slower than `ast`, and its scope analysis more again) on the whole of a large module.

A fix reads: the statements of its finding (the call, the differentiation site), the module's
header (where new imports and helpers go), what imports bind, the module-level definitions the
kept statements name (the host function a rule is written beside, a generated helper), and
every identifier of the module (so a new name clashes with none). `focus_text` keeps the
top-level statements holding those (and any rebinding a name an import binds), as a short
text of those statements' lines alone, with the table that maps its lines back to the module's
(columns are the same), so that edits computed on it apply to the module. The identifiers and
import-bound names of the whole module come from `ast`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Focus", "focus_text", "module_line"]

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


@dataclass(frozen=True)
class Focus:
    """The text LibCST parses and what the whole module binds and mentions."""

    text: str
    #: (first line in `text`, first line in the module, line count) of each kept block
    blocks: tuple[tuple[int, int, int], ...]
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


class _Names:
    """The identifiers LibCST would see as `Name` nodes (attribute names and the modules of
    imports left out), as `source._NameCollector` collects them, and the names imports bind."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.imported: set[str] = set()

    def visit(self, tree: ast.AST) -> None:
        names, imported = self.names, self.imported
        for node in ast.walk(tree):  # one flat walk: a NodeVisitor costs twice as much
            if isinstance(node, ast.Name):
                names.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, (ast.keyword, ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
                name = getattr(node, "arg", None) or getattr(node, "name", None)
                if name:
                    names.add(name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                names.add(node.rest)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.update(node.names)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        imported.add(alias.asname)
                    else:
                        imported.update((alias.name, alias.name.split(".")[0]))
            elif isinstance(node, ast.ImportFrom):
                imported.update(a.asname or a.name for a in node.names if a.name != "*")


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
    names = _Names()
    names.visit(tree)
    definitions: dict[str, list[int]] = {}
    source_lines = _LINE.findall(text)
    seeds = []
    for i, st in enumerate(body):
        lo, hi = ranges[i]
        if any(lo <= n <= hi for n in wanted):
            seeds.append(i)
        bound = _binds(st)
        if _has_module_import(st) or bound & names.imported or (
            isinstance(st, ast.FunctionDef) and (ast.get_docstring(st, clean=False) or "")
            .startswith(marker)
        ):
            keep.add(i)  # what imports bind (or rebinds it), the generated helpers
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            definitions.setdefault(st.name, []).append(i)
    keep.update(seeds)
    for i in seeds:  # the module-level definitions the finding's statements name
        lo, hi = ranges[i]
        for name in set(_IDENT.findall("".join(source_lines[lo - 1 : hi]))):
            keep.update(definitions.get(name, ()))
    merged: list[list[int]] = []
    for lo, hi in sorted(ranges[i] for i in keep):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    out: list[str] = []
    blocks = []
    for lo, hi in merged:
        blocks.append((len(out) + 1, lo, hi - lo + 1))
        out.extend(source_lines[lo - 1 : hi])
    if out and not out[-1].endswith(("\n", "\r")):
        out[-1] += "\n"
    return Focus("".join(out), tuple(blocks), frozenset(names.names),
                 frozenset(names.imported))


def module_line(focus: Focus, line: int) -> int:
    """The module's line of a line of `focus.text`."""
    for start, first, count in reversed(focus.blocks):
        if line >= start:
            return first + min(line - start, count)
    return line
