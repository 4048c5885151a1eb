"""The analysis core: source text in, findings out. Pure: no LSP types, never imports JAX or
the user's code.

The names below are loaded on first use (PEP 562): importing a submodule, e.g. the plain data
of `findings` or `options`, does not import the analyser itself (a third of a second), which
only the processes that analyse need.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jax_lsp.analysis.engine import AnalysisResult, analyze_source
    from jax_lsp.analysis.findings import Finding, FixKind, ParseError, PathStep, Severity, Span
    from jax_lsp.analysis.options import AnalysisConfig
    from jax_lsp.analysis.workspace import Workspace

#: public name -> the submodule defining it
_HOMES = {
    "AnalysisConfig": "options",
    "AnalysisResult": "engine",
    "analyze_source": "engine",
    "Finding": "findings",
    "FixKind": "findings",
    "ParseError": "findings",
    "PathStep": "findings",
    "Severity": "findings",
    "Span": "findings",
    "Workspace": "workspace",
}

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


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
