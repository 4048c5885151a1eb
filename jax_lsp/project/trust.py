"""The user's consent, given outside any repository, to run a Python interpreter.

A repository's ``pyproject.toml`` and an editor's workspace settings are data a clone brings
along; jax-lsp never runs the interpreter they name unless the user says so here: on the command
line (``--python PATH``, ``--trust-project-python``) or in their environment (``JAX_LSP_PYTHON``,
``JAX_LSP_TRUST_PROJECT_PYTHON=1``), which is where pyright's workspace trust would be. See
docs/security.md.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

__all__ = ["ENV_PYTHON", "ENV_TRUST_PROJECT_PYTHON", "add_python_arguments"]

# Named here, not imported from `jax_lsp.analysis.environment` (which names them too): importing
# any module of the analysis package imports the whole analysis, and `jax-lsp serve` reads its
# arguments before it answers `initialize` (tests/server/test_front.py checks that it does not).
#: the interpreter the user chose (trusted: it is set outside any repository)
ENV_PYTHON = "JAX_LSP_PYTHON"
#: "1": run the interpreter a project's configuration names (the user trusts their projects)
ENV_TRUST_PROJECT_PYTHON = "JAX_LSP_TRUST_PROJECT_PYTHON"


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def add_python_arguments(
    parser: argparse.ArgumentParser, environ: Mapping[str, str] = os.environ
) -> None:
    """`--python` and `--trust-project-python`, defaulting to their environment variables."""
    parser.add_argument(
        "--python", metavar="PATH", default=environ.get(ENV_PYTHON) or None,
        help="the interpreter (or environment folder) whose installed packages imports are "
        "followed into; it is run (isolated, by its resolved path) to ask where they are, and "
        f"replaces any configured `python` (also: {ENV_PYTHON})")
    parser.add_argument(
        "--trust-project-python", action="store_true",
        default=_truthy(environ.get(ENV_TRUST_PROJECT_PYTHON)),
        help="allow running the interpreter a project's `python` setting names; without this, "
        "its packages are found from its files only and nothing of it runs "
        f"(also: {ENV_TRUST_PROJECT_PYTHON}=1)")
