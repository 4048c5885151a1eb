"""The optional compiled build (docs/internals.md, "The compiled build"). Without
`JAX_LSP_COMPILE=1` this adds nothing: the package is pure Python and pyproject.toml says all.
With it, mypyc compiles the evaluator's modules (`COMPILED`) to C extensions beside their
sources; it needs mypy (with mypyc) and a C compiler where the build runs:

    JAX_LSP_COMPILE=1 python -m pip install --no-build-isolation .

(`--no-build-isolation`: the build imports the environment's mypy.) `scripts/build_compiled.py`
builds a compiled copy in a folder of its own instead, for PYTHONPATH.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

#: the modules compiled, where an open spends its instructions (docs/measurements.md, "Issue
#: 33, rounds 11-13"); each imports the others' classes, so they are compiled together
COMPILED = [
    "jax_lsp/analysis/interp.py",
    "jax_lsp/analysis/interp_state.py",
    "jax_lsp/analysis/values.py",
    "jax_lsp/analysis/sharing.py",
    "jax_lsp/analysis/python/shared.py",
    "jax_lsp/analysis/python/statements.py",
    "jax_lsp/analysis/python/expressions.py",
    "jax_lsp/analysis/python/calls.py",
    "jax_lsp/analysis/jax/part.py",
    "jax_lsp/analysis/jax/jax_calls.py",
    "jax_lsp/analysis/incremental/shared.py",
    "jax_lsp/analysis/incremental/layer.py",
    "jax_lsp/analysis/incremental/recording.py",
    "jax_lsp/analysis/incremental/replay.py",
    "jax_lsp/analysis/incremental/carried_calls.py",
    "jax_lsp/analysis/static_names.py",
    "jax_lsp/analysis/syntax.py",
    "jax_lsp/analysis/callback_hosts.py",
    "jax_lsp/analysis/incremental/call_logs.py",
    "jax_lsp/analysis/incremental/fingerprint.py",
    "jax_lsp/analysis/escape.py",
    "jax_lsp/analysis/rule_shapes.py",
    "jax_lsp/analysis/jax/transforms.py",
    "jax_lsp/analysis/jax/custom_rules.py",
    "jax_lsp/analysis/jax/higher_order.py",
    "jax_lsp/analysis/jax/decisions.py",
    "jax_lsp/analysis/python/scopes.py",
    "jax_lsp/analysis/jax/array_shapes.py",
    "jax_lsp/analysis/python/generators.py",
    "jax_lsp/analysis/jax/host_runs.py",
]


def compiled_extensions(root: Path) -> list:
    """mypyc's extensions for `COMPILED`, type-checked with the whole package (as the project's
    mypy configuration checks it) from `root`, the folder holding `jax_lsp` and pyproject.toml."""
    from mypyc.build import mypycify

    here = Path.cwd()
    os.chdir(root)
    try:
        every = sorted(p.as_posix() for p in Path("jax_lsp").rglob("*.py"))
        return mypycify(every, only_compile_paths=COMPILED, opt_level="3", multi_file=True)
    finally:
        os.chdir(here)


if __name__ == "__main__":
    wanted = os.environ.get("JAX_LSP_COMPILE", "") == "1"
    setup(ext_modules=compiled_extensions(Path(__file__).resolve().parent) if wanted else [])
