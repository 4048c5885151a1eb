"""Which findings a document reports: its analysis (in an analysis process) under its
configuration, before any LSP type. `lint` turns them into diagnostics; the stdin front
(`early`) uses this too, before lsprotocol and the analyser are imported, so it imports
neither."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jax_lsp.analysis.findings import Finding, ParseError
    from jax_lsp.analysis.options import AnalysisConfig, WorkspaceSpec
    from jax_lsp.project.config import Config

__all__ = ["Analyze", "configured", "document_findings", "finding_key", "step_uri"]

#: analyse a module (the last argument allows an incremental analysis): its findings
#: (suppressions applied), its parse error, the workspace files the analysis read, and whether
#: it was a full analysis
Analyze = Callable[
    ["str", "str", "AnalysisConfig", bool],
    "tuple[list[Finding], ParseError | None, tuple[str, ...], bool]",
]


def configured(findings: list[Finding], config: Config, path: Path | None) -> list[Finding]:
    """Apply select/ignore and severity overrides; make path steps' file names absolute."""
    base = path.parent if path is not None else None
    out = []
    for f in findings:
        if not config.is_enabled(f.code, path):
            continue
        severity = config.severity_for(f.code, f.severity)
        steps = f.path
        if base is not None and any(
            s.filename is not None and not os.path.isabs(s.filename) for s in steps
        ):
            steps = tuple(
                replace(s, filename=str(base / s.filename))
                if s.filename is not None and not os.path.isabs(s.filename)
                else s
                for s in steps
            )
        if severity is not f.severity or steps is not f.path:
            f = replace(f, severity=severity, path=steps)
        out.append(f)
    return out


def document_findings(
    text: str,
    filename: str,
    path: Path | None,
    config: Config,
    workspace: WorkspaceSpec | None,
    incremental: bool,
    analyze: Analyze,
) -> tuple[list[Finding] | None, ParseError | None, tuple[str, ...], bool]:
    """The findings a document's `text` reports under `config` (None: it does not parse), its
    parse error, the workspace files its analysis read, and whether that analysis was a full
    one. An excluded file reports nothing and is not analysed."""
    if path is not None and config.is_excluded(path):
        return [], None, (), True
    analysis_config = config.analysis_config()
    if workspace is not None:
        analysis_config = replace(analysis_config, workspace=workspace)
    found, error, dependencies, exact = analyze(text, filename, analysis_config, incremental)
    if error is not None:
        return None, error, dependencies, exact
    return configured(found, config, path), None, dependencies, exact


def finding_key(finding: Finding) -> dict[str, Any]:
    """What identifies a finding within one version of a document (travels in `data`)."""
    s = finding.span
    return {"code": finding.code, "span": [s.line, s.col, s.end_line, s.end_col]}


def step_uri(filename: str | None, uri: str, path: Path | None) -> str:
    """The URI of the file a path step is in: the document `uri` (at `path`) or another."""
    if filename is None or (path is not None and filename == str(path)):
        return uri
    from pygls.uris import from_fs_path  # pygls' uris module imports no lsprotocol

    return from_fs_path(filename) or uri
