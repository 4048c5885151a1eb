"""Apply fixes to whole files: the engine behind `jax-lsp check --fix`, `--unsafe-fixes` and
`--diff`.

A file is fixed as if one finding at a time: analyse, apply the chosen fix of the first finding
that has one, analyse again (the edits move everything below them, and a later fix may reuse a
helper or import an earlier one added). A fix that does not make its finding go away is undone
and not tried again. The fast path gets that result with one analysis for many fixes: it
builds the fixes of independent findings in a row and checks them together (`_Rounds`).

A file is written in place (`safe_io.rewrite_in_place`: its owner, mode and hard links kept, and
only if the user may write it, as ruff does) and only if it is still, at the moment of the write,
the file that was read, byte for byte: a save made meanwhile is never overwritten. The helper
module its fixes import is created first, and must be jax-lsp's own regular file, or the file is
not written.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from pathlib import Path

from jax_lsp.analysis.engine import AnalysisConfig, AnalysisResult, analyze_source, paused_gc
from jax_lsp.analysis.findings import Finding, FixKind, Span
from jax_lsp.analysis.incremental import IncrementalAnalyzer, KnownEdits, reparse_statements
from jax_lsp.analysis.source_text import python_text
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.analysis.syntax import parse_module
from jax_lsp.analysis.workspace import Workspace
from jax_lsp.checker.runner import PriorAnalysis, import_workspace
from jax_lsp.fixes.generated import MAX_HELPER_MODULE_BYTES, HelperModule, is_helper_module
from jax_lsp.fixes.model import GENERATED_MARKER, CreatedFile, Fix, apply_edits
from jax_lsp.fixes.notebook import CellChange, NotebookFixError, read_notebook
from jax_lsp.fixes.outline import Outline
from jax_lsp.fixes.registry import fix_candidates, fixes_for
from jax_lsp.project.cache import content_hash, recording
from jax_lsp.project.config import Config
from jax_lsp.project.provenance import MAX_FILE_BYTES, RecordingWorkspace
from jax_lsp.safe_io import (
    FileChanged,
    create_new,
    read_file_state,
    read_regular_file,
    rewrite_in_place,
)

__all__ = [
    "AppliedFix",
    "FileFixOutcome",
    "choose_fix",
    "create_files",
    "fix_file",
    "fix_files",
    "fix_source",
    "text_diff",
    "unified_diff",
]

_BOM = b"\xef\xbb\xbf"
_LINES = re.compile(r"[^\n]*\n|[^\n]+\Z")
#: a file never needs more rounds than it has findings; this only bounds a runaway
MAX_ROUNDS = 200


@dataclass(frozen=True)
class AppliedFix:
    code: str
    #: the line of the finding, in the text before this fix was applied
    line: int
    title: str
    safe: bool


@dataclass(frozen=True)
class FixedSource:
    text: str
    applied: tuple[AppliedFix, ...]
    #: files the applied fixes need (the helper module they import)
    created: tuple[CreatedFile, ...] = ()
    #: the full (or exact) analysis of `text`, if the fixing made one
    analysis: AnalysisResult | None = field(default=None, compare=False)


def choose_fix(fixes: Sequence[Fix], *, unsafe: bool) -> Fix | None:
    """The fix `--fix` applies for one finding: the preferred one if allowed, else the first
    allowed one; never a suppression."""
    allowed = [f for f in fixes if f.kind is not FixKind.SUPPRESS and (f.safe or unsafe)]
    return next((f for f in allowed if f.preferred), allowed[0] if allowed else None)


def _parses(text: str) -> bool:
    try:
        parse_module(text)
    except (SyntaxError, ValueError, RecursionError):
        return False
    return True


def _tree(text: str) -> ast.Module | None:
    """`text`'s tree, as `ast.parse` makes it (the analysis and the outline share it); None
    when it does not parse so, or the analysis reads another text (`python_text`)."""
    if python_text(text) != text:
        return None
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return None


def _line(lines: list[str], line: int) -> str:
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def _moved_span(span: Span, outline: Outline) -> Span | None:
    """`span` of the text `outline` was rebased on, in `outline`'s text; None when its
    statement has been edited since."""
    line = outline.origin_line(span.line)
    if line is None:
        return None
    delta = line - span.line
    if outline.origin_line(span.end_line) != span.end_line + delta:
        return None
    return Span(line, span.col, span.end_line + delta, span.end_col)


def _moved_finding(finding: Finding, outline: Outline) -> Finding | None:
    """`finding` as the analysis of `outline`'s text would report it if its statements (its
    call and its path's steps in this file) have not been edited since the text `outline`
    was rebased on; else None."""
    span = _moved_span(finding.span, outline)
    operands = [_moved_span(s, outline) for s in finding.operand_spans]
    steps = [(st, _moved_span(st.span, outline) if st.filename is None else st.span)
             for st in finding.path]
    if span is None or None in operands or any(s is None for _, s in steps):
        return None
    if span == finding.span and all(st.span == s for st, s in steps) and \
            list(finding.operand_spans) == operands:
        return finding
    path = tuple(replace(st, span=s) for st, s in steps if s is not None)  # none is None here
    message = finding.message
    if path and path[0].filename is None and path[0].span.line != finding.path[0].span.line:
        message = message.replace(f"(line {finding.path[0].span.line})",
                                  f"(line {path[0].span.line})", 1)
    return replace(finding, span=span, path=path, message=message,
                   operand_spans=tuple(operands))  # type: ignore[arg-type]


class Census:
    """The findings of the text a batch starts from, to judge the batch's result by."""

    def __init__(self, result: AnalysisResult, reported: list[Finding]) -> None:
        self.findings = result.findings
        self.reported = Counter(f.code for f in reported)

    def verifies(self, result: AnalysisResult, reported: list[Finding] | None,
                 fixed_findings: Sequence[Finding], outline: Outline) -> bool:
        """Whether `result` (of `outline`'s text, the fixes of `fixed_findings`, findings of
        the batch's first text, applied) is what fixing them one at a time would leave:
        outside the statements they edited, the same findings at the same places but theirs;
        inside, no code with more findings than before less theirs; fewer reported findings
        of each fixed code, by as many."""
        if reported is None:
            return False
        outside: Counter[tuple[str, Span]] = Counter()
        inside: Counter[str] = Counter()
        for f in self.findings:
            span = _moved_span(f.span, outline)
            if span is None:
                inside[f.code] += 1
            else:
                outside[(f.code, span)] += 1
        for m in fixed_findings:
            span = _moved_span(m.span, outline)
            if span is None:
                inside[m.code] -= 1
            else:
                outside[(m.code, span)] -= 1
        after_inside: Counter[str] = Counter()
        for f in result.findings:
            if outline.edited_lines((f.span.line, f.span.end_line)):
                after_inside[f.code] += 1
            else:
                outside[(f.code, f.span)] -= 1
        if any(outside.values()) or any(n > inside[c] for c, n in after_inside.items()):
            return False
        fixed = Counter(m.code for m in fixed_findings)
        after = Counter(f.code for f in reported)
        return all(after[c] <= self.reported[c] - n for c, n in fixed.items())


def fix_choices(fixes: Sequence[Fix], *, unsafe: bool) -> list[Fix]:
    """The fixes `--fix` may apply for one finding, in the order it tries them: `choose_fix`'s
    choice first, then the other allowed ones."""
    first = choose_fix(fixes, unsafe=unsafe)
    if first is None:
        return []
    rest = [f for f in fixes if f is not first and f.kind is not FixKind.SUPPRESS
            and (f.safe or unsafe)]
    return [first, *rest]


def fix_source(
    text: str,
    *,
    unsafe: bool = False,
    filename: str = "<string>",
    config: AnalysisConfig | None = None,
    reported: Callable[[Finding], bool] = lambda f: True,
    workspace: Workspace | None = None,
    helpers: HelperModule | None = None,
    fix_safety: Mapping[str, bool] | None = None,
) -> FixedSource:
    """`text` with the fixes of its reported findings applied (safe ones only unless
    `unsafe`; `fix_safety`, the configuration's `extend-safe-fixes`/`extend-unsafe-fixes`,
    says code by code which fixes count as safe instead of their own judgement). `reported`
    selects the findings the user asked for (codes enabled by the configuration); suppressed
    findings are never fixed. With `workspace`, the analysis follows imports as `jax-lsp
    check` does; with `helpers`, the fixes share that helper module.

    Fast path: the fixes of independent findings are applied in batches checked by one
    analysis each (`_Rounds`), fixed versions are analysed incrementally where one fix changed
    a few statements, and LibCST sees only the statements a fix needs; the result is
    confirmed by a full analysis (the batch's own when it was one), and should that disagree
    (the incremental analysis is exact but for corner cases), everything is done again one
    fix at a time with full analyses."""
    # the cyclic collector would walk the analyses' trees and records kept between rounds
    # over and over while the fixes are built (a quarter of the time on large modules); they
    # are freed, acyclic, when `_fix_source` returns, before it resumes (see `paused_gc`)
    planned = workspace.planned if workspace is not None else {}
    try:
        with paused_gc():
            return _fix_source(text, _Safety(unsafe, fix_safety or {}), filename, config,
                               reported, workspace, helpers)
    finally:
        if workspace is not None:  # nothing is created yet
            workspace.planned = planned


@dataclass(frozen=True)
class _Safety:
    """Which fixes `--fix` may apply: the safe ones, the unsafe too with `--unsafe-fixes`;
    `overrides` (code -> counts as safe) changes a code's fixes' own safety, as ruff's
    `extend-safe-fixes`/`extend-unsafe-fixes` do."""

    unsafe: bool
    overrides: Mapping[str, bool]

    def allows(self, code: str) -> bool | None:
        """For a finding of `code`: every fix (True), the safe ones (False), none (None)."""
        counts_safe = self.overrides.get(code)
        if counts_safe is None:
            return self.unsafe
        return True if counts_safe or self.unsafe else None

    def is_safe(self, code: str, fix: Fix) -> bool:
        return self.overrides.get(code, fix.safe)


def _fix_source(text: str, safety: _Safety, filename: str, config: AnalysisConfig | None,
                reported: Callable[[Finding], bool], workspace: Workspace | None,
                helpers: HelperModule | None) -> FixedSource:
    fast, counts, last = _fix_rounds(text, safety, filename, config, reported, workspace,
                                     helpers, fast=True)
    if not fast.applied:
        return replace(fast, analysis=last if last.exact else None)
    if workspace is not None:  # the analysis of the fixed text finds what its fixes create
        workspace.planned = {f.path: f.text for f in fast.created}
    after = _confirmation(counts, fast.text, filename, config, workspace, last)
    if after is not None:
        return replace(fast, analysis=after)
    slow, _, last = _fix_rounds(text, safety, filename, config, reported, workspace, helpers,
                                fast=False)
    return replace(slow, analysis=last)  # full analyses only


def _confirmation(counts: Counter[str], fixed: str, filename: str,
                  config: AnalysisConfig | None, workspace: Workspace | None,
                  last: AnalysisResult) -> AnalysisResult | None:
    """The full analysis of `fixed` if it agrees the fixes traded no finding for another:
    the fixed text parses and has no more findings of any code than the original had
    (`counts`); else None. `last`, the fast path's analysis of `fixed`, is that full analysis
    when it is exact."""
    after = last if last.exact else analyze_source(fixed, filename, config, workspace)
    if after.error is not None:
        return None
    codes = Counter(f.code for f in after.findings)
    return after if all(n <= counts[code] for code, n in codes.items()) else None


def fix_worked(code: str, before: int, before_codes: Counter[str], result: AnalysisResult,
               reported: list[Finding] | None) -> bool:
    """Whether the analysis of a fixed source (`result`, and its `reported` findings: None
    when it does not parse) shows the fix worked: fewer reported findings of the fixed
    finding's `code` than `before`, and no code with more findings than `before_codes` (the
    fix would trade its finding for another, see `registry`)."""
    if reported is None or sum(f.code == code for f in reported) >= before:
        return False
    codes = Counter(f.code for f in result.findings)
    return not any(n > before_codes[c] for c, n in codes.items())


def _fix_rounds(
    text: str,
    safety: _Safety,
    filename: str,
    config: AnalysisConfig | None,
    reported: Callable[[Finding], bool],
    workspace: Workspace | None,
    helpers: HelperModule | None,
    *,
    fast: bool,
) -> tuple[FixedSource, Counter[str], AnalysisResult]:
    """Apply the fixes, re-analysing after each (see `fix_source`); also returns the original
    text's count of findings per code (of its full analysis) and the analysis of the fixed
    text. Fast: in batches (`_Rounds`)."""
    rounds = _Rounds(text, safety, filename, config, reported, workspace, helpers, fast=fast)
    rounds.run()
    fixed = FixedSource(rounds.text, tuple(rounds.applied), tuple(rounds.created.values()))
    return fixed, rounds.original_counts, rounds.current


@dataclass
class _Member:
    """One fix of a batch: its finding (in the batch's first text, and moved to the text it
    was built on), the fix and what it leaves."""

    original: Finding
    finding: Finding
    fix: Fix
    text: str
    outline: Outline | None
    helpers: HelperModule | None
    #: findings given up (no fix changes the text) before this member was built
    given_up: list[tuple[str, str]]


class _Rounds:
    """The fix loop of one text. A round fixes the first finding whose fix works, as if the
    findings were fixed one at a time with an analysis after each (the sequential round, and
    the slow path's only kind).

    A batch round gets the same result for several findings with one analysis: it builds the
    fixes of the findings in order, each on the text the ones before it left (so that they
    share an import or a helper as sequential fixes do), stopping at a finding whose
    statements an earlier fix of the batch edited; then analyses the result once. The batch
    stands when, outside the edited statements, exactly the findings the original had are
    there (the fixed ones gone), and inside them no code has more findings than before minus
    the fixed ones: what one-at-a-time fixing would have found. Otherwise the first half of
    the batch is tried, down to its first fix alone; when that fails too, a sequential round
    (which tries the other fixes of the finding, or gives it up) takes over."""

    def __init__(self, text: str, safety: _Safety, filename: str,
                 config: AnalysisConfig | None, reported: Callable[[Finding], bool],
                 workspace: Workspace | None, helpers: HelperModule | None, *,
                 fast: bool) -> None:
        self.safety = safety
        self.filename = filename
        self.config = config
        self.reported = reported
        self.workspace = workspace
        self.helpers = helpers
        self.fast = fast
        self.analyzer = IncrementalAnalyzer()
        self.text = text
        self.created: dict[Path, CreatedFile] = {}
        self.outline: Outline | None = None
        #: the text's tree, which the first analysis parsed, until another analysis may
        #: move its nodes: the outline is made from it (`outline_of`)
        self.tree: tuple[str, ast.Module] | None = None
        #: the text of the last analysis when that was a plain one (see `analyse`)
        self.unrecorded: str | None = None
        tree = _tree(text) if fast else None
        # the first analysis is a plain full one: the records an incremental analysis starts
        # from cost a third of it, and most files need none (no finding, or a batch of
        # several fixes, which a plain analysis checks); a sequential round makes them
        # when it needs them (`unrecorded`)
        self.current = self.analyse(text, incremental=False, tree=tree)
        self.tree = (text, tree) if tree is not None else None
        self.original_counts = Counter(f.code for f in self.current.findings)
        self.applied: list[AppliedFix] = []
        self.given_up: set[tuple[str, str]] = set()

    def analyse(self, text: str, incremental: bool = True,
                pending: Sequence[Fix] = (), tree: ast.Module | None = None,
                known: KnownEdits | None = None) -> AnalysisResult:
        """The analysis of `text`, which has the accepted fixes and the `pending` ones
        applied: the files they create are found by its imports as if on disk (as the check
        after `--fix` finds them). A change of those files makes it a full analysis (the
        incremental one knows edits of the text only), unless nothing the analyses looked at
        reads otherwise with them. `tree`: `text`'s, parsed already.

        A full analysis the caller chose (not `incremental`: the first, a batch of fixes) is a
        plain one: the records an incremental analysis starts from cost a third of it, and
        the next analysis is rarely an incremental one. When it is, the analyzer first analyses
        that text (`unrecorded`) as it would have then. With `known` (the statements the
        fixes edited in the text the analyzer analysed last), a full analysis is first tried
        as an incremental one of those statements, kept when it is exact (equal to the full
        one)."""
        self.tree = None
        plain = not self.fast or not incremental
        if self.workspace is not None:
            planned = {f.path: f.text for f in self.created.values()}
            for fix in pending:
                for file in fix.create:
                    planned.setdefault(file.path, file.text)
            if planned != self.workspace.planned:
                before, self.workspace.planned = self.workspace.planned, planned
                incremental = False
                if known is not None and not (
                        isinstance(self.workspace, RecordingWorkspace)
                        and self.workspace.planned_change_unseen(before)):
                    known = None
        if (known is not None and self.fast and (plain or not incremental)
                and self.unrecorded is None and self.analyzer.last_source == known.base):
            result = self.analyzer.analyze_exact(text, self.filename, self.config,
                                                 self.workspace, known)
            if result is not None:
                return result
            # else a full analysis, as without `known`
        if plain:
            self.unrecorded = text
            return analyze_source(text, self.filename, self.config, self.workspace, tree=tree)
        if incremental and self.unrecorded is not None:
            self.analyzer.analyze(self.unrecorded, self.filename, self.config, self.workspace,
                                  incremental=False)
        self.unrecorded = None
        return self.analyzer.analyze(text, self.filename, self.config, self.workspace,
                                     incremental=incremental, tree=tree)

    def findings_in(self, result: AnalysisResult, text: str) -> list[Finding] | None:
        if result.error is not None:
            return None
        return [f for f in filter_suppressed(text, result.findings) if self.reported(f)]

    def run(self) -> None:
        for _ in range(2 * MAX_ROUNDS):
            if len(self.applied) >= MAX_ROUNDS:
                break
            findings = self.findings_in(self.current, self.text)
            if not findings:  # none left, or the text does not parse
                break
            progress = self.batch_round(findings) if self.fast else None
            if progress is None:
                progress = self.sequential_round(findings)
            if not progress:
                break

    def accept(self, finding: Finding, fix: Fix, text: str, result: AnalysisResult) -> None:
        self.applied.append(AppliedFix(finding.code, finding.span.line, fix.title,
                                       self.safety.is_safe(finding.code, fix)))
        self.text, self.current = text, result
        for file in fix.create:
            self.created.setdefault(file.path, file)
            if self.helpers is not None and file.path == self.helpers.path:
                self.helpers = replace(self.helpers, exists=True)

    # -- one fix at a time ----------------------------------------------------------------

    def candidates(self, text: str, finding: Finding, helpers: HelperModule | None,
                   outline: Outline | None) -> Iterator[Fix]:
        allows = self.safety.allows(finding.code)
        if allows is None:
            return iter(())
        if self.fast:
            return fix_candidates(text, finding, helpers, unsafe=allows, outline=outline)
        return iter(fix_choices(fixes_for(text, finding, helpers, validate=False),
                                unsafe=allows))

    def sequential_round(self, findings: list[Finding]) -> bool:
        """Fix the first finding whose fix works, analysing each candidate."""
        text = self.text
        lines = text.split("\n")
        before_codes = Counter(f.code for f in self.current.findings)
        outline = self.outline_of(text) if self.fast else None
        for finding in findings:
            key = (finding.code, _line(lines, finding.span.line))
            if key in self.given_up:
                continue
            before = sum(f.code == finding.code for f in findings)
            analysed = False
            for fix in self.candidates(text, finding, self.helpers, outline):
                new = apply_edits(text, fix.edits)
                if new == text or not _parses(new):
                    continue
                result = self.analyse(new, pending=[fix])
                analysed = True
                if fix_worked(finding.code, before, before_codes, result,
                              self.findings_in(result, new)):
                    self.outline = None
                    self.accept(finding, fix, new, result)
                    return True
            self.given_up.add(key)
            if analysed:  # the analyzer's last version is a rejected fix: back to `text`
                self.current = self.analyse(text)
        return False

    def edited_tree(self, member: _Member) -> ast.Module | None:
        """The tree of `member.text` (a batch's result), made from the tree of the text the
        batch edited (`tree`, which it takes: its statements move) by parsing only the
        statements the batch's outline says its fixes edited (`reparse_statements`: each
        statement it keeps is checked to read the same); None when there is no such tree or
        the outline is wrong (the analysis parses the text, a fifth of its time)."""
        if (self.tree is None or self.tree[0] is not self.text or member.outline is None
                or "\r" in member.text or python_text(member.text) != member.text):
            return None
        base = self.tree[1]
        self.tree = None
        outline = member.outline
        rp = reparse_statements(self.text.split("\n"), base, member.text.split("\n"),
                                KnownEdits(self.text, outline.los, outline.his,
                                           outline.origins))
        return rp.tree if rp is not None else None

    def outline_of(self, text: str) -> Outline | None:
        if self.outline is None or "".join(self.outline.lines) != text:
            if self.tree is not None and self.tree[0] == text:
                self.outline = Outline.of_tree(self.tree[1], text, GENERATED_MARKER)
            else:
                self.outline = Outline.of(text, GENERATED_MARKER)
        return self.outline

    # -- batches --------------------------------------------------------------------------

    def batch_round(self, findings: list[Finding]) -> bool | None:
        """Fix a batch of findings (see the class docstring); None when a sequential round
        must decide the first finding."""
        base = self.outline_of(self.text)
        if base is None:
            return None
        base = base.rebased()
        work, helpers = self.text, self.helpers
        outline: Outline | None = base
        lines = self.text.split("\n")
        members: list[_Member] = []
        given_up: list[tuple[str, str]] = []
        limit = MAX_ROUNDS - len(self.applied)
        for finding in findings:
            key = (finding.code, _line(lines, finding.span.line))
            if key in self.given_up or key in given_up:
                continue
            if len(members) >= limit or outline is None:
                break
            moved = _moved_finding(finding, outline)
            if moved is None:  # an earlier fix of the batch edited its statements
                break
            for fix in self.candidates(work, moved, helpers, outline):
                new = apply_edits(work, fix.edits)
                if new == work:
                    continue
                new_outline = outline.edited(new, fix.edits)
                if new_outline is None:
                    if not _parses(new):
                        continue
                    # the edited stretch does not parse alone: no statement is known
                    # unchanged any more, the batch ends with this fix
                    new_outline = None
                for file in fix.create:
                    if helpers is not None and file.path == helpers.path:
                        helpers = replace(helpers, exists=True)
                members.append(_Member(finding, moved, fix, new, new_outline, helpers,
                                       list(given_up)))
                work, outline = new, new_outline
                break
            else:
                given_up.append(key)  # no fix changes the text (as a sequential round finds)
        self.given_up.update(given_up[: len(members[0].given_up)] if members else given_up)
        if not members:
            return None
        before = Census(self.current, findings)
        n = len(members)
        while n:
            last = members[n - 1]
            # several fixes edit statements all over the module: an incremental analysis
            # would find most of it affected and start over in full
            # one fix: an incremental analysis of the statements it edited, if exact, when
            # the analyzer has the records of the text it edited (a batch's fixes reach most
            # roots of these modules: measured, that costs more than the plain analysis, see
            # README; and making the records costs more than a plain analysis saves)
            lone = n == 1 and self.unrecorded is None
            known = None
            if last.outline is not None and lone:
                known = KnownEdits(self.text, last.outline.los, last.outline.his,
                                   last.outline.origins)
            tree = None if lone else self.edited_tree(last)
            result = self.analyse(last.text, incremental=lone,
                                  pending=[m.fix for m in members[:n]], known=known, tree=tree)
            if last.outline is not None and before.verifies(result,
                                                            self.findings_in(result, last.text),
                                                            [m.original for m in members[:n]],
                                                            last.outline):
                self.given_up.update(last.given_up)
                for m in members[:n]:
                    self.accept(m.finding, m.fix, m.text, result)
                self.outline = last.outline
                return True
            n = n // 2 if n > 1 else 0
        return None


@dataclass(frozen=True)
class FileFixOutcome:
    """What fixing one file did."""

    path: Path
    original: str
    fixed: str
    applied: tuple[AppliedFix, ...]
    written: bool = False
    #: why the file was left alone although it had fixes (it changed on disk, cannot be
    #: written, ...); None otherwise
    refused: str | None = None
    #: new files the fixes need (the helper module), created beside it when written
    created: tuple[CreatedFile, ...] = ()
    #: for a notebook, the code cells that changed (a diff shows them cell by cell)
    cells: tuple[CellChange, ...] = ()
    #: the analysis of the Python file as it is now on disk (fixed or left as it was), with
    #: what it read: the check that follows reports it if all that is unchanged by then
    prior: PriorAnalysis | None = None
    #: for a diff (`write=False`), the text as fixed (a notebook's joined cells) and the
    #: findings its analysis still reports that the user asked to fix, for ruff's "N fixes
    #: available with `--unsafe-fixes`" hint; None otherwise, or when the fixing made no exact
    #: analysis of it
    remaining: tuple[str, tuple[Finding, ...]] | None = None

    @property
    def changed(self) -> bool:
        return self.fixed != self.original


def fix_file(
    path: Path,
    config: Config,
    *,
    unsafe: bool,
    write: bool,
    workspace: Workspace | None = None,
    planned: set[Path] | None = None,
) -> FileFixOutcome | None:
    """Fix one Python file or notebook; None when it cannot be read (not a regular file, too
    big), is not UTF-8 or not a notebook (the check reports that). `planned` holds the helper
    modules an earlier file of a diff creates (so that the diff shows each once); it gains
    this file's."""
    state = read_file_state(path, MAX_FILE_BYTES)
    if state is None:
        return None
    data = state.data
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    notebook = None
    if path.suffix == ".ipynb":
        try:
            notebook = read_notebook(text)
        except (ValueError, TypeError, KeyError):
            return None

    def wanted(f: Finding) -> bool:
        return config.is_enabled(f.code, path) and config.is_fixable(f.code)

    with recording(workspace) as record:  # every module and import the analyses looked at
        fixed = fix_source(
            notebook.joined.source if notebook is not None else text,
            unsafe=unsafe,
            filename=str(path),
            config=config.analysis_config(),
            reported=wanted,
            workspace=workspace,
            helpers=_helpers_beside(path, planned or set()),
            fix_safety=config.fix_safety,
        )
    remaining = None  # only a diff reports it (the check after --fix has its own findings)
    if not write and fixed.analysis is not None and fixed.analysis.error is None:
        remaining = (fixed.text, tuple(f for f in filter_suppressed(
            fixed.text, fixed.analysis.findings) if wanted(f)))

    def prior(on_disk: bytes) -> PriorAnalysis | None:
        if fixed.analysis is None:  # (a notebook's: of its joined code cells)
            return None
        provenance = record.provenance(content_hash(on_disk), fixed.analysis.dependencies)
        return None if provenance is None else PriorAnalysis(fixed.text, fixed.analysis,
                                                             provenance)

    if planned is not None and not write:  # written, they are on disk for the next file
        planned.update(c.path for c in fixed.created)
    new_text: str = fixed.text
    cells: tuple[CellChange, ...] = ()
    if notebook is not None and fixed.applied:
        try:
            new_text, cells = notebook.rebuild(fixed.text)
        except NotebookFixError as e:
            return FileFixOutcome(path, text, text, fixed.applied, refused=str(e))
    elif notebook is not None:
        new_text = text
    outcome = FileFixOutcome(path, text, new_text, fixed.applied, created=fixed.created,
                             cells=cells, remaining=remaining)
    if not write:
        return outcome
    if not outcome.changed:
        return replace(outcome, prior=prior(data))
    new_data = (_BOM if data.startswith(_BOM) else b"") + new_text.encode("utf-8")
    created: list[Path] = []
    try:
        _create_files(fixed.created, created)
        rewrite_in_place(path, state, new_data)
    except (_NotWritten, FileChanged, OSError) as e:
        for made in created:  # nothing imports it: leave no trace
            with suppress(OSError):
                os.unlink(made)
        if isinstance(e, OSError):
            return _refused(outcome, f"cannot write it: {e.strerror or e}")
        return _refused(outcome, str(e))
    return replace(outcome, written=True, prior=prior(new_data))


def _helpers_beside(path: Path, planned: set[Path]) -> HelperModule | None:
    helpers = HelperModule.beside(path)
    if helpers is not None and helpers.path in planned:
        return replace(helpers, exists=True)
    return helpers


class _NotWritten(Exception):
    """Why a fixed file is not written (its message says), the file left as it was."""


def create_files(files: Sequence[CreatedFile]) -> str | None:
    """Create the files fixes import (`_create_files`); None when done, else why not (then
    none of them was left behind)."""
    try:
        _create_files(files, [])
    except _NotWritten as e:
        return str(e)
    return None


def _create_files(files: Sequence[CreatedFile], created: list[Path]) -> None:
    """Create the files a fix imports, whole or not at all (`created` gains those made). One
    that is there by now is used if it is jax-lsp's own (a concurrent run made it); anything
    else of that name (a symlink, even a dangling one, a FIFO, the user's module) raises
    `_NotWritten`: the fixed file would import what is not the helper module."""
    for file in files:
        try:
            made = create_new(file.path, file.text.encode("utf-8"))
        except OSError as e:
            raise _NotWritten(f"cannot create {file.path.name}, which its fixes import: "
                              f"{e.strerror or e}") from e
        if made:
            created.append(file.path)
            continue
        there = read_regular_file(file.path, MAX_HELPER_MODULE_BYTES, follow_symlinks=False)
        try:
            ours = there is not None and is_helper_module(there.decode("utf-8"))
        except UnicodeDecodeError:
            ours = False
        if not ours:
            raise _NotWritten(f"{file.path.name}, which its fixes import, is there now and "
                              "is not the helper module jax-lsp writes")


def _refused(outcome: FileFixOutcome, why: str) -> FileFixOutcome:
    return replace(outcome, written=False, refused=why)


def fix_files(
    files: Sequence[tuple[Path, Config]],
    *,
    unsafe: bool,
    write: bool,
    follow_imports: bool = True,
    unfixed: bool = False,
) -> list[FileFixOutcome]:
    """Fix each file with its configuration; files without a fix are left out unless
    `unfixed`. With `follow_imports`, each project root gets the import index `jax-lsp
    check` uses (`import_workspace`)."""
    outcomes = []
    planned: set[Path] = set()
    for path, config in files:
        workspace = None
        if follow_imports:
            workspace = import_workspace(str(config.root or Path.cwd()), config.python_path(),
                                         config.python_trusted)
        outcome = fix_file(path, config, unsafe=unsafe, write=write, workspace=workspace,
                           planned=planned)
        if outcome is not None and (unfixed or outcome.applied):
            outcomes.append(outcome)
    return outcomes


def unified_diff(outcome: FileFixOutcome, shown: str) -> str:
    """The change as ruff's `--diff` prints it: a unified diff whose headers name the file as
    shown (`--- a.py` / `+++ a.py`, no `a/` `b/`: `patch -p0` or `git apply -p0` applies
    it), each file's diff followed by an empty line; a notebook's changed cells each under
    `nb.ipynb:cell N`; a created file as a diff from /dev/null."""
    if outcome.cells:  # a notebook: each changed cell, as ruff shows them
        out = ["".join(text_diff(f"{shown}:cell {c.number}", c.before, c.after,
                             f"{shown}:cell {c.number}", hint=False)
                       for c in outcome.cells)]
    else:
        out = [text_diff(shown, outcome.original, outcome.fixed, shown)]
    for file in outcome.created:
        name = str(Path(shown).with_name(file.path.name))
        out.append(text_diff("/dev/null", "", file.text, name))
    return "".join(part + "\n" for part in out)


def text_diff(before_name: str, before: str, after: str, shown: str, *, hint: bool = True) -> str:
    """One file's (or cell's) unified diff; `hint`: mark a last line without a line break
    (ruff marks it in files, not in notebook cells)."""
    lines = difflib.unified_diff(
        _LINES.findall(before),
        _LINES.findall(after),
        fromfile=before_name,
        tofile=shown,
    )
    out = []
    for line in lines:
        if line.endswith("\n"):
            out.append(line)
        else:
            out.append(line + ("\n\\ No newline at end of file\n" if hint else "\n"))
    return "".join(out)


@dataclass(frozen=True)
class FixRun:
    """What `run_fix_command` did."""

    #: how many fixes each file got (written, or in the diff); empty when none applies
    fixed: dict[Path, int]
    #: the analyses of the files as the fixing left them, for the check that follows
    prior: dict[Path, PriorAnalysis]
    #: each file's `FileFixOutcome.remaining`, where known
    remaining: dict[Path, tuple[str, tuple[Finding, ...]]] = field(default_factory=dict)


def run_fix_command(
    files: Sequence[tuple[Path, Config]],
    *,
    unsafe: bool,
    diff: bool,
    shown: Callable[[Path], str],
    out: Callable[[str], None],
    err: Callable[[str], None],
) -> FixRun:
    """`jax-lsp check --fix` / `--diff`: fix `files`, then write them (and say so on `err`) or
    print the diff on `out`."""
    every = fix_files(files, unsafe=unsafe, write=not diff, unfixed=True)
    prior = {o.path: o.prior for o in every if o.prior is not None}
    remaining = {o.path: o.remaining for o in every
                 if o.remaining is not None and o.refused is None}
    outcomes = [o for o in every if o.applied]
    if diff:
        for o in outcomes:
            if o.refused is not None:
                err(f"jax-lsp: no fix for {shown(o.path)}: {o.refused}\n")
        out("".join(unified_diff(o, shown(o.path)) for o in outcomes if o.refused is None))
        return FixRun(
            {o.path: len(o.applied) for o in outcomes if o.refused is None and o.applied}, prior,
            remaining)
    fixed = 0
    for o in outcomes:
        if o.refused is not None:
            err(f"jax-lsp: not writing {shown(o.path)}: {o.refused}\n")
        elif o.written:
            fixed += len(o.applied)
    if fixed:
        written = sum(o.written for o in outcomes)
        err(f"Fixed {fixed} finding{'s' * (fixed != 1)} in {written} "
            f"file{'s' * (written != 1)}.\n")
    return FixRun({o.path: len(o.applied) for o in outcomes if o.written and o.applied}, prior,
                  remaining)
