"""A module's top-level statements and what each binds and mentions, kept up to date across the
edits of successive fixes without parsing the whole module again.

`--fix` builds many fixes in a row on one large module; each needs the module's statement
boundaries and identifiers (`focus`), and each edit touches a few statements. `Outline.edited`
re-parses with `ast` only the stretches of lines the edits touch, whole top-level statements
with the comments and blank lines after them, and moves the other statements' facts by the
change in line count. When such a stretch does not parse on its own it gives up (None) and
the caller parses the whole text, so an outline always describes text `ast` accepts.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import le

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.python.scopes import statement_start
from jax_lsp.fixes.model import TextEdit, apply_edits

__all__ = ["Outline", "Statement"]

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


@dataclass(frozen=True)
class Statement:
    """What `focus` needs of one top-level statement (where it is: `Outline`)."""

    #: a string expression statement (a docstring when it comes first)
    docstring_like: bool
    is_import: bool
    #: an import at module level, possibly inside `if`/`try`/`with`
    module_import: bool
    #: the module-level names it binds (definitions and assignments)
    binds: frozenset[str]
    #: the name of a def or class
    defines: str | None
    #: a `def` whose docstring starts with the generated-helper marker
    generated: bool
    #: identifiers written in it, as `FixSource.all_names` collects them
    names: frozenset[str]
    #: names an import in it binds
    imported: frozenset[str]


def _binds(st: ast.stmt) -> frozenset[str]:
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return frozenset({st.name})
    targets: list[ast.expr] = []
    if isinstance(st, ast.Assign):
        targets = st.targets
    elif isinstance(st, (ast.AnnAssign, ast.AugAssign)):
        targets = [st.target]
    return frozenset(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))


def _has_module_import(st: ast.stmt) -> bool:
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(st, (ast.If, ast.Try, ast.With)):
        children = [*st.body, *getattr(st, "orelse", ()), *getattr(st, "finalbody", ()),
                    *(s for h in getattr(st, "handlers", ()) for s in h.body)]
        return any(_has_module_import(c) for c in children)
    return False


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_NAMED = (ast.keyword, ast.ExceptHandler, ast.MatchAs, ast.MatchStar)
#: each node class's fields that can hold nodes (`ctx` holds a shared singleton only)
_FIELDS: dict[type, tuple[str, ...]] = {}


def _names(tree: ast.AST) -> tuple[frozenset[str], frozenset[str]]:
    """The identifiers LibCST would see as `Name` nodes (attribute names and the modules of
    imports left out), as `source._NameCollector` collects them, and the names imports bind.
    One walk with a stack (`ast.walk`'s generators cost three times as much on a large
    module)."""
    names: set[str] = set()
    imported: set[str] = set()
    stack: list[ast.AST] = [tree]
    pop, push, extend = stack.pop, stack.append, stack.extend
    name_t, constant_t, node_t = ast.Name, ast.Constant, ast.AST
    while stack:
        node = pop()
        t = type(node)
        if t is name_t:
            names.add(node.id)  # type: ignore[attr-defined]
            continue
        if t is constant_t:
            continue
        if t in _DEFS:
            names.add(node.name)  # type: ignore[attr-defined]
        elif t is ast.arg:
            names.add(node.arg)  # type: ignore[attr-defined]
        elif t in _NAMED:
            name = getattr(node, "arg", None) or getattr(node, "name", None)
            if name:
                names.add(name)
        elif t is ast.MatchMapping and node.rest:  # type: ignore[attr-defined]
            names.add(node.rest)  # type: ignore[attr-defined]
        elif t is ast.Global or t is ast.Nonlocal:
            names.update(node.names)  # type: ignore[attr-defined]
            continue
        elif t is ast.Import:
            for alias in node.names:  # type: ignore[attr-defined]
                if alias.asname:
                    imported.add(alias.asname)
                else:
                    imported.update((alias.name, alias.name.split(".")[0]))
            continue
        elif t is ast.ImportFrom:
            imported.update(a.asname or a.name for a in node.names  # type: ignore[attr-defined]
                            if a.name != "*")
            continue
        fields = _FIELDS.get(t)
        if fields is None:
            fields = _FIELDS[t] = tuple(f for f in t._fields if f != "ctx")
        for field in fields:
            value = getattr(node, field, None)
            if type(value) is list:
                extend([v for v in value if isinstance(v, node_t)])
            elif isinstance(value, node_t):
                push(value)
    return frozenset(names), frozenset(imported)


def _statement(st: ast.stmt, marker: str) -> Statement:
    names, imported = _names(st)
    return Statement(
        docstring_like=isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)
        and isinstance(st.value.value, str),
        is_import=isinstance(st, (ast.Import, ast.ImportFrom)),
        module_import=_has_module_import(st),
        binds=_binds(st),
        defines=st.name if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef,
                                           ast.ClassDef)) else None,
        generated=isinstance(st, ast.FunctionDef)
        and (ast.get_docstring(st, clean=False) or "").startswith(marker),
        names=names,
        imported=imported,
    )


def _count(counts: tuple[Counter[str], Counter[str]], statements: Iterable[Statement],
           by: int) -> None:
    """Add (`by` 1) or take away (-1) the names and import-bound names of `statements`."""
    for st in statements:
        for counter, names in zip(counts, (st.names, st.imported)):
            for name in names:
                n = counter[name] + by
                if n:
                    counter[name] = n
                else:
                    del counter[name]


class Outline:
    """The top-level statements of one text, in order: their facts, first and last lines
    (decorators included), and where each was in the text `rebased` was called on (None for
    those edited since); with the text's lines."""

    def __init__(self, statements: list[Statement], los: list[int], his: list[int],
                 origins: list[int | None], lines: list[str], marker: str) -> None:
        self.statements = statements
        self.los = los
        self.his = his
        self.origins = origins
        #: the text's lines, line ends kept (as the parser counts them)
        self.lines = lines
        self.marker = marker
        self._kept: tuple[list[int], list[int]] | None = None
        #: how many statements write each identifier, and bind each name by an import (kept
        #: up to date by `edited`: a fix changes a few statements of thousands)
        self._counts: tuple[Counter[str], Counter[str]] | None = None
        self._name_sets: tuple[frozenset[str], frozenset[str]] | None = None

    def name_sets(self) -> tuple[frozenset[str], frozenset[str]]:
        """Every identifier written in the text (`Statement.names`) and every name an import
        in it binds (`Statement.imported`)."""
        if self._name_sets is None:
            if self._counts is None:
                self._counts = (Counter(), Counter())
                _count(self._counts, self.statements, 1)
            self._name_sets = (frozenset(self._counts[0]), frozenset(self._counts[1]))
        return self._name_sets

    @classmethod
    def of(cls, text: str, marker: str) -> Outline | None:
        """The outline of `text`; None when `ast` cannot parse it."""
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError):
            return None
        return cls.of_tree(tree, text, marker)

    @classmethod
    def of_tree(cls, tree: ast.Module, text: str, marker: str) -> Outline:
        """The outline of `text`, whose tree `ast.parse` made is `tree` (the analysis's: the
        module need not be parsed again)."""
        los = [statement_start(st) for st in tree.body]
        return cls([_statement(st, marker) for st in tree.body], los,
                   [st.end_lineno or st.lineno for st in tree.body], [None] * len(los),
                   _LINE.findall(text), marker)

    def rebased(self) -> Outline:
        """This outline with each statement's origin its current first line."""
        out = Outline(self.statements, self.los, self.his, list(self.los), self.lines,
                      self.marker)
        out._counts, out._name_sets = self._counts, self._name_sets
        return out

    def _units(self) -> list[tuple[int, int, int]]:
        """(first line, first statement, end statement exclusive) of each run of statements
        that share lines (`a = 1; b = 2`)."""
        los, his = self.los, self.his
        if not any(map(le, los[1:], his)):  # no line shared: one statement a unit
            return [(lo, i, i + 1) for i, lo in enumerate(los)]
        units: list[tuple[int, int, int]] = []
        hi = 0
        for i, (lo, end) in enumerate(zip(los, his)):
            if units and lo <= hi:
                units[-1] = (units[-1][0], units[-1][1], i + 1)
            else:
                units.append((lo, i, i + 1))
            hi = max(hi, end)
        return units

    def edited(self, new_text: str, edits: Sequence[TextEdit]) -> Outline | None:
        """The outline of `new_text`, which is this outline's text with `edits` (in this
        text's positions, not overlapping) applied; None when a touched stretch does not parse
        on its own (parse the whole text instead) or lines are ambiguous (a lone `\\r`)."""
        if not self.statements or not edits:
            return None
        if "\r" in new_text and new_text.count("\r") != new_text.count("\r\n"):
            return None
        units = self._units()
        starts = [u[0] for u in units]
        n_old = len(self.lines)
        # each unit's extent runs to the line before the next unit (the first from line 1)
        touched: dict[int, list[TextEdit]] = {}  # unit index -> the edits starting in it
        for e in edits:
            first = max(bisect.bisect_right(starts, e.span.line) - 1, 0)
            last = max(bisect.bisect_right(starts, e.span.end_line) - 1, 0)
            for u in range(first, last + 1):
                touched.setdefault(u, [])
            touched[first].append(e)
        # contiguous runs of touched units, each parsed as one chunk
        runs: list[list[int]] = []
        for u in sorted(touched):
            if runs and runs[-1][-1] == u - 1:
                runs[-1].append(u)
            else:
                runs.append([u])
        statements: list[Statement] = []
        los: list[int] = []
        his: list[int] = []
        origins: list[int | None] = []
        new_lines: list[str] = []
        removed: list[Statement] = []
        added: list[Statement] = []

        def keep(first_unit: int, end_unit: int, shift: int) -> None:
            if first_unit >= end_unit:
                return
            a = units[first_unit][1]
            b = units[end_unit - 1][2]
            statements.extend(self.statements[a:b])
            los.extend([n + shift for n in self.los[a:b]])
            his.extend([n + shift for n in self.his[a:b]])
            origins.extend(self.origins[a:b])

        shift = 0  # line delta of everything so far
        done = 0  # units copied or replaced so far
        copied = 0  # lines of this text copied or replaced so far
        for run in runs:
            keep(done, run[0], shift)
            a = units[run[0]][0] if run[0] else 1
            b = units[run[-1] + 1][0] - 1 if run[-1] + 1 < len(units) else n_old
            new_lines.extend(self.lines[copied : a - 1])
            # the stretch's new text: its edits applied to its old text alone
            moved = [TextEdit(Span(e.span.line - a + 1, e.span.col, e.span.end_line - a + 1,
                                   e.span.end_col), e.new_text)
                     for u in run for e in touched[u]]
            chunk = apply_edits("".join(self.lines[a - 1 : b]), moved)
            chunk_lines = _LINE.findall(chunk)
            new_lines.extend(chunk_lines)
            new_a = a + shift
            try:
                tree = ast.parse(chunk)
            except (SyntaxError, ValueError, RecursionError):
                return None
            removed.extend(self.statements[units[run[0]][1] : units[run[-1]][2]])
            for st in tree.body:
                added.append(_statement(st, self.marker))
                statements.append(added[-1])
                los.append(statement_start(st) + new_a - 1)
                his.append((st.end_lineno or st.lineno) + new_a - 1)
                origins.append(None)
            shift += len(chunk_lines) - (b - a + 1)
            done = run[-1] + 1
            copied = b
        keep(done, len(units), shift)
        new_lines.extend(self.lines[copied:])
        out = Outline(statements, los, his, origins, new_lines, self.marker)
        if self._counts is not None:
            out._counts = (self._counts[0].copy(), self._counts[1].copy())
            _count(out._counts, removed, -1)
            _count(out._counts, added, 1)
        return out

    def _at(self, line: int) -> int | None:
        """The index of the statement holding `line`."""
        i = bisect.bisect_right(self.los, line) - 1
        while i >= 0:  # statements sharing a line: the one that reaches `line`
            if self.his[i] >= line:
                return i
            if i == 0 or self.los[i - 1] != self.los[i]:
                return None
            i -= 1
        return None

    def statement_lines(self, line: int) -> tuple[int, int] | None:
        """The first and last lines of the top-level statement holding `line` (None: none)."""
        at = self._at(line)
        return None if at is None else (self.los[at], self.his[at])

    def origin_line(self, line: int) -> int | None:
        """The line of this text that was `line` of the text `rebased` was called on, when
        the statement holding it has not been edited since; else None."""
        if self._kept is None:
            kept = [i for i, o in enumerate(self.origins) if o is not None]
            self._kept = ([self.origins[i] for i in kept], kept)  # type: ignore[misc]
        origins, kept = self._kept
        j = bisect.bisect_right(origins, line) - 1
        if j < 0:
            return None
        i = kept[j]
        origin = origins[j]
        if line > origin + (self.his[i] - self.los[i]):
            return None
        return self.los[i] + line - origin

    def edited_lines(self, lines: Sequence[int]) -> bool:
        """Whether any of `lines` (of this text) lies in a statement edited since `rebased`."""
        for line in lines:
            i = self._at(line)
            if i is not None and self.origins[i] is None:
                return True
        return False


