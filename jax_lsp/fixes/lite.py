"""The custom rule fixes of a callback call read from `ast` instead of LibCST, so that `--fix`
on a module whose findings these fixes settle never imports LibCST (0.3 s, a third of `check`
on a 5,000-line module) nor has it parse each fix's focus text (ten times `ast`'s cost).

`LiteSource` answers, on the same focus text (`focus.focus_text`), the questions
`custom_vjp_fix` and `custom_jvp_fix` ask of a `source.FixSource` with the same answers, and
raises `NeedsLibCST` for any it cannot answer so: the scope questions, a call the finding's
span does not name exactly, and anything parenthesised (LibCST counts a node's parentheses in
its range, `ast` does not). The caller then builds the fix on LibCST as before.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.source_text import char_column
from jax_lsp.fixes.focus import Focus, focus_text, module_line
from jax_lsp.fixes.model import GENERATED_MARKER, line_starts
from jax_lsp.fixes.positions import TextPositions

if TYPE_CHECKING:
    from jax_lsp.fixes.generated import HelperModule
    from jax_lsp.fixes.outline import Outline

__all__ = ["LiteSource", "NeedsLibCST", "lite_source"]


class NeedsLibCST(Exception):
    """A question only LibCST's reading of the module answers as the fix expects."""


# -- the nodes, shaped as LibCST's where the fixes read them --------------------------------


@dataclass(eq=False)
class Name:
    value: str


@dataclass(eq=False)
class Attribute:
    value: object
    attr: Name


@dataclass(eq=False)
class Arg:
    value: object
    keyword: Name | None
    star: str


@dataclass(eq=False)
class Call:
    func: object
    args: tuple[Arg, ...]


@dataclass(eq=False)
class Other:
    """Any other expression or statement."""

    decorators: tuple[Other, ...] = ()


@dataclass(eq=False)
class FunctionDef:
    name: Name
    decorators: tuple[Other, ...]


KINDS = SimpleNamespace(Name=Name, Attribute=Attribute, Arg=Arg, Call=Call,
                        FunctionDef=FunctionDef)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_CONTINUATION = " \t\f\n\\"


def lite_source(text: str, helpers: HelperModule | None, lines: Iterable[int],
                outline: Outline | None) -> LiteSource | None:
    """`text` read for the custom rule fixes of a finding on `lines` (as
    `source.parse_fix_source` would with those arguments), or None where only LibCST
    reads it so (another line break than `\\n`, a focus `ast` cannot parse)."""
    if "\r" in text:
        return None
    focus = focus_text(text, lines, GENERATED_MARKER, outline)
    if focus is None:
        return None
    try:
        tree = ast.parse(focus.text)
    except (SyntaxError, ValueError, RecursionError):
        return None
    return LiteSource(text, helpers, focus, tree)


class LiteSource(TextPositions):
    """A focus text's statements and calls, positioned in the module's text."""

    kinds = KINDS
    newline = "\n"

    def __init__(self, text: str, helpers: HelperModule | None, focus: Focus,
                 tree: ast.Module) -> None:
        self.text = text
        self.helpers = helpers
        self.import_bound_names = focus.import_bound
        self._names = set(focus.names | focus.import_bound)
        self._line_starts = line_starts(text)
        self._focus = focus
        self._lines = focus.text.split("\n")
        self._starts = line_starts(focus.text)
        self._tree = tree
        self.positions: dict[object, Span] = {}
        self._body: list[tuple[object, list[ast.stmt]]] = []
        for group in _units(tree.body):
            first = group[0]
            if isinstance(first, _FUNCS):
                node: object = FunctionDef(Name(first.name), self._decorators(first))
            else:
                node = Other(self._decorators(first))
            self.positions[node] = self._span(first, group[-1])
            self._body.append((node, group))
        self._ast: dict[int, ast.Call] = {}
        #: the expressions that are expression statements (`call_at` finds them)
        self._statements: set[int] = set()

    @property
    def module(self) -> Any:
        raise NeedsLibCST("the module's scopes")

    def scope(self, node: object) -> Any:
        raise NeedsLibCST("scopes")

    def qualified_names(self, node: object) -> set[str]:
        raise NeedsLibCST("qualified names")

    def all_names(self) -> set[str]:
        return self._names

    # -- positions ------------------------------------------------------------------------

    def span(self, node: object) -> Span:
        return self.positions[node]

    def _col(self, line: int, col: int) -> int:
        """The character column of `ast`'s byte column `col` on the focus text's `line`."""
        return char_column(self._lines[line - 1], col)

    def _span(self, first: ast.AST, last: ast.AST | None = None) -> Span:
        last = first if last is None else last
        line, end_line = first.lineno, last.end_lineno  # type: ignore[attr-defined]
        assert end_line is not None
        return Span(module_line(self._focus, line), self._col(line, first.col_offset),  # type: ignore[attr-defined]
                    module_line(self._focus, end_line),
                    self._col(end_line, last.end_col_offset))  # type: ignore[attr-defined]

    def _decorators(self, st: ast.stmt) -> tuple[Other, ...]:
        found = getattr(st, "decorator_list", ())
        if not found:
            return ()
        first = found[0]
        if not self._lines[first.lineno - 1].lstrip().startswith("@"):
            raise NeedsLibCST("a decorator not on the line of its @")
        node = Other()
        line = module_line(self._focus, first.lineno)
        self.positions[node] = Span(line, 0, line, 0)  # its line is all a fix reads
        return (node,)

    def _before(self, offset: int) -> int:
        """The offset of the character before `offset` of the focus text, skipping white
        space, line continuations and comments (-1: none); NeedsLibCST when a line it
        passes may hold a `#` in a string."""
        text = self._focus.text
        i = offset - 1
        while i >= 0 and text[i] in _CONTINUATION:
            if text[i] == "\n":
                start = text.rfind("\n", 0, i) + 1
                hash_at = text.find("#", start, i)
                if hash_at >= 0:
                    if "'" in text[start:hash_at] or '"' in text[start:hash_at]:
                        raise NeedsLibCST("a comment LibCST may read otherwise")
                    i = hash_at
            i -= 1
        return i

    def _paren(self, node: ast.Call) -> int:
        """The offset of a call's opening parenthesis in the focus text."""
        func = node.func
        return self._focus.text.index(
            "(", self._offset(func.end_lineno or 0, func.end_col_offset or 0))

    def _offset(self, line: int, col: int) -> int:
        return self._starts[line - 1] + self._col(line, col)

    # -- the questions the custom rule fixes ask -----------------------------------------

    def call_at(self, span: Span) -> Call:
        """The call the analysis reported at exactly `span` (see `FixSource.call_at`)."""
        found = None
        for node in ast.walk(self._tree):
            if isinstance(node, ast.Expr):
                self._statements.add(id(node.value))
            elif found is None and isinstance(node, ast.Call) and self._span(node) == span:
                found = node
        if found is None:
            raise NeedsLibCST("no call at exactly the finding's span")
        return self._call(found)

    def _call(self, node: ast.Call) -> Call:
        """The call `call_at` found, unless LibCST would give it or its callee or arguments
        another range (parentheses around them)."""
        text = self._focus.text
        before = self._before(self._offset(node.lineno, node.col_offset))
        if text[before : before + 1] == "(" and not any(
                isinstance(outer, ast.Call) and _arguments(outer)[:1]
                and _arguments(outer)[0][2] is node and self._paren(outer) == before
                for outer in ast.walk(self._tree)):  # else the parenthesis is an outer call's
            raise NeedsLibCST("parentheses around the call")
        if (node.func.lineno, node.func.col_offset) != (node.lineno, node.col_offset):
            raise NeedsLibCST("parentheses around the callee")
        paren = self._paren(node)
        items = _arguments(node)
        for i, (_, _, value) in enumerate(items):
            if isinstance(value, ast.GeneratorExp):
                raise NeedsLibCST("a generator argument")
            before = self._before(self._offset(value.lineno, value.col_offset))
            if not (text[before : before + 1] in (",", "=", "*") or (i == 0 and before == paren)):
                raise NeedsLibCST("a parenthesised argument")
        call = self._expr(node)
        assert isinstance(call, Call)
        self._ast[id(call)] = node
        return call

    def _expr(self, node: ast.expr) -> object:
        out: object
        if isinstance(node, ast.Name):
            out = Name(node.id)
        elif isinstance(node, ast.Attribute):
            out = Attribute(self._expr(node.value), Name(node.attr))
        elif isinstance(node, ast.Call):
            out = Call(self._expr(node.func), tuple(
                Arg(self._expr(value), keyword, star) for _, (keyword, star), value
                in _arguments(node)))
        else:
            out = Other()
        self.positions[out] = self._span(node)
        return out

    def is_statement(self, node: Call) -> bool:
        return id(self._ast[id(node)]) in self._statements

    def generated_helpers(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for node, (st, *_) in self._body:
            if not isinstance(st, _FUNCS):
                continue
            first = st.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.JoinedStr) or (
                    isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, bytes)):
                raise NeedsLibCST("a docstring LibCST reads otherwise")
            doc = ast.get_docstring(st, clean=False)
            if doc and doc.startswith(GENERATED_MARKER):
                role = doc[len(GENERATED_MARKER) :].split(")", 1)[0].strip(" (")
                assert isinstance(node, FunctionDef)
                found.setdefault(role, node.name.value)
        return found

    def header_end_line(self) -> int:
        after = 1
        for i, (node, group) in enumerate(self._body):
            if isinstance(group[0], ast.Expr) and i == 0 and len(group) == 1:
                value = group[0].value
                if isinstance(value, ast.JoinedStr):
                    raise NeedsLibCST("an f-string first")
                if isinstance(value, ast.Constant) and isinstance(value.value, (str, bytes)):
                    after = self.positions[node].end_line + 1
                    continue
            if all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in group):
                after = self.positions[node].end_line + 1
                continue
            break
        return after

    def top_level_statement(self, node: object) -> object | None:
        inner = self.span(node)
        for stmt, _ in self._body:
            if self.contains(self.span(stmt), inner):
                return stmt
        return None

    def first_line(self, stmt: object) -> int:
        decorators = getattr(stmt, "decorators", ())
        return self.span(decorators[0]).line if decorators else self.span(stmt).line

    def module_function(self, name: str) -> FunctionDef | None:
        found = None
        for node, _ in self._body:
            if isinstance(node, FunctionDef) and node.name.value == name:
                found = node
        return found


def _arguments(node: ast.Call) -> list[tuple[tuple[int, int], tuple[Name | None, str],
                                              ast.expr]]:
    """A call's arguments in the order written, as LibCST has them: (where, (keyword, star),
    value)."""
    items: list[tuple[tuple[int, int], tuple[Name | None, str], ast.expr]] = []
    for a in node.args:
        if isinstance(a, ast.Starred):
            items.append(((a.lineno, a.col_offset), (None, "*"), a.value))
        else:
            items.append(((a.lineno, a.col_offset), (None, ""), a))
    for k in node.keywords:
        key = (None, "**") if k.arg is None else (Name(k.arg), "")
        items.append(((k.lineno, k.col_offset), key, k.value))
    items.sort(key=lambda item: item[0])
    return items


_COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.AsyncFor,
             ast.While, ast.With, ast.AsyncWith, ast.Try, ast.Match,
             *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))


def _units(body: list[ast.stmt]) -> list[list[ast.stmt]]:
    """The module's statements as LibCST's module body has them: simple statements sharing a
    line together (one `SimpleStatementLine`)."""
    units: list[list[ast.stmt]] = []
    simple = False
    for st in body:
        is_simple = not isinstance(st, _COMPOUND)
        if units and simple and is_simple and st.lineno == units[-1][-1].end_lineno:
            units[-1].append(st)
        else:
            units.append([st])
        simple = is_simple
    return units
