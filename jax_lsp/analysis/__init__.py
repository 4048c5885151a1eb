"""The analysis core: source text in, findings out. Pure: no LSP types, never imports JAX or
the user's code."""

from jax_lsp.analysis.engine import AnalysisConfig, AnalysisResult, analyze_source
from jax_lsp.analysis.findings import Finding, FixKind, ParseError, PathStep, Severity, Span
from jax_lsp.analysis.workspace import Workspace

__all__ = [
    "AnalysisConfig",
    "AnalysisResult",
    "Finding",
    "FixKind",
    "ParseError",
    "PathStep",
    "Severity",
    "Span",
    "Workspace",
    "analyze_source",
]
