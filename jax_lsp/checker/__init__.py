"""The command-line checker: `jax-lsp check` finds files, analyses them and prints findings.

`command` wires the arguments, `runner` discovers and analyses files, `formats` renders results
(full, concise, json, github, sarif); `results` holds the value they exchange.
"""

from jax_lsp.checker.results import FileResult
from jax_lsp.checker.runner import CheckRun, check_files, discover_files

__all__ = ["CheckRun", "FileResult", "check_files", "discover_files"]
