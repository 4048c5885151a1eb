"""`jax-lsp check --show-limits`: for each file, where the analysis stopped following a path
(a value it cannot call, a library it does not model, its work budget...) and why.

Why: the analysis stays quiet where it cannot follow the code; this says where that was, so a
user expecting a finding can see why there is none. It runs a separate analysis that records
them: ordinary checks (and the cache) never pay for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from jax_lsp.analysis.engine import analysis_limits
from jax_lsp.analysis.limits import Limit, format_limits
from jax_lsp.analysis.notebook import code_cells_of_ipynb, join_cells
from jax_lsp.checker.runner import _decode, import_workspace
from jax_lsp.project.config import Config
from jax_lsp.project.discovery import display_path
from jax_lsp.project.provenance import MAX_FILE_BYTES
from jax_lsp.safe_io import read_bounded
from jax_lsp.terminal import printable


def _file_limits(path: Path, config: Config, root: str) -> list[Limit] | str:
    """The limits of one file, or why it has none to show."""
    try:
        data = read_bounded(path, MAX_FILE_BYTES)  # never a FIFO, a device or a huge file
    except OSError as e:
        return f"cannot read the file: {e.strerror or e}"
    source, _ = _decode(data)
    if source is None:
        return "not valid UTF-8"
    workspace = import_workspace(root, config.python_path(), config.python_trusted)
    if path.suffix == ".ipynb":
        try:
            nb = join_cells(code_cells_of_ipynb(source))
        except (ValueError, KeyError, TypeError) as e:
            return f"not a valid notebook: {e}"
        limits = analysis_limits(nb.source, str(path), config.analysis_config(), workspace)
        placed = []
        for lim in limits:
            if lim.path is None:
                cell, line = nb.locate(lim.line)
                lim = Limit(line, lim.col, f"(code cell {cell + 1}) {lim.why}")
            placed.append(lim)
        return placed
    return analysis_limits(source, str(path), config.analysis_config(), workspace)


def show_limits(files: Sequence[tuple[Path, Config]], cwd: Path | None = None) -> str:
    """The report of `--show-limits` for `files`."""
    cwd = cwd or Path.cwd()
    out = []
    for path, config in files:
        shown = display_path(path, cwd)
        limits = _file_limits(path, config, str(config.root or cwd))
        if isinstance(limits, str):
            out.append(f"{shown}: {limits}\n")
        else:
            out.append(format_limits(shown, limits))
    return printable("".join(out), keep="\n")
