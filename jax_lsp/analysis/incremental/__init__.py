"""Incremental re-analysis of an edited buffer, as a layer over the evaluator (see `layer`).

`analyzer.IncrementalAnalyzer` analyses successive versions of one module; the evaluator
(`interp.Interpreter`) notifies its `layer.IncrementalLayer` through `host.Observer`'s hooks.
The analyzer's public names are loaded on first use (PEP 562): the evaluator imports this
package's `layer`, and the analyzer imports the evaluator.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jax_lsp.analysis.incremental.analyzer import (
        IncrementalAnalyzer,
        KnownEdits,
        reparse_statements,
        shift_statements,
    )

__all__ = ["IncrementalAnalyzer", "KnownEdits", "reparse_statements", "shift_statements"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.analyzer"), name)
    globals()[name] = value  # later lookups skip this function
    return value
