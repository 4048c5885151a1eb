"""The fix each finding would get, as ruff's JSON output and SARIF describe fixes: the edits of
the fix `check --fix` (with `--unsafe-fixes` for an unsafe one) would apply to that one finding.

Computed only for the machine-readable formats (confirming a fix analyses the fixed source),
for all of a file's findings at once: the fixes of findings apart are confirmed together by one
analysis, as `--fix` confirms its batches (`_FileFixer.choose_all`).
The edits are self-contained: the derivative machinery a fix shares with others is inlined
where `--fix` would create (or import) the helper module, since neither format can say
"create this file".

In a notebook, the fix is chosen on the joined code cells as `--fix` chooses it and cut back
into cells by `--fix`'s own code (`fixes.notebook`); a fix `--fix` would refuse to write there
(it touches a magic) has no fix object. As in ruff, JSON edits count rows from their cell's
first line (each edit also names its `cell`, which ruff's leaves out); SARIF's and rdjson's
count them in ruff's concatenated text of the cells (`notebook_layout`), as their regions do.
"""

from __future__ import annotations

import ast
import functools
import logging
from typing import Any

from jax_lsp.analysis.findings import Finding, Span
from jax_lsp.checker.notebook_layout import NotebookLayout
from jax_lsp.checker.results import PARSE_ERROR_CODE, FileResult, split_lines
from jax_lsp.fixes.notebook import CellEdit, NotebookCells, cell_edits, read_notebook

__all__ = ["fix_applicability", "is_fixable", "rdjson_suggestions", "ruff_fix", "sarif_fixes"]

log = logging.getLogger(__name__)


def fix_applicability(r: FileResult, f: Finding) -> str | None:
    """"safe" when `check --fix` has a fix for `f`, "unsafe" when only `--unsafe-fixes` adds
    one, None when neither has (or the configuration makes its code unfixable); judged from
    the finding alone, as editors list fixes before computing them (`jax_lsp.fixes.offers`).
    Safe: a custom rule, a host linear map not only transposed, or a stop_gradient into a call
    whose result nothing uses (an expression statement: the one fact the source adds); the
    others (stop_gradient, jacrev instead of jacfwd, a transposed linear map) are unsafe, as
    `--fix` judges them; the configuration's `extend-safe-fixes`/`extend-unsafe-fixes` then
    change that by code (`FileResult.safe_codes`). ruff's `[*]` marker."""
    kind = _own_applicability(r, f)
    if kind is not None and f.code in r.safe_codes:
        return "safe"
    if kind is not None and f.code in r.unsafe_codes:
        return "unsafe"
    return kind


def _counts_safe(r: FileResult, f: Finding, safe: bool) -> bool:
    """A fix's own safety as the configuration's `extend-safe-fixes`/`-unsafe-fixes` say."""
    return (safe or f.code in r.safe_codes) and f.code not in r.unsafe_codes


def _own_applicability(r: FileResult, f: Finding) -> str | None:
    if f.code == PARSE_ERROR_CODE or f.code in r.unfixable:
        return None
    from jax_lsp.analysis.findings import FixKind
    from jax_lsp.fixes.offers import offered_kinds

    kinds = offered_kinds(f)
    if not kinds:
        return None
    if f.code in ("JAX002", "JAX008"):  # the host linear map (listed as a custom rule kind)
        return "unsafe" if set(f.modes) == {"transpose"} else "safe"
    if FixKind.CUSTOM_JVP in kinds or FixKind.CUSTOM_VJP in kinds:
        return "safe"
    if FixKind.STOP_GRADIENT in kinds and r.source is not None \
            and f.span in _statement_calls(r.source):
        return "safe"  # nothing uses the call's result: `stop_gradient_fix` calls that safe
    return "unsafe"


@functools.lru_cache(maxsize=4)
def _statement_calls(source: str) -> frozenset[Span]:
    """The spans (character columns) of the calls that are a whole expression statement: no
    gradient flows out of them, so stopping gradients into them changes none."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return frozenset()
    lines = split_lines(source)

    def column(line: int, offset: int) -> int:  # ast's UTF-8 byte offset -> characters
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        return len(text.encode("utf-8")[:offset].decode("utf-8", errors="ignore"))

    return frozenset(
        Span(c.lineno, column(c.lineno, c.col_offset), c.end_lineno,
             column(c.end_lineno, c.end_col_offset))
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(c := node.value, ast.Call)
        and c.end_lineno is not None and c.end_col_offset is not None
    )


def is_fixable(r: FileResult, f: Finding) -> bool:
    """Whether `f` gets ruff's `[*]`: a safe fix, or an unsafe one under `--unsafe-fixes`."""
    kind = fix_applicability(r, f)
    return kind == "safe" or (kind == "unsafe" and r.unsafe_fixes)


class _FileFixer:
    """Chooses fixes in one file as `--fix --unsafe-fixes` would for its first finding: the
    candidates in `fix_choices` order (built lazily, `fix_candidates`), the first that
    `fix_worked` accepts. The fixed sources are analysed incrementally from the original's
    full analysis (as `--fix` does), and the first choices of many findings together
    (`choose_all`); the module's statements are found once. The original's analysis is the
    check's when that is the same one (`FileResult.analysis`)."""

    def __init__(self, r: FileResult) -> None:
        from collections import Counter

        from jax_lsp.analysis.incremental import IncrementalAnalyzer

        assert r.source is not None
        self.source = r.source
        self.filename = r.abspath
        self.notebook = _notebook_of(r) if r.abspath.endswith(".ipynb") else None
        self.analyzer = IncrementalAnalyzer()
        first = r.analysis  # the check's, when it is the one made here
        #: the analyzer is still to analyse the source (the base of incremental analyses)
        #: before the first fixed version is (`_choose`)
        self.unseeded = True
        if first is None and len(r.findings) > 1:
            # a plain analysis: the fixes of several findings are mostly confirmed together
            # (`choose_all`), and a plain analysis costs a quarter less
            from jax_lsp.analysis.engine import analyze_source

            first = analyze_source(self.source, self.filename)
        elif first is None:  # one finding: its fix is confirmed incrementally from it
            from jax_lsp.analysis.engine import paused_gc

            with paused_gc():  # the collector would walk the growing analysis over and over
                first = self.analyzer.analyze(self.source, self.filename, None, None,
                                              incremental=False)
            self.unseeded = False
        self.codes = Counter(f.code for f in first.findings)
        reported = self._reported(first, self.source)
        self.reported = Counter(f.code for f in reported or ())
        from jax_lsp.fixes.apply import Census
        from jax_lsp.fixes.model import GENERATED_MARKER
        from jax_lsp.fixes.outline import Outline

        #: the original's findings, to judge a batch of fixes by (`_confirm`)
        self.census = Census(first, reported) if reported is not None else None
        del first  # the analyzer keeps what the incremental analyses need
        #: the statements of the source, found once for all its findings' fixes
        self.outline = Outline.of(self.source, GENERATED_MARKER)

    @staticmethod
    def _reported(result: Any, text: str) -> list[Finding] | None:
        from jax_lsp.analysis.suppress import filter_suppressed

        if result.error is not None:
            return None
        return list(filter_suppressed(text, result.findings))

    def choose_all(self, findings: list[Finding]) -> dict[Finding, Any]:
        """The fix `_choose` would choose for each of `findings` (None: none), with one
        analysis for many: each finding's first candidate is built on the source, and the
        candidates of findings whose edits and statements are apart are applied together and
        confirmed by one full analysis (`Census.verifies`, as `--fix` confirms a batch); a
        batch that fails is split in halves, down to one finding, which `_choose` decides."""
        from jax_lsp.analysis.engine import paused_gc

        chosen: dict[Finding, Any] = {}
        firsts: list[tuple[Finding, Any]] = []
        for f in findings:
            if f not in chosen:
                # the collector would walk the kept analysis over and over while a fix is
                # built; it runs between fixes, or the cycles LibCST leaves pile up
                with paused_gc():
                    fix = self._first(f)
                chosen[f] = None
                if fix is not None:
                    firsts.append((f, fix))
        for batch in _apart(firsts):
            self._confirm(batch, chosen)
        return chosen

    def _first(self, f: Finding) -> Any:
        """The first candidate `_choose` would analyse for `f` (one that changes the text)."""
        from jax_lsp.fixes.model import apply_edits
        from jax_lsp.fixes.registry import fix_candidates

        return next((fix for fix in fix_candidates(self.source, f, unsafe=True,
                                                   outline=self.outline)
                     if apply_edits(self.source, fix.edits) != self.source), None)

    def _confirm(self, batch: list[tuple[Finding, Any]], chosen: dict[Finding, Any]) -> None:
        """Set the chosen fix of each finding of `batch` (see `choose_all`)."""
        from jax_lsp.analysis.engine import analyze_source, paused_gc
        from jax_lsp.fixes.model import apply_edits

        if len(batch) == 1 or self.census is None or self.outline is None:
            for f, _ in batch:
                try:
                    with paused_gc():
                        chosen[f] = self._choose(f)
                except Exception:  # noqa: BLE001 - a fix that cannot be built is no fix
                    log.exception("cannot build the fix of %s at %s", f.code, f.span)
            return
        edits = _union(fix.edits for _, fix in batch)
        new = apply_edits(self.source, edits)
        outline = self.outline.rebased().edited(new, edits)
        if outline is not None:
            # fixes all over the module: an incremental analysis would start over in full, so
            # the source's analysis (its base) goes first: one analysis in memory at a time.
            # A plain analysis: the incremental analyzer's bookkeeping of a text with hundreds
            # of fixes took gigabytes (100,000 lines, 245 fixes: 4.4 GB, plain: 0.9 GB)
            self.release()
            with paused_gc():
                result = analyze_source(new, self.filename)
                worked = self.census.verifies(result, self._reported(result, new),
                                              [f for f, _ in batch], outline)
                del result
            if worked:
                chosen.update(batch)
                return
        half = len(batch) // 2
        self._confirm(batch[:half], chosen)
        self._confirm(batch[half:], chosen)

    def _choose(self, f: Finding) -> Any:
        from jax_lsp.fixes.apply import fix_worked
        from jax_lsp.fixes.model import apply_edits
        from jax_lsp.fixes.registry import fix_candidates

        for fix in fix_candidates(self.source, f, unsafe=True, outline=self.outline):
            new = apply_edits(self.source, fix.edits)
            if new == self.source:
                continue
            if self.unseeded:
                self.analyzer.analyze(self.source, self.filename, None, None,
                                      incremental=False)
                self.unseeded = False
            result = self.analyzer.analyze(new, self.filename, None, None, incremental=True)
            if fix_worked(f.code, self.reported[f.code], self.codes, result,
                          self._reported(result, new)):
                return fix
        return None

    def release(self) -> None:
        """Let the analyses go (the next one is a full one): once the file's fixes are chosen
        (only a finding the output asks about later, none as the formats go, would analyse
        again), or before a batch's full analysis."""
        from jax_lsp.analysis.incremental import IncrementalAnalyzer

        self.analyzer = IncrementalAnalyzer()
        self.unseeded = False

    def cells(self, fix: Any) -> list[CellEdit] | None:
        """A notebook fix's edits in the cells `--fix` would write, or None when it would
        refuse to."""
        from jax_lsp.fixes.model import apply_edits
        from jax_lsp.fixes.notebook import NotebookFixError

        if self.notebook is None:
            return None
        try:
            _, changes = self.notebook.rebuild(apply_edits(self.source, fix.edits))
        except NotebookFixError:
            return None
        return [edit for change in changes for edit in cell_edits(change)]


def _union(edit_lists: Any) -> list[Any]:
    """The edits of several fixes built on one source, each edit once (fixes that share a
    pasted helper insert the same text at the same place)."""
    return list(dict.fromkeys(e for edits in edit_lists for e in edits))


def _apart(firsts: list[tuple[Finding, Any]]) -> list[list[tuple[Finding, Any]]]:
    """`firsts` (findings and their first candidate fixes) cut, in order, into batches whose
    fixes can be applied together: no edit overlaps or touches (on the same line) another
    fix's edit but an identical one, and no fix edits a line of another finding's statements
    (its call and its path's steps in the file)."""
    from jax_lsp.fixes.registry import finding_lines

    def lines_of(e: Any) -> range:
        return range(e.span.line, e.span.end_line + 1)

    batches: list[list[tuple[Finding, Any]]] = []
    edits: set[Any] = set()
    edited: set[int] = set()  # the lines the batch's edits touch
    lines: set[int] = set()  # the lines of the batch's findings' statements
    for f, fix in firsts:
        own_lines = finding_lines(f)
        own_edited = {n for e in fix.edits if e not in edits for n in lines_of(e)}
        clash = not own_edited.isdisjoint(edited | lines) or not own_lines.isdisjoint(edited)
        if not batches or (clash and batches[-1]):
            batches.append([])
            edits, edited, lines = set(), set(), set()
        batches[-1].append((f, fix))
        edits.update(fix.edits)
        edited |= {n for e in fix.edits for n in lines_of(e)}
        lines |= own_lines
    return batches


def _notebook_of(r: FileResult) -> NotebookCells | None:
    """The notebook `r` was read from, when it still holds the code that was analysed."""
    try:
        notebook = read_notebook(r.notebook())
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError):
        return None
    return notebook if notebook.joined.source == r.source else None


class _ChosenFixes:
    """The fixes chosen for the findings of one file, all at once (`choose_all`)."""

    def __init__(self, result: FileResult, fixer: _FileFixer | None,
                 fixes: dict[Finding, Any]) -> None:
        self.result = result
        #: None for a notebook whose fixes cannot be written back
        self.fixer = fixer
        self.fixes = fixes

    @classmethod
    def of(cls, r: FileResult) -> _ChosenFixes:
        fixer = _FileFixer(r)
        if r.abspath.endswith(".ipynb") and fixer.notebook is None:
            return cls(r, None, {})
        wanted = [f for f in r.findings
                  if f.code != PARSE_ERROR_CODE and f.code not in r.unfixable]
        fixes = fixer.choose_all(wanted)
        fixer.release()
        return cls(r, fixer, fixes)


#: the fixes of the file whose findings are being written (formats go file by file)
_current: list[_ChosenFixes] = []


def _fix(r: FileResult, f: Finding) -> tuple[Any, list[CellEdit] | None] | None:
    """The fix `--fix --unsafe-fixes` would choose for `f` and, in a notebook, its edits in
    the cells; None when there is none (as for ruff, also when the configuration makes its
    code unfixable)."""
    if f.code == PARSE_ERROR_CODE or f.code in r.unfixable or r.source is None:
        return None
    try:
        if not _current or _current[0].result is not r:
            _current.clear()  # the previous file's fixes go before this file's are built
            _current.append(_ChosenFixes.of(r))
        chosen = _current[0]
        if chosen.fixer is None:
            return None
        fix = chosen.fixes[f] if f in chosen.fixes else chosen.fixer.choose_all([f])[f]
        if fix is None:
            return None
        if chosen.fixer.notebook is None:
            return fix, None
        cells = chosen.fixer.cells(fix)
        return None if cells is None else (fix, cells)
    except Exception:  # noqa: BLE001 - a fix that cannot be built is no fix, not a crash
        log.exception("cannot build the fix of %s at %s", f.code, f.span)
        return None


def ruff_fix(r: FileResult, f: Finding) -> dict[str, Any] | None:
    """ruff's `fix` object: applicability, message and edits (1-based rows and columns; in
    a notebook, rows counted from the edit's `cell`)."""
    chosen = _fix(r, f)
    if chosen is None:
        return None
    fix, cells = chosen
    if cells is None:
        edits = [
            {
                "content": e.new_text,
                "location": {"row": e.span.line, "column": e.span.col + 1},
                "end_location": {"row": e.span.end_line, "column": e.span.end_col + 1},
            }
            for e in fix.edits
        ]
    else:
        edits = [
            {
                "cell": e.cell,
                "content": e.content,
                "location": {"row": e.row, "column": e.column},
                "end_location": {"row": e.end_row, "column": e.end_column},
            }
            for e in cells
        ]
    return {
        "applicability": "safe" if _counts_safe(r, f, fix.safe) else "unsafe",
        "message": fix.title,
        "edits": edits,
    }


def _replacements(r: FileResult, f: Finding, layout: NotebookLayout | None
                  ) -> tuple[Any, list[tuple[int, int, int, int, str]]] | None:
    """The chosen fix and its edits as (row, column, end row, end column, content), 1-based,
    the end exclusive: in a notebook, in rows of ruff's concatenated text (`notebook_layout`),
    None when an edit falls in a cell ruff leaves out of it."""
    chosen = _fix(r, f)
    if chosen is None:
        return None
    fix, cells = chosen
    if cells is None:
        return fix, [(e.span.line, e.span.col + 1, e.span.end_line, e.span.end_col + 1,
                      e.new_text) for e in fix.edits]
    if layout is None or any(e.cell not in layout.ruff_joined for e in cells):
        return None
    return fix, [(layout.ruff_row(e.cell, e.row), e.column, layout.ruff_row(e.cell, e.end_row),
                  e.end_column, e.content) for e in cells]


def sarif_fixes(r: FileResult, f: Finding, artifact: dict[str, str],
                layout: NotebookLayout | None = None) -> list[dict[str, Any]]:
    """SARIF 2.1.0 `fixes` of a result: one fix with its replacements in the file (in a
    notebook, rows of ruff's concatenated text, as the regions)."""
    chosen = _replacements(r, f, layout)
    if chosen is None:
        return []
    fix, edits = chosen
    replacements = [
        {
            "deletedRegion": {
                "startLine": row,
                "startColumn": column,
                "endLine": end_row,
                "endColumn": end_column,
            },
            "insertedContent": {"text": content},
        }
        for row, column, end_row, end_column, content in edits
    ]
    return [
        {
            "description": {"text": fix.title + (
                "" if _counts_safe(r, f, fix.safe) else " (unsafe)")},
            "artifactChanges": [{"artifactLocation": artifact, "replacements": replacements}],
        }
    ]


def rdjson_suggestions(r: FileResult, f: Finding,
                       layout: NotebookLayout | None = None) -> list[dict[str, Any]]:
    """reviewdog's `suggestions` of a diagnostic: the fix's replacements, positioned as SARIF's
    (in a notebook, in ruff's concatenated text, as ruff's rdjson does)."""
    chosen = _replacements(r, f, layout)
    if chosen is None:
        return []
    return [
        {
            "range": {
                "start": {"line": row, "column": column},
                "end": {"line": end_row, "column": end_column},
            },
            "text": content,
        }
        for row, column, end_row, end_column, content in chosen[1]
    ]
