"""Code actions: each fix of each finding under the cursor as a quick fix, and
``source.fixAll.jax-lsp`` (safe fixes only, never suppressions).

The fixes are LibCST codemods, far slower than the analysis, so they are computed only here and
only when needed:

- clients that resolve ``edit`` lazily (``codeAction/resolve``: VS Code, Neovim) get the list at
  once, titled from the finding's fix kinds, with the finding's identity and the document
  version in ``data``; the edit is computed when one action is resolved;
- clients that do not (eglot) get the edits with the list, computed off the event loop.

What a fix costs is what `jax-lsp check --fix` pays for it: LibCST parses only the statements
the finding's fixes read (`focused`), the original text's analysis that every fix is judged
against is made once per text (`registry`), an action resolved builds and validates its own
fix only, and ``source.fixAll.jax-lsp`` on a file runs `--fix`'s own pipeline (batches of fixes
checked by one analysis each), so that it leaves the bytes `--fix` writes.

The suppression fix is a one-line edit and always travels eagerly. The findings come from the
document's latest report (carried over recent edits if the newest analysis is still running), so
a code action never re-analyses.

The custom-rule fixes import a helper module beside the file (`jax_lsp_derivatives.py`): their
edit changes only the user's file (a short call-site change and the derivative to replace) and
their action carries `helper_module.COMMAND`, which the server runs to write the module, the same
way in every client (see `helper_module`). Titles are short (`offers.menu_title`): menus are
narrow (VS Code's in a notebook window) and the hover explains the fix at length.

In a notebook cell, the fixes are computed on the notebook's joined source (so they see the
imports and helpers of the other cells) and their edits mapped back to the cells they fall in:
a fix may edit several cells (one ``TextDocumentEdit`` each). A fix with an edit that cannot be
placed in a cell (across a cell boundary, or on a line that is an IPython magic in the cell) is
not offered; ``source.fixAll.jax-lsp`` fixes the findings of the requested cell.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import CancelledError
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified
from pygls.uris import from_fs_path

from jax_lsp.analysis import Finding, FixKind, Span
from jax_lsp.fixes.model import CreatedFile, Fix, TextEdit, text_edits
from jax_lsp.fixes.offers import menu_title, offered_kinds, preferred_kind
from jax_lsp.fixes.suppress import suppress_fix
from jax_lsp.server.features.helper_module import HELPER_KINDS, write_command
from jax_lsp.server.runtime.errors import guarded
from jax_lsp.server.session.fix_plan import (
    FIXING,
    DocumentAnalysis,
    FixPlans,
    PlanKey,
    Unjudged,
)
from jax_lsp.server.session.lint import SOURCE, finding_key, span_of_key, to_diagnostic
from jax_lsp.server.session.notebooks import Layout
from jax_lsp.server.session.positions import LineIndex

if TYPE_CHECKING:
    from jax_lsp.analysis.options import AnalysisConfig
    from jax_lsp.fixes.generated import HelperModule
    from jax_lsp.server.runtime.analysis_process import AnalysisProcess
    from jax_lsp.server.server import JaxLanguageServer
    from jax_lsp.server.session.documents import Document
    from jax_lsp.server.session.fix_plan import RemoteJudge
    from jax_lsp.server.session.state import Session

__all__ = ["FIX_ALL", "fix_all_edits", "preferred_kind", "register"]

log = logging.getLogger(__name__)

FIX_ALL = "source.fixAll.jax-lsp"

FIX_ALL_TITLE = "Fix all safe jax-lsp problems"

#: how long a request of a client that wants the edits with the list (eglot) may spend judging
#: fixes beyond the first of each finding (an analysis of the fixed module each: three on
#: the shared generator's 5,000-line module took 1.6 s); the fixes left out are judged on a
#: later request (`FixPlan.fixes`)
EAGER_SECONDS = 0.6

def _fixes_for() -> Callable[..., list[Fix]]:
    """`fixes.fixes_for`, imported when a fix is first asked for (LibCST and the analyser are
    not needed to start the server; `Session.preload` imports them in the background)."""
    from jax_lsp.fixes.registry import fixes_for

    return fixes_for


def _overlap(a: Span, b: Span) -> bool:
    a0, a1 = (a.line, a.col), (a.end_line, a.end_col)
    b0, b1 = (b.line, b.col), (b.end_line, b.end_col)
    if a0 == b0:
        return True
    return a0 < b1 and b0 < a1


def _touches(a: Span, b: Span) -> bool:
    """Whether two spans overlap or meet (a cursor at either end of a finding selects it)."""
    return (a.line, a.col) <= (b.end_line, b.end_col) and (b.line, b.col) <= (
        a.end_line,
        a.end_col,
    )


def fix_all_edits(
    text: str, findings: Iterable[Finding], helpers: HelperModule | None = None,
    created: list[CreatedFile] | None = None, fix_safety: Mapping[str, bool] | None = None,
    fixes_of: Callable[[Finding], list[Fix]] | None = None,
) -> list[TextEdit]:
    """The edits of the safe fixes (preferred first) of all findings, without overlaps; an edit
    several fixes share (an added import) is kept once. The files they create are added to
    `created` (once each). `fix_safety` (code -> counts as safe) is the configuration's
    `extend-safe-fixes`/`extend-unsafe-fixes`; `fixes_of`, each finding's fixes if the caller
    has them (`registry.fixes_for` otherwise)."""
    chosen: list[TextEdit] = []
    overrides = fix_safety or {}
    if fixes_of is None:
        def fixes_of(finding: Finding) -> list[Fix]:
            return _fixes_for()(text, finding, helpers, focused=True)
    for finding in findings:
        fixes = [f for f in fixes_of(finding)
                 if overrides.get(finding.code, f.safe) and f.kind is not FixKind.SUPPRESS]
        if not fixes:
            continue
        fix = next((f for f in fixes if f.preferred), fixes[0])
        edits = [e for e in fix.edits if e not in chosen]
        if any(_overlap(e.span, c.span) for e in edits for c in chosen):
            continue
        chosen.extend(edits)
        if created is not None:
            created.extend(c for c in fix.create if c not in created)
    return chosen


def _helpers_beside(path: Path, open_text: Callable[[Path], str | None]) -> HelperModule | None:
    """The helper module beside `path` (a file or a notebook), as `--fix` finds it."""
    from jax_lsp.fixes.generated import HelperModule

    return HelperModule.beside(path, open_text)


def _judged_in_analysis_process(session: Session, doc: Document, filename: str) -> RemoteJudge:
    """Judges a fix of `doc`'s current version in the analysis process
    (`AnalysisProcess.judge`), which has the analyser imported and warm and the workspace's
    modules parsed: the server's own process took 0.3-0.5 s more for its first judgement on
    a 5,000-line module, importing and warming up the analyser (issue 33). A document's
    analysis due meanwhile goes first (`LintScheduler.yielding`); the judgement is then
    asked again, unless the document has changed (the answer would be stale)."""
    uri, version = doc.uri, doc.version

    def judge(text: str, config: AnalysisConfig,
              planned: dict[Path, str]) -> list[Finding] | None:
        from jax_lsp.server.runtime.analysis_process import AnalysisFailed

        while True:
            if session.document(uri) is not doc or doc.version != version:
                raise JsonRpcContentModified("the document changed while its fixes were judged")
            if session.scheduler.stopped:
                raise JsonRpcContentModified("the server is shutting down")
            future = session.scheduler.yielding(
                partial(_judge_on, text, filename, config, planned))
            try:
                return future.result()
            except CancelledError:  # a document's analysis went first
                continue
            except AnalysisFailed as e:
                raise Unjudged(str(e)) from e

    return judge


def _judge_on(text: str, filename: str, config: AnalysisConfig, planned: dict[Path, str],
              process: AnalysisProcess) -> list[Finding] | None:
    return process.judge(text, filename, config, planned)


_UNSAFE = " (unsafe)"
#: the longest menu title (`menu_title`'s limit: VS Code clips longer ones in a notebook)
_TITLE_LIMIT = 50


def _with_safety(title: str, safe: bool) -> str:
    """`title` saying "(unsafe)" or not, within the menu's limit (a long title gives up its
    own parenthesis for it: "Add a custom_vjp rule (unsafe)")."""
    plain = title.removesuffix(_UNSAFE)
    if safe:
        return plain
    if len(plain) + len(_UNSAFE) > _TITLE_LIMIT:
        plain = re.sub(r" \([^)]*\)$", "", plain)
    return plain + _UNSAFE


def _only_allows(kind: str, only: Sequence[str] | None) -> bool:
    if not only:
        return True
    return any(kind == o or kind.startswith(o + ".") for o in only)


class _Actions:
    """Builds the actions for one document version.

    `text` and `findings` are what the fixes are computed on: the document's own, or, for a
    notebook cell, the notebook's joined source and all its findings (`local` tells which are in
    the cell, and where)."""

    def __init__(self, session: Session, doc: Document, plans: FixPlans) -> None:
        self.session = session
        self.doc = doc
        self.uri = doc.uri
        self.version = doc.version
        self.index: LineIndex = doc.index
        notebook = session.notebooks.of_cell(doc.uri)
        self.layout: Layout | None = None
        self.cell: int | None = None
        #: where the fixes put their shared machinery: a helper module beside the file (the
        #: server writes it, `helper_module`), else (None: an unsaved, untitled document)
        #: pasted into the file
        self.helpers: HelperModule | None = None
        if notebook is None:
            self.text = doc.text
            self.findings = session.current_findings(doc)
            if doc.path is not None:
                self.helpers = _helpers_beside(doc.path, self._open_text)
        else:
            self.layout = session.notebooks.layout(notebook)
            self.cell = self.layout.position(doc.uri)
            self.text = self.layout.text
            self.findings = session.notebook_findings(notebook)
            if notebook.path is not None:
                self.helpers = _helpers_beside(notebook.path, self._open_text)
        generation = session.configuration.generation
        report = session.scheduler.report(doc.uri) if notebook is None else None
        #: what the requests on this version compute, once (`fix_plan`)
        self.plan = plans.plan(
            PlanKey(self.uri, self.version, self.text, generation, report, self.helpers),
            self._document_analysis)

    def _document_analysis(self) -> DocumentAnalysis | None:
        """How the document is analysed (None for a notebook cell, see `fix_plan`)."""
        if self.layout is not None:
            return None
        doc = self.doc
        config = self.session.configuration.for_path(doc.path)
        filename = str(doc.path) if doc.path is not None else doc.uri
        return DocumentAnalysis(filename, doc.path, config,
                                self.session.workspace_spec(doc, config),
                                remote=_judged_in_analysis_process(self.session, doc, filename))

    def _open_text(self, path: Path) -> str | None:
        uri = from_fs_path(str(path))
        open_doc = self.session.document(uri) if uri else None
        return open_doc.text if open_doc is not None else None

    def local(self, finding: Finding) -> Span | None:
        """The finding's span in the requested document; None if it is in another cell."""
        if self.layout is None:
            return finding.span
        if self.cell is None:
            return None
        return self.layout.local_span(finding, self.cell)

    def own_findings(self) -> list[Finding]:
        """The findings in the requested document."""
        return [f for f in self.findings if self.local(f) is not None]

    def _document_edit(
        self, uri: str, version: int, edits: list[types.TextEdit]
    ) -> types.TextDocumentEdit:
        return types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version),
            edits=list(edits),
        )

    def workspace_edit(self, edits: Sequence[TextEdit]) -> types.WorkspaceEdit | None:
        """The edits as a workspace edit; None if they cannot be placed in the notebook's
        cells."""
        targets: list[tuple[str, int, LineIndex, Sequence[TextEdit]]]
        if self.layout is None:
            targets = [(self.uri, self.version, self.index, edits)]
        else:
            cells = self.layout.cell_edits(edits)
            if cells is None:
                return None
            targets = [(c.uri, c.version, c.index, cell_edits) for c, cell_edits in cells]
            if not targets:  # no edit: an empty edit of the requested cell
                targets = [(self.uri, self.version, self.index, [])]
        per_document = [
            (
                uri,
                version,
                [types.TextEdit(range=index.range(e.span), new_text=e.new_text) for e in group],
            )
            for uri, version, index, group in targets
        ]
        if self.session.profile.document_changes:
            changes: list[Any] = [
                self._document_edit(uri, version, lsp_edits)
                for uri, version, lsp_edits in per_document
            ]
            return types.WorkspaceEdit(document_changes=changes)
        return types.WorkspaceEdit(changes={uri: lsp_edits for uri, _, lsp_edits in per_document})

    def fixed_file(self, created: list[CreatedFile]) -> list[TextEdit]:
        """The edits that make the document what `jax-lsp check --fix` would write for it
        (`fix_source`, with the document's configuration, its imports followed as its
        analysis follows them); the files they need are added to `created`."""
        from jax_lsp.analysis.workspace import workspace_for
        from jax_lsp.fixes.apply import fix_source

        path = self.doc.path
        config = self.session.configuration.for_path(path)
        spec = self.session.workspace_spec(self.doc, config)

        def wanted(f: Finding) -> bool:
            return config.is_enabled(f.code, path) and config.is_fixable(f.code)

        with FIXING:
            fixed = fix_source(
                self.text, filename=str(path) if path is not None else self.uri,
                config=config.analysis_config(), reported=wanted,
                workspace=workspace_for(spec) if spec is not None else None,
                helpers=self.helpers, fix_safety=config.fix_safety,
            )
        created.extend(fixed.created)
        return text_edits(self.text, fixed.text)

    def title(self, kind: FixKind, finding: Finding, fix: Fix | None = None) -> str:
        """The menu title of a fix of `kind` (built: `fix`), saying "unsafe" as the document's
        `extend-safe-fixes`/`extend-unsafe-fixes` judge it where they name its code."""
        title = menu_title(kind, finding, safe=fix.safe if fix is not None else None)
        config = self.session.configuration.for_path(self.doc.path)
        counts_safe = config.fix_safety.get(finding.code)
        if counts_safe is None or kind is FixKind.SUPPRESS:
            return title
        return _with_safety(title, counts_safe)

    def diagnostic(self, finding: Finding) -> types.Diagnostic:
        if self.layout is not None:
            return self.layout.diagnostic(finding, self.session.profile)[1]
        return to_diagnostic(
            finding, self.index, self.uri, self.version, self.session.profile, self.doc.path
        )

    def data(self, finding: Finding | None, **extra: Any) -> dict[str, Any]:
        key = {}
        if finding is not None:
            local = self.local(finding)
            key = finding_key(finding if local is None else replace(finding, span=local))
        return {"uri": self.uri, "version": self.version, **key, **extra}

    def helper_command(self, created: Iterable[CreatedFile]) -> types.Command | None:
        """The command writing the helper module the edits import, when they need it."""
        return next((write_command(c.path) for c in created), None)

    def listed_command(self, kinds: Iterable[FixKind]) -> types.Command | None:
        """The command an action lists before its edit is computed, for clients that resolve
        only its edit (VS Code ignores a command added then): when one of `kinds` will import
        a helper module that does not exist yet. Clients that resolve the command too get it
        when the edit is resolved (lsp-mode would not resolve an action listed with one)."""
        if self.session.profile.resolve_command or self.helpers is None or \
                self.helpers.exists or not HELPER_KINDS.intersection(kinds):
            return None
        return write_command(self.helpers.path)

    def from_fix(self, finding: Finding, fix: Fix) -> types.CodeAction | None:
        edit = self.workspace_edit(fix.edits)
        if edit is None:
            return None
        return types.CodeAction(
            title=self.title(fix.kind, finding, fix),
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[self.diagnostic(finding)],
            is_preferred=True if fix.preferred else None,
            edit=edit,
            command=self.helper_command(fix.create),
        )

    def suppression(self, finding: Finding) -> types.CodeAction | None:
        fix = suppress_fix(self.text, finding)
        return None if fix is None else self.from_fix(finding, fix)

    def lazy(self, finding: Finding) -> list[types.CodeAction]:
        preferred = preferred_kind(finding)
        actions = []
        for kind in offered_kinds(finding):
            actions.append(
                types.CodeAction(
                    title=self.title(kind, finding),
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[self.diagnostic(finding)],
                    is_preferred=True if kind is preferred else None,
                    data=self.data(finding, fix=kind.value),
                    command=self.listed_command([kind]),
                )
            )
        suppression = self.suppression(finding)
        if suppression is not None:
            actions.append(suppression)
        return actions

    def eager(self, findings: Sequence[Finding],
              cancelled: Callable[[], bool] | None = None) -> list[types.CodeAction]:
        """Runs off the event loop: computes the fixes of every finding, judged within
        `EAGER_SECONDS` but the first of each (see `FixPlan.fixes`); none once the request
        is `cancelled` (the answer is not read)."""
        actions: list[types.CodeAction] = []
        deadline = time.monotonic() + EAGER_SECONDS
        for finding in findings:
            if cancelled is not None and cancelled():
                break
            for fix in self.plan.fixes(finding, deadline=deadline, cancelled=cancelled):
                action = self.from_fix(finding, fix)
                if action is not None:
                    actions.append(action)
        return actions

    def _fix_all_edits(self, findings: Sequence[Finding]) -> tuple[list[TextEdit],
                                                                   list[CreatedFile]]:
        created: list[CreatedFile] = []
        if self.layout is None:
            edits = self.fixed_file(created) if findings else []
        else:
            edits = fix_all_edits(self.text, findings, self.helpers, created,
                                  self.session.configuration.for_path(self.doc.path).fix_safety,
                                  fixes_of=self.plan.fixes)
        return edits, created

    def fix_all(self, findings: Sequence[Finding]) -> types.CodeAction | None:
        """Runs off the event loop. A file is fixed as `--fix` fixes it; a notebook cell gets
        the fixes of its own findings (`fix_all_edits`)."""
        edits, created = self.plan.once("fix all", lambda: self._fix_all_edits(findings))
        if not edits:
            return None
        edit = self.workspace_edit(edits)
        if edit is None:
            return None
        return types.CodeAction(title=FIX_ALL_TITLE, kind=FIX_ALL, edit=edit,
                                command=self.helper_command(created))


def plan_of(session: Session, doc: Document) -> _Actions:
    """The actions of `doc`'s current version, with its fix plan (`fix_prefetch` judges in
    it what a resolve on the version will ask)."""
    return _Actions(session, doc, session.fix_plans)


def _selected(actions: _Actions, doc: Document, params: types.CodeActionParams) -> list[Finding]:
    """The findings under the requested range or named by the context's diagnostics."""
    wanted = doc.index.span(params.range)
    keys: set[tuple[str, Span]] = set()
    for diagnostic in params.context.diagnostics:
        if diagnostic.source != SOURCE:
            continue
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        key = span_of_key(data)
        if key is not None and data.get("version") == doc.version:
            keys.add(key)
        else:
            span = doc.index.span(diagnostic.range)
            if span is not None and isinstance(diagnostic.code, str):
                keys.add((diagnostic.code, span))
    out = []
    for f in actions.findings:
        local = actions.local(f)
        if local is not None and (
            (f.code, local) in keys or (wanted is not None and _touches(local, wanted))
        ):
            out.append(f)
    return out


@guarded(types.TEXT_DOCUMENT_CODE_ACTION, list)
async def code_action(
    server: JaxLanguageServer, params: types.CodeActionParams
) -> list[types.CodeAction]:
    with server.session.computing_fixes():
        return await _code_action(server, params)


async def _code_action(
    server: JaxLanguageServer, params: types.CodeActionParams
) -> list[types.CodeAction]:
    session = server.session
    doc = session.document(params.text_document.uri)
    if doc is None:
        return []
    await session.first_report(doc)
    if session.document(doc.uri) is not doc or doc.index.resolve(params.range.start) is None:
        return []
    only = params.context.only
    builder = plan_of(session, doc)
    findings = builder.own_findings()
    lazy = session.profile.resolve_edit
    actions: list[types.CodeAction] = []
    if _only_allows(types.CodeActionKind.QuickFix, only):
        selected = _selected(builder, doc, params)
        if lazy:
            for finding in selected:
                actions.extend(builder.lazy(finding))
            # the user picks one next: judge the preferred fixes meanwhile
            server.fix_prefetch.listed(doc, selected)
        elif selected:
            # a client moving on cancels the request ($/cancelRequest): pygls cancels this
            # task, and the thread, which cannot be, starts no judgement after that
            cancel = threading.Event()
            try:
                actions.extend(await asyncio.to_thread(builder.eager, selected, cancel.is_set))
            except asyncio.CancelledError:
                cancel.set()
                raise
    fix_all_asked = bool(only) and _only_allows(FIX_ALL, only)
    if findings and (fix_all_asked or (not only and lazy)):
        if lazy:
            if fix_all_asked or any(
                offered_kinds(f) for f in findings
            ):
                actions.append(types.CodeAction(
                    title=FIX_ALL_TITLE, kind=FIX_ALL, data=builder.data(None, fixAll=True),
                    command=builder.listed_command(
                        kind for f in findings if (kind := preferred_kind(f)) is not None),
                ))
        else:
            fix_all = await asyncio.to_thread(builder.fix_all, findings)
            if fix_all is not None:
                actions.append(fix_all)
    if session.document(doc.uri) is not doc or doc.version != builder.version:
        raise JsonRpcContentModified("the document changed while computing code actions")
    return actions


@guarded(types.CODE_ACTION_RESOLVE)
async def resolve(server: JaxLanguageServer, action: types.CodeAction) -> types.CodeAction:
    with server.session.computing_fixes():
        return await _resolve(server, action)


async def _resolve(server: JaxLanguageServer, action: types.CodeAction) -> types.CodeAction:
    session = server.session
    data = action.data
    if not isinstance(data, dict) or action.edit is not None:
        return action
    doc = session.document(str(data.get("uri")))
    if doc is None or doc.version != data.get("version"):
        raise JsonRpcContentModified("the document changed since the code action was listed")
    builder = plan_of(session, doc)
    findings = builder.own_findings()
    if data.get("fixAll"):
        resolved = await asyncio.to_thread(builder.fix_all, findings)
        action.edit = resolved.edit if resolved is not None else builder.workspace_edit([])
        action.command = action.command or (resolved.command if resolved else None)
        return action
    key = span_of_key(data)
    finding = next((f for f in findings if key == (f.code, builder.local(f))), None)
    if finding is None:
        raise JsonRpcContentModified("the finding is gone")
    kind = next((k for k in FixKind if k.value == data.get("fix")), None)
    fixes = [] if kind is None else await asyncio.to_thread(
        builder.plan.fixes, finding, {kind})
    fix = next((f for f in fixes if f.kind is kind), None)
    if doc.version != builder.version:
        raise JsonRpcContentModified("the document changed while computing the fix")
    if fix is None:
        session.show_warning(f"jax-lsp: “{action.title}” does not apply here")
        return action
    edit = builder.workspace_edit(fix.edits)
    if edit is None:
        session.show_warning(
            f"jax-lsp: “{fix.title}” would edit across notebook cells or an IPython magic"
        )
        return action
    action.title = builder.title(fix.kind, finding, fix)
    action.edit = edit
    action.command = action.command or builder.helper_command(fix.create)
    return action


def register(server: JaxLanguageServer) -> None:
    server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL], resolve_provider=True
        ),
    )(partial(code_action, server))
    server.feature(types.CODE_ACTION_RESOLVE)(partial(resolve, server))
