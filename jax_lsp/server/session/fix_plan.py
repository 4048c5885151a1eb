"""The fixes of one document version, computed once for every code-action request on it.

Editors ask for code actions again and again on one version: VS Code and Eglot on every cursor
move onto a diagnostic (Eglot wants the edits with the list), Neovim when the menu opens, each
client a resolve when the user picks an action, and "Fix all" on every save. Each request used
to build and validate its fixes from scratch, and the first one of a version also analysed the
original text again (the count per code of its findings, which every fix is judged against): on
a 5,000-line module a quick fix cost two analyses and an Eglot request one more per fix.

A plan holds, for one version of one document (and one configuration, report and helper
module), what those requests compute, each once:

- the count per code of the findings the document reports: its report has them, so no request
  analyses the original again (a fix is judged as the document is analysed, with its
  configuration and its imports followed: it is dropped when the fixed text reports more
  findings of some code than the document does);
- the text's tree and outline (its top-level statements and names, `fixes.outline`), parsed
  once: each fix's focused parse is cut from the outline, and each fixed text's tree is made
  from the tree, parsing only the statements the fix's edits touch (`_fixed_tree`; a full
  analysis of the fixed text all the same, which an incremental one from the document's
  records was measured not to beat: docs/server.md, "Fix cost");
- each fix's judgement (by its edits; made in the analysis process where the server gives
  one, `DocumentAnalysis.remote`: the analyser is warm there), each finding's fixes (by the
  kinds asked for) and the fix-all's edits; for a client that wants the edits with the
  list, only what fits in its request's time beyond each finding's first fix (`fixes`'
  deadline).

A notebook cell's fixes are judged as before (the joined source's plain analysis, against the
original's, `registry`): its report is the notebook's, with the cells' own positions.
"""

from __future__ import annotations

import ast
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from jax_lsp.analysis import Finding, FixKind
    from jax_lsp.analysis.options import AnalysisConfig, WorkspaceSpec
    from jax_lsp.fixes.generated import HelperModule
    from jax_lsp.fixes.model import CreatedFile, Fix, TextEdit
    from jax_lsp.fixes.outline import Outline
    from jax_lsp.project.config import Config
    from jax_lsp.server.session.lint import Report

    #: analyses a fix's text where the document's analyses run (`AnalysisProcess.judge`):
    #: (text, analysis configuration, planned files) -> its findings with suppressions
    #: applied, None if it does not parse; raises `Unjudged`, or whatever stops the request
    #: (the document changed)
    RemoteJudge = Callable[[str, AnalysisConfig, dict[Path, str]], list[Finding] | None]

__all__ = ["FIXING", "DocumentAnalysis", "FixPlan", "FixPlans", "PlanKey", "Unjudged"]

T = TypeVar("T")

#: held while an analysis runs on the process's shared workspace (a fix-all's `--fix`
#: pipeline, a fix's judgement): it is set up (`planned` files) for one text at a time
FIXING = threading.Lock()


@dataclass(frozen=True, eq=False)
class PlanKey:
    """What a plan's answers depend on; a plan is used only for an equal key (the text and
    report compared by identity first)."""

    uri: str
    version: int
    text: str
    generation: int
    report: Report | None
    helpers: HelperModule | None

    def same(self, other: PlanKey) -> bool:
        return (self.uri == other.uri and self.version == other.version
                and self.generation == other.generation and self.report is other.report
                and self.helpers == other.helpers
                and (self.text is other.text or self.text == other.text))


class Unjudged(Exception):
    """The analysis process could not judge a fix (it keeps dying): the plan judges it in
    its own process."""


@dataclass(frozen=True)
class DocumentAnalysis:
    """How the document is analysed for its diagnostics (see `reported.document_findings`),
    for judging its fixes the same way; `remote`, where (None: in this process)."""

    filename: str
    path: Path | None
    config: Config
    workspace: WorkspaceSpec | None
    remote: RemoteJudge | None = None


def _judgement_key(fix: Fix) -> tuple[tuple[TextEdit, ...], frozenset[Path]]:
    """What a fix's judgement depends on: its edits, not the text they make (a plan would
    hold a module's copy per fix), and the files it creates."""
    return fix.edits, frozenset(c.path for c in fix.create)


def _finding_id(finding: Finding) -> tuple[Any, ...]:
    """A finding within one version (hashing a `Finding` walks its whole path)."""
    return (finding.code, finding.span, finding.message)


class FixPlan:
    """See the module's docstring. Thread-safe: requests resolve in worker threads; one
    computes at a time, the others then find its answers."""

    def __init__(self, key: PlanKey, analysis: DocumentAnalysis | None) -> None:
        self.key = key
        self.text = key.text
        self.analysis = analysis
        self._lock = threading.RLock()
        report = key.report
        #: the count per code of the document's reported findings (None: not known yet)
        self._before: Counter[str] | None = None
        if (analysis is not None and report is not None and report.version == key.version
                and report.exact and report.parse_error is None
                and report.generation == key.generation
                and (report.text is key.text or report.text == key.text)):
            self._before = Counter(f.code for f in report.findings)
        self._judged: dict[tuple[tuple[TextEdit, ...], frozenset[Path]], bool] = {}
        self._fixes: dict[tuple[tuple[Any, ...], frozenset[FixKind] | None], list[Fix]] = {}
        self._computed: dict[str, Any] = {}
        #: analyses this plan ran (for tests and benchmarks), and how many of them the
        #: analysis process could not run (`Unjudged`: run here instead)
        self.analyses = 0
        self.remote_failures = 0
        #: how long the last judgement took (wall time, what the client waits for)
        self._judge_seconds = 0.0

    def fixes(self, finding: Finding, kinds: Collection[FixKind] | None = None,
              deadline: float | None = None,
              cancelled: Callable[[], bool] | None = None) -> list[Fix]:
        """`registry.fixes_for(text, finding, helpers, focused=True, kinds=kinds)`, judged
        as the document is analysed, computed once.

        `deadline` (a `time.monotonic()` time): a client that wants every fix's edit with
        the list (eglot) waits for every judgement, an analysis each. With a deadline, a fix
        not judged yet is judged only if that can end before it (a judgement takes as long
        as the last one did), or if the finding has no fix yet (its preferred fix, first,
        then the next one); the others are left out of this answer, never offered unjudged,
        and judged on a later request.

        `cancelled`: whether the request was cancelled (the client sent `$/cancelRequest`);
        once it is, no judgement starts, and the fixes not judged are left out as past a
        deadline. A cancelled request waiting for another's judgement starts none of its own."""
        from jax_lsp.fixes.registry import fixes_for

        wanted = frozenset(kinds) if kinds is not None else None
        fid = _finding_id(finding)
        with self._lock:
            known = self._fixes.get((fid, wanted))
            if known is None and wanted is not None:
                every = self._fixes.get((fid, None))
                if every is not None:
                    known = [f for f in every if f.kind in wanted]
            if known is None:
                left_out: list[str] = []
                judge: Callable[[Fix], bool] | None = None
                admit: Callable[[str], bool] | None = None
                if cancelled is not None and cancelled():
                    return []
                if self.analysis is not None:
                    judge = self.judge
                    if deadline is not None or cancelled is not None:
                        judge, admit = self._judge_until(deadline, left_out, cancelled)
                known = fixes_for(self.text, finding, self.key.helpers, focused=True,
                                  kinds=wanted, judge=judge, outline=self._outline(),
                                  admit=admit)
                if not left_out:
                    self._fixes[(fid, wanted)] = known
            return list(known)

    def _judge_until(self, deadline: float | None, left_out: list[str],
                     cancelled: Callable[[], bool] | None = None,
                     ) -> tuple[Callable[[Fix], bool], Callable[[str], bool]]:
        """`judge` for the fixes of one finding within `deadline` (see `fixes`), and whether
        to build a builder's fix at all (not when it could not be judged in time): a fix,
        or a builder, there is no time for is left out and named in `left_out`; so is any,
        once the request is `cancelled`."""
        accepted: list[Fix] = []

        def late() -> bool:
            return deadline is not None and time.monotonic() + self._judge_seconds > deadline

        def gone() -> bool:
            return cancelled is not None and cancelled()

        def judge(fix: Fix) -> bool:
            verdict = self._judged.get(_judgement_key(fix))
            if verdict is None:
                first = not accepted or (fix.preferred and not any(f.preferred for f in accepted))
                if gone() or (not first and late()):
                    left_out.append(fix.title)
                    return True
                verdict = self.judge(fix)
            if not verdict:
                accepted.append(fix)
            return verdict

        def admit(builder: str) -> bool:
            # (a fix already judged would cost its build only, but which is not known yet)
            if gone() or (accepted and any(f.preferred for f in accepted) and late()):
                left_out.append(builder)
                return False
            return True

        return judge, admit

    def _outline(self) -> Outline | None:
        """The text's outline (`fixes.outline`), which every fix's focused parse reads."""
        parsed = self._parsed()
        return parsed[1] if parsed is not None else None

    def _parsed(self) -> tuple[ast.Module | None, Outline] | None:
        """The text's tree and outline, made once per plan (None: `ast` cannot parse it),
        with the collector paused (it walked the new tree over and over: 1.7x the parse on
        a 5,000-line module). The tree also spares each judged fix the parse of what its
        edits left alone (`_fixed_tree`)."""
        from jax_lsp.analysis.gc_pause import paused_gc
        from jax_lsp.fixes.model import GENERATED_MARKER
        from jax_lsp.fixes.outline import Outline

        if "parsed" not in self._computed:
            parsed = None
            with paused_gc():
                try:
                    tree = ast.parse(self.text)
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    pass
                else:
                    parsed = tree, Outline.of_tree(tree, self.text, GENERATED_MARKER).rebased()
            self._computed["parsed"] = parsed
        return self._computed["parsed"]  # type: ignore[no-any-return]

    def forget_tree(self) -> None:
        """Let go of the text's tree (tens of megabytes on a large module), keeping its
        outline: a fix judged from here on has its text parsed in full. Without the plan's
        lock (the event loop calls it): a judgement under way holds the tree itself."""
        parsed = self._computed.get("parsed")
        if parsed is not None:
            self._computed["parsed"] = (None, parsed[1])

    def once(self, name: str, compute: Callable[[], T]) -> T:
        """`compute()`'s result, computed once per plan under `name` (the fix-all's edits)."""
        with self._lock:
            if name not in self._computed:
                self._computed[name] = compute()
            return self._computed[name]  # type: ignore[no-any-return]

    def judge(self, fix: Fix) -> bool:
        """Whether `fix` trades its finding for another: the fixed text (with the files it
        creates as if written) does not parse, or reports more findings of some code than
        the document does."""
        from jax_lsp.fixes.model import apply_edits

        key = _judgement_key(fix)
        with self._lock:
            if key not in self._judged:
                start = time.monotonic()
                if self._before is None:
                    self._before = Counter(f.code for f in self.reported(self.text, ()) or ())
                fixed = apply_edits(self.text, fix.edits)
                found = self.reported(fixed, fix.create, fix.edits)
                after = None if found is None else Counter(f.code for f in found)
                before = self._before
                self._judged[key] = after is None or any(
                    n > before[code] for code, n in after.items())
                self._judge_seconds = time.monotonic() - start
            return self._judged[key]

    def _fixed_tree(self, fixed: str, edits: Sequence[TextEdit]
                    ) -> tuple[ast.Module, Callable[[], None]] | None:
        """The tree of `fixed` (this text with `edits` applied), made from this text's tree
        by parsing only the top-level statements the edits touch (`reparse_statements`, as
        `--fix` makes a batch's tree): the statements it keeps are this tree's own, moved
        in place; with the function that moves them back, which the caller calls once done
        with the tree. None where the edits' outline or its parse does not hold (the caller
        parses `fixed`)."""
        from jax_lsp.analysis.engine import MAX_PARSED_CHARS
        from jax_lsp.analysis.incremental import (
            KnownEdits,
            reparse_statements,
            shift_statements,
        )
        from jax_lsp.analysis.source_text import python_text

        parsed = self._parsed()
        if (parsed is None or not edits or len(fixed) > MAX_PARSED_CHARS or "\r" in fixed
                or "\r" in self.text or python_text(fixed) != fixed
                or python_text(self.text) != self.text):
            return None
        tree, outline = parsed
        if tree is None:
            return None
        edited = outline.edited(fixed, edits)
        if edited is None:
            return None
        rp = reparse_statements(self.text.split("\n"), tree, fixed.split("\n"),
                                KnownEdits(self.text, edited.los, edited.his, edited.origins))
        if rp is None:  # (it moves nothing unless it answers)
            return None
        own = set(map(id, tree.body))
        kept = [st for st in rp.tree.body if id(st) in own]
        deltas = rp.moves[1] if rp.moves is not None else []
        assert len(kept) == len(deltas)

        def restore() -> None:
            for st, delta in zip(kept, deltas):
                if delta:
                    shift_statements([st], -delta)

        return rp.tree, restore

    def reported(self, text: str, created: Collection[CreatedFile],
                 edits: Sequence[TextEdit] = ()) -> list[Finding] | None:
        """The findings `text` reports, analysed as the document is
        (`reported.document_findings`), with the files `created` as if written; None if it
        does not parse. `edits`: what made `text` from the plan's text (its tree is then made
        from the plan's, `_fixed_tree`)."""
        from jax_lsp.server.session.reported import configured

        analysis = self.analysis
        assert analysis is not None
        config = analysis.config.analysis_config()
        spec = analysis.workspace
        if spec is not None:
            config = replace(config, workspace=spec)
        self.analyses += 1
        if analysis.remote is not None:
            try:
                found = analysis.remote(text, config, {c.path: c.text for c in created})
            except Unjudged:
                self.remote_failures += 1
            else:
                return None if found is None else configured(found, analysis.config,
                                                              analysis.path)
        from jax_lsp.analysis.engine import analyze_source, paused_gc
        from jax_lsp.analysis.suppress import filter_suppressed
        from jax_lsp.analysis.workspace import workspace_for

        with FIXING, paused_gc():
            workspace = workspace_for(spec) if spec is not None else None
            planned = workspace.planned if workspace is not None else {}
            if workspace is not None:
                workspace.planned = {c.path: c.text for c in created}
            fixed_tree = self._fixed_tree(text, edits)
            try:
                result = analyze_source(text, analysis.filename, config, workspace,
                                        tree=fixed_tree[0] if fixed_tree else None)
            finally:
                if fixed_tree is not None:
                    fixed_tree[1]()
                if workspace is not None:
                    workspace.planned = planned
        if result.error is not None:
            return None
        return configured(filter_suppressed(text, result.findings), analysis.config,
                          analysis.path)


class FixPlans:
    """The plans of the documents code actions were last asked for (a few)."""

    LIMIT = 8

    def __init__(self) -> None:
        self._plans: OrderedDict[str, FixPlan] = OrderedDict()

    def plan(self, key: PlanKey, analysis: Callable[[], DocumentAnalysis | None]) -> FixPlan:
        """The plan of `key`: the one made for it, else a new one (`analysis`: how the
        document is analysed, None to judge fixes as `registry` does)."""
        plan = self._plans.pop(key.uri, None)
        if plan is None or not plan.key.same(key):
            plan = FixPlan(key, analysis())
            for other in self._plans.values():  # one module's tree held at a time
                other.forget_tree()
        self._plans[key.uri] = plan
        while len(self._plans) > self.LIMIT:
            self._plans.popitem(last=False)
        return plan
