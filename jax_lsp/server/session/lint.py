"""Lint one snapshot of a document: analysis, suppressions and configuration in, LSP diagnostics
out. Runs in an analysis worker thread (the analysis itself in the worker's child process, see
`analysis_process`), so it touches nothing shared: everything it needs is in the `Snapshot`,
everything it produces is in the `Report`.

While the text does not parse, the findings of the last version that did are carried over where
the text did not change (`carryover`), and no diagnostic is added for the syntax error itself:
the editor's Python language server reports those, and jax-lsp stays quiet rather than flicker.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types

from jax_lsp.analysis.findings import Finding, ParseError, PathStep, Severity, Span
from jax_lsp.analysis.options import AnalysisConfig, WorkspaceSpec
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.codes import RULES
from jax_lsp.project.config import Config
from jax_lsp.server.runtime.analysis_process import while_waiting
from jax_lsp.server.runtime.early import diagnostic_json
from jax_lsp.server.runtime.errors import maybe_fault
from jax_lsp.server.session.capabilities import ClientProfile
from jax_lsp.server.session.carryover import carry_over
from jax_lsp.server.session.positions import LineIndex
from jax_lsp.server.session.reported import Analyze, document_findings, finding_key, step_uri

__all__ = [
    "SOURCE",
    "Analyze",
    "Report",
    "Snapshot",
    "analyze_here",
    "empty_report",
    "finding_key",
    "lint",
    "span_of_key",
    "to_diagnostic",
]

#: the `source` of every diagnostic the server publishes
SOURCE = "jax-lsp"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}

_result_ids = itertools.count(1)


@dataclass(frozen=True)
class Snapshot:
    """Everything needed to lint one version of one document."""

    uri: str
    version: int
    text: str
    path: Path | None
    config: Config
    #: the configuration generation the snapshot was taken under
    generation: int
    profile: ClientProfile
    #: the document's previous report (the source of carried-over findings)
    previous: Report | None = None
    #: follow imports into this workspace (roots, environment, unsaved buffers)
    workspace: WorkspaceSpec | None = None
    #: an incremental analysis will do (an edit of this document; see `analysis.incremental`)
    incremental: bool = False
    #: the line index of `text`, when the document has it already (kept up to date edit by
    #: edit: building it again would cost milliseconds of the keystroke's latency)
    index: LineIndex | None = None

    @property
    def filename(self) -> str:
        return str(self.path) if self.path is not None else self.uri


@dataclass(frozen=True)
class Report:
    """The findings and diagnostics of one version of one document."""

    uri: str
    version: int
    generation: int
    text: str
    findings: tuple[Finding, ...]
    #: the diagnostics as the JSON `publishDiagnostics` carries (built in the analysis thread;
    #: each is the previous report's, with this version, where its finding and the lines it
    #: points at did not change)
    diagnostics_json: tuple[dict[str, Any], ...]
    #: identifies this report in pull diagnostics (`resultId`)
    result_id: str
    parse_error: ParseError | None = None
    #: the text and findings of the last version that parsed (equal to the above when this one
    #: parsed), from which findings are carried over while the text does not parse
    good_text: str | None = None
    good_findings: tuple[Finding, ...] = ()
    #: the workspace files the analysis read (edit one: this document is re-linted)
    dependencies: tuple[str, ...] = ()
    #: from a full analysis (False: an incremental one, which a full one is to confirm)
    exact: bool = True
    #: what the diagnostics were made for: the text's line index, the client, the file
    index: LineIndex | None = field(default=None, repr=False, compare=False)
    profile: ClientProfile | None = field(default=None, repr=False, compare=False)
    path: Path | None = None
    #: each diagnostic's JSON text up to its `data` (see `publish_params`), the previous
    #: report's where the diagnostic is reused
    heads: tuple[str, ...] = field(default=(), repr=False, compare=False)

    @functools.cached_property
    def publish_params(self) -> str:
        """The `publishDiagnostics` parameters as JSON text, equal to `json.dumps` of
        `{"uri", "diagnostics": diagnostics_json, "version"}` (built in the analysis thread
        for a client diagnostics are pushed to: encoding every diagnostic again on the event
        loop took milliseconds of each keystroke on a large module; the text of each before
        its `data` is the previous report's where the diagnostic is)."""
        items = ", ".join(
            f'{head}, "data": {json.dumps(d["data"])}}}'
            for head, d in zip(self.heads, self.diagnostics_json)
        )
        return f'{{"uri": {json.dumps(self.uri)}, "diagnostics": [{items}], ' \
            f'"version": {json.dumps(self.version)}}}'

    @functools.cached_property
    def diagnostics(self) -> tuple[types.Diagnostic, ...]:
        """The diagnostics as lsprotocol objects (pull answers), made on first use (in the
        analysis thread for a client that pulls, see `lint`)."""
        if self.index is None or self.profile is None:
            return ()
        return tuple(
            to_diagnostic(f, self.index, self.uri, self.version, self.profile, self.path)
            for f in self.findings
        )

    @property
    def carried(self) -> bool:
        """Whether the findings were carried over from an earlier version that parsed."""
        return self.parse_error is not None


def span_of_key(key: Any) -> tuple[str, Span] | None:
    """The (code, span) of a `finding_key`, or None if `key` is not one."""
    try:
        code = key["code"]
        line, col, end_line, end_col = (int(v) for v in key["span"])
    except (KeyError, TypeError, ValueError):
        return None
    if not isinstance(code, str):
        return None
    return code, Span(line, col, end_line, end_col)


def _range_elsewhere(span: Span) -> types.Range:
    # another file's text is not at hand: its columns are code points, exact for ASCII lines
    return types.Range(
        start=types.Position(line=max(span.line - 1, 0), character=max(span.col, 0)),
        end=types.Position(line=max(span.end_line - 1, 0), character=max(span.end_col, 0)),
    )


def to_diagnostic(
    finding: Finding,
    index: LineIndex,
    uri: str,
    version: int,
    profile: ClientProfile,
    path: Path | None = None,
    locate: Callable[[PathStep], types.Location | None] | None = None,
) -> types.Diagnostic:
    """One finding as an LSP diagnostic of the document `uri` (whose text `index` indexes),
    shaped by what the client supports. `locate` may place path steps itself (a notebook's
    steps are in its cells); where it answers None, the step is in `uri` or its own file."""
    rule = RULES.get(finding.code)
    related = None
    if profile.related_information and finding.path:
        related = []
        for step in finding.path:
            location = locate(step) if locate is not None else None
            if location is None:
                where = step_uri(step.filename, uri, path)
                rng = index.range(step.span) if where == uri else _range_elsewhere(step.span)
                location = types.Location(uri=where, range=rng)
            related.append(
                types.DiagnosticRelatedInformation(location=location, message=step.label)
            )
    return types.Diagnostic(
        range=index.range(finding.span),
        severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        code=finding.code,
        code_description=(
            types.CodeDescription(href=rule.url)
            if rule is not None and profile.code_description
            else None
        ),
        source=SOURCE,
        message=finding.message,
        related_information=related,
        data={"uri": uri, "version": version, **finding_key(finding)},
    )


def analyze_here(
    source: str, filename: str, config: AnalysisConfig, incremental: bool = False
) -> tuple[list[Finding], ParseError | None, tuple[str, ...], bool]:
    """`Analyze` in this process, always in full (the server uses
    `analysis_process.AnalysisProcess`)."""
    from jax_lsp.analysis.engine import analyze_source  # the fallback: the analyser is the
    # analysis processes' to import

    result = analyze_source(source, filename, config)
    if result.error is not None:
        return [], result.error, (), True
    return filter_suppressed(source, result.findings), None, tuple(result.dependencies), True


def lint(snapshot: Snapshot, analyze: Analyze = analyze_here) -> Report:
    """Analyse the snapshot and build its report (safe to run in any thread)."""
    maybe_fault("jax-lsp/lint")
    config = snapshot.config
    text = snapshot.text
    index = snapshot.index
    encoding = snapshot.profile.encoding
    built: list[LineIndex] = []
    if index is None or index.text is not text or index.encoding != encoding:
        index = None
        # (an opened document's: built while the analysis process analyses it)
        while_waiting(lambda: built.append(LineIndex(text, encoding)))
    try:
        found, error, dependencies, exact = document_findings(
            text, snapshot.filename, snapshot.path, config, snapshot.workspace,
            snapshot.incremental, analyze,
        )
    finally:
        while_waiting(None)
    findings: list[Finding]
    good_text: str | None
    if found is not None:
        findings, good_text = found, text
    else:
        prev = snapshot.previous
        if (
            prev is not None
            and prev.good_text is not None
            and prev.generation == snapshot.generation
        ):
            good_text = prev.good_text
            # not filtered again: they were on `good_text`, and only findings whose lines
            # did not change are carried, a suppression comment being on a finding's line
            # (filtering splits the whole text: milliseconds of every keystroke that does
            # not parse, on a large module)
            findings = carry_over(prev.good_text, text, prev.good_findings, snapshot.filename)
        else:
            good_text, findings = None, []
    if index is None:
        index = built[0] if built else LineIndex(text, encoding)
    carried_from = (
        snapshot.previous.good_findings
        if error is not None and snapshot.previous is not None and good_text is not None
        else tuple(findings)
    )
    diagnostics, heads = _diagnostics_json(findings, snapshot, index)
    report = Report(
        uri=snapshot.uri,
        version=snapshot.version,
        generation=snapshot.generation,
        text=text,
        findings=tuple(findings),
        diagnostics_json=diagnostics,
        result_id=f"{snapshot.generation}-{snapshot.version}-{next(_result_ids)}",
        parse_error=error,
        good_text=good_text,
        good_findings=tuple(carried_from),
        dependencies=dependencies,
        exact=exact,
        index=index,
        profile=snapshot.profile,
        path=snapshot.path,
        heads=heads,
    )
    # here rather than on the event loop, when a pull comes or the report is pushed
    if snapshot.profile.pull_diagnostics:
        _ = report.diagnostics
    else:
        _ = report.publish_params
    return report


def _diagnostics_json(
    findings: Sequence[Finding], snapshot: Snapshot, index: LineIndex
) -> tuple[tuple[dict[str, Any], ...], tuple[str, ...]]:
    """The findings' diagnostics as JSON, and the text of those reused from the previous
    report before their `data` (empty strings for the others: see `Report.publish_params`).
    Making one (its range and each path step's, in the client's encoding) took milliseconds
    per keystroke on a large module, and then as many again to turn lsprotocol's objects into
    JSON on the event loop; most are unchanged from the previous version's, but for the
    version in their `data`."""
    profile, uri, path, version = snapshot.profile, snapshot.uri, snapshot.path, snapshot.version
    prev = snapshot.previous
    reusable = (
        prev is not None
        and prev.index is not None
        and prev.profile == profile
        and prev.path == path
        and prev.uri == uri
    )
    # the previous report's diagnostics by finding: the same object first (the analysis
    # process answers "the same findings" mostly), else an equal one (hashing a finding walks
    # its whole path: milliseconds of a keystroke with many findings)
    by_id: dict[int, tuple[Finding, dict[str, Any], str]] = {}
    before: dict[Finding, tuple[dict[str, Any], str]] | None = None
    if reusable:
        assert prev is not None
        by_id = {id(f): (f, d, h) for f, d, h in
                 zip(prev.findings, prev.diagnostics_json, prev.heads)}
    own: set[str | None] = {None, str(path)} if path is not None else {None}
    same: dict[int, bool] = {}  # per line number: unchanged since the previous report
    out = []
    out_heads = []
    for finding in findings:
        old: tuple[dict[str, Any], str] | None = None
        if by_id:
            hit = by_id.get(id(finding))
            if hit is not None and hit[0] is finding:
                old = hit[1:]
            else:
                if before is None:
                    assert prev is not None
                    before = dict(zip(prev.findings, zip(prev.diagnostics_json, prev.heads)))
                old = before.get(finding)
        if old is not None and prev is not None and prev.index is not None and _unmoved(
                finding, prev.index, index, own, same):
            diagnostic = dict(old[0])
            diagnostic["data"] = {"uri": uri, "version": version, **finding_key(finding)}
            head = old[1]
        else:
            diagnostic = diagnostic_json(
                finding, index, uri, version, profile.related_information,
                profile.code_description, path,
            )
            head = _head(diagnostic)
        out.append(diagnostic)
        out_heads.append(head)
    return tuple(out), tuple(out_heads)


def _head(diagnostic: dict[str, Any]) -> str:
    """A diagnostic's JSON text before its `data` (its last key): `json.dumps` of the rest
    without the closing brace."""
    return json.dumps({k: v for k, v in diagnostic.items() if k != "data"})[:-1]


def _unmoved(
    finding: Finding, old: LineIndex, new: LineIndex, own: set[str | None], same: dict[int, bool]
) -> bool:
    """Whether the ranges of the finding's diagnostic in this document (its own and its path
    steps') are the same in the `new` text as in the `old` one: the lines a range starts and
    ends on (all its positions depend on) are, at the same line numbers."""
    if old.text is new.text:
        return True
    for span in (finding.span, *(step.span for step in finding.path if step.filename in own)):
        for line in (span.line - 1, span.end_line - 1):
            unchanged = same.get(line)
            if unchanged is None:
                unchanged = same[line] = (
                    0 <= line < min(old.line_count, new.line_count)
                    and old.line_text(line) == new.line_text(line)
                )
            if not unchanged:
                return False
    return True


def empty_report(snapshot: Snapshot) -> Report:
    """A report with no findings (what a document gets when linting it failed)."""
    return Report(
        uri=snapshot.uri,
        version=snapshot.version,
        generation=snapshot.generation,
        text=snapshot.text,
        findings=(),
        diagnostics_json=(),
        result_id=f"{snapshot.generation}-{snapshot.version}-{next(_result_ids)}",
    )
