"""The command-line checker: `jax-lsp check` finds files, analyses them and prints findings.

`command` wires the arguments, `runner` analyses the files `jax_lsp.project.discovery` finds,
`formats` renders results (full, concise, json, github, sarif); `results` holds the value they
exchange. What the language server shares with it (configuration, discovery, the result cache)
is in `jax_lsp.project`.

The names below are imported when first used: importing the runner is costly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jax_lsp.checker.results import FileResult
    from jax_lsp.checker.runner import CheckRun, check_files

__all__ = ["CheckRun", "FileResult", "check_files"]

_HOME = {"FileResult": "results", "CheckRun": "runner", "check_files": "runner"}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
