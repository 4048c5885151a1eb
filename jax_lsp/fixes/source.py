"""The source text a fix edits, parsed with LibCST: where each node is, which names the imports
bind at a given place, and where new module-level code goes.

Positions are the analysis' convention (1-based lines, 0-based character columns, end
exclusive); LibCST counts columns in code points too, so spans compare directly.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterator, Mapping
from typing import TYPE_CHECKING

import libcst as cst
from libcst.metadata import (
    CodePosition,
    CodeRange,
    MetadataWrapper,
    PositionProvider,
    QualifiedNameSource,
    Scope,
    ScopeProvider,
)

from jax_lsp.analysis.findings import Span
from jax_lsp.fixes.addition import ModuleAddition
from jax_lsp.fixes.focus import Focus, focus_text, module_line
from jax_lsp.fixes.model import GENERATED_MARKER, line_starts
from jax_lsp.fixes.positions import TextPositions

if TYPE_CHECKING:
    from jax_lsp.fixes.generated import HelperModule
    from jax_lsp.fixes.outline import Outline

__all__ = ["GENERATED_MARKER", "FixSource", "ModuleAddition", "parse_fix_source"]


def parse_fix_source(text: str, helpers: HelperModule | None = None,
                     lines: Collection[int] | None = None,
                     outline: Outline | None = None) -> FixSource | None:
    """`text` parsed for fixing, or None when LibCST cannot parse it. With `helpers`, fixes put
    their shared machinery in that module instead of the file. With `lines` (those of a
    finding), LibCST parses only the statements a fix of it needs (`focus`), found in
    `outline` (`text`'s, made with `GENERATED_MARKER`) when given."""
    focus = (focus_text(text, lines, GENERATED_MARKER, outline) if lines is not None
             else None)
    try:
        return FixSource(text, helpers, focus)
    except (cst.ParserSyntaxError, RecursionError, ValueError):
        return None


class FixSource(TextPositions):
    """One module's text and its LibCST tree, with node positions and (resolved on first use)
    scopes."""

    #: the node classes a fix tests nodes against (`lite.LiteSource` has its own)
    kinds = cst

    def __init__(self, text: str, helpers: HelperModule | None = None,
                 focus: Focus | None = None) -> None:
        self.text = text
        self.helpers = helpers
        #: the tree holds only `focus`'s statements (at their lines in `text`) when given
        self.module = cst.parse_module(focus.text if focus is not None else text)
        self._wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        self.positions: Mapping[cst.CSTNode, CodeRange] = _positions(self._wrapper)
        if focus is not None:  # the tree's lines are the focus text's: the module's instead
            self.positions = _MovedPositions(self.positions, focus)
        self.newline = self.module.default_newline
        self._line_starts = line_starts(text)
        self._names: set[str] | None = None
        if focus is not None:  # what the whole module binds and mentions, from `ast`
            self._names = set(focus.names | focus.import_bound)
            self.__dict__["import_bound_names"] = focus.import_bound

    # -- positions ------------------------------------------------------------------------

    def span(self, node: cst.CSTNode) -> Span:
        r = self.positions[node]
        return Span(r.start.line, r.start.column, r.end.line, r.end.column)

    def nodes(self, kind: type[cst.CSTNode]) -> Iterator[cst.CSTNode]:
        for node in self.positions:
            if isinstance(node, kind):
                yield node

    def call_at(self, span: Span) -> cst.Call | None:
        """The call expression the analysis reported at `span`: the call with exactly that
        range, else the innermost call starting there, else the innermost call around it."""
        starting: list[cst.Call] = []
        around: list[cst.Call] = []
        for node in self.nodes(cst.Call):
            assert isinstance(node, cst.Call)
            s = self.span(node)
            if s == span:
                return node
            if (s.line, s.col) == (span.line, span.col):
                starting.append(node)
            elif (s.line, s.col) <= (span.line, span.col) and (s.end_line, s.end_col) >= (
                span.end_line,
                span.end_col,
            ):
                around.append(node)

        def size(n: cst.Call) -> tuple[int, int]:
            s = self.span(n)
            return (s.end_line - s.line, s.end_col - s.col)

        for group in (starting, around):
            if group:
                return min(group, key=size)
        return None

    def is_statement(self, node: cst.BaseExpression) -> bool:
        """Whether `node` is an expression statement's value: nothing uses its result."""
        return any(isinstance(n, cst.Expr) and n.value is node for n in self.positions)

    # -- names ----------------------------------------------------------------------------

    @functools.cached_property
    def scopes(self) -> Mapping[cst.CSTNode, Scope | None]:
        # resolved on first use: scope analysis costs more than parsing
        return self._wrapper.resolve(ScopeProvider)

    def scope(self, node: cst.CSTNode) -> Scope | None:
        return self.scopes.get(node)

    def qualified_names(self, node: cst.CSTNode) -> set[str]:
        """What an expression refers to (e.g. {"jax.pure_callback"}), through imports."""
        scope = self.scope(node)
        if scope is None:
            return set()
        return {q.name for q in scope.get_qualified_names_for(node)}

    @functools.cached_property
    def import_bound_names(self) -> frozenset[str]:
        """Every name an import statement binds anywhere in the module (`a.b` for
        `import a.b`, and its first part)."""
        names: set[str] = set()
        for node in self.nodes(cst.Import):
            assert isinstance(node, cst.Import)
            for alias in node.names:
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    names.add(alias.asname.name.value)
                else:
                    dotted = _dotted(alias.name)
                    names.add(dotted)
                    names.add(dotted.split(".")[0])
        for node in self.nodes(cst.ImportFrom):
            assert isinstance(node, cst.ImportFrom)
            if isinstance(node.names, cst.ImportStar):
                continue
            for alias in node.names:
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    names.add(alias.asname.name.value)
                else:
                    names.add(_dotted(alias.name))
        return frozenset(names)

    def reference(self, qualified: str, at: cst.CSTNode) -> str | None:
        """Text that refers to `qualified` (e.g. "jax.lax.stop_gradient") at `at` through a name
        an import already binds there, preferring the most specific import: `stop_gradient`
        for `from jax.lax import stop_gradient`, then `lax.stop_gradient`, then
        `jax.lax.stop_gradient`. None when no import in scope leads there."""
        scope = self.scope(at)
        if scope is None:
            return None
        candidates = sorted(self.import_bound_names)
        parts = qualified.split(".")
        for n in range(len(parts), 0, -1):
            prefix = ".".join(parts[:n])
            rest = "".join("." + p for p in parts[n:])
            for name in candidates:
                if name not in scope:
                    continue
                quals = scope.get_qualified_names_for(name)
                if quals and all(
                    q.name == prefix and q.source is QualifiedNameSource.IMPORT for q in quals
                ):
                    return name + rest
        return None

    def all_names(self) -> set[str]:
        """Every identifier written anywhere in the module (a conservative set of names a new
        module-level name must avoid)."""
        if self._names is None:
            collector = _NameCollector()
            self.module.visit(collector)
            self._names = collector.names | self.import_bound_names
        return self._names

    def generated_helpers(self) -> dict[str, str]:
        """Role -> name of the helpers an earlier fix generated at module level (recognised by
        the marker on the first line of their docstring)."""
        found: dict[str, str] = {}
        for stmt in self.module.body:
            if not isinstance(stmt, cst.FunctionDef):
                continue
            doc = stmt.get_docstring(clean=False)
            if doc and doc.startswith(GENERATED_MARKER):
                role = doc[len(GENERATED_MARKER) :].split(")", 1)[0].strip(" (")
                found.setdefault(role, stmt.name.value)
        return found

    # -- where new module-level code goes ----------------------------------------------------

    def header_end_line(self) -> int:
        """The line where new imports and helpers go: right after the module's leading block
        of docstring and imports (1 when there is none)."""
        after = 1
        for i, stmt in enumerate(self.module.body):
            if isinstance(stmt, cst.SimpleStatementLine) and (
                all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)
                or (i == 0 and _is_docstring(stmt))
            ):
                after = self.positions[stmt].end.line + 1
                continue
            break
        return after

    def top_level_statement(self, node: cst.CSTNode) -> cst.BaseStatement | None:
        """The module-level statement that contains `node`."""
        inner = self.span(node)
        for stmt in self.module.body:
            if self.contains(self.span(stmt), inner):
                return stmt
        return None

    def first_line(self, stmt: cst.BaseStatement) -> int:
        """The line a statement starts on, its decorators included."""
        decorators = getattr(stmt, "decorators", ())
        return self.span(decorators[0]).line if decorators else self.span(stmt).line

    def module_function(self, name: str) -> cst.FunctionDef | None:
        """The module-level `def name` (the last one, as that is what the name ends up bound to)."""
        found = None
        for stmt in self.module.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == name:
                found = stmt
        return found


def _positions(wrapper: MetadataWrapper) -> Mapping[cst.CSTNode, CodeRange]:
    """The nodes' positions. `MetadataWrapper.resolve` walks the whole tree once more after
    computing them, for batchable providers even when there are none (libcst 1.x), which
    costs as much again: the provider runs on its own where libcst lets it."""
    gen = getattr(PositionProvider(), "_gen", None)
    if gen is None:
        return wrapper.resolve(PositionProvider)
    return gen(wrapper)  # type: ignore[no-any-return]


class _MovedPositions(Mapping[cst.CSTNode, CodeRange]):
    """Positions in a focus text, read as the module's (each moved when asked for: a fix
    asks for a few of the thousands)."""

    def __init__(self, positions: Mapping[cst.CSTNode, CodeRange], focus: Focus) -> None:
        self._positions = positions
        self._focus = focus

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        r = self._positions[node]
        return CodeRange(CodePosition(module_line(self._focus, r.start.line), r.start.column),
                         CodePosition(module_line(self._focus, r.end.line), r.end.column))

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._positions)

    def __len__(self) -> int:
        return len(self._positions)


class _NameCollector(cst.CSTVisitor):
    """The identifiers a module binds or reads, leaving out attribute names (`x.name`) and
    the modules imports come from (`from name import ...`), which bind nothing."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        return False


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _is_docstring(stmt: cst.SimpleStatementLine) -> bool:
    return (
        len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )
