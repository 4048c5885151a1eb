"""A check that follows `--fix` reports the fix's last analysis (`runner.PriorAnalysis`) of a
file instead of analysing it again, while what it was computed from still holds: here, a
notebook's, whose bytes are read once, hashed and decoded alike."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from cli_harness import write_tree

from jax_lsp.analysis.engine import AnalysisConfig, AnalysisResult, analyze_source
from jax_lsp.analysis.notebook import code_cells_of_ipynb, join_cells
from jax_lsp.checker import runner
from jax_lsp.checker.runner import PriorAnalysis, check_files, import_workspace
from jax_lsp.project.discovery import ConfigResolver, discover_files
from jax_lsp.project.provenance import content_hash, recording
from jax_lsp.safe_io import read_regular_file

HELPER = """\
import jax
import numpy as np


def host(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
CELLS = [
    "import jax\nimport jax.numpy as jnp\nfrom helper import host\n",
    "def loss(x):\n    return jnp.sum(host(x))\n\n\nprint(jax.grad(loss)(jnp.ones(3)))\n",
]


def notebook(cells: list[str], note: str = "") -> str:
    parts = [{"cell_type": "markdown", "metadata": {}, "source": [f"# notes {note}\n"]}]
    parts += [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
               "source": c.splitlines(keepends=True)} for c in cells]
    return json.dumps({"cells": parts, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def prior_of(path: Path, root: Path) -> PriorAnalysis:
    """An analysis of the notebook's joined code cells as it is now, with its provenance."""
    data = path.read_bytes()
    source = join_cells(code_cells_of_ipynb(data.decode())).source
    ws = import_workspace(str(root), None)
    with recording(ws) as record:
        result = analyze_source(source, str(path), AnalysisConfig(), ws)
    provenance = record.provenance(content_hash(data), result.dependencies)
    assert provenance is not None
    return PriorAnalysis(source, result, provenance)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[str], list[str]]:
    """How often the check reads each file whole (by name), and the files it analyses."""
    counted: Counter[str] = Counter()
    analysed: list[str] = []
    real_read, real_hash = read_regular_file, runner.file_hash
    real_read_bytes = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        counted[self.name] += 1
        return real_read_bytes(self)

    def read(path: str, limit: int, **kw: object) -> bytes | None:
        counted[Path(path).name] += 1
        return real_read(path, limit, **kw)  # type: ignore[arg-type]

    def hashed(path: str) -> str | None:
        counted[Path(path).name] += 1
        return real_hash(path)

    def analyse(source: str, filename: str = "<string>", config: object = None,
                workspace: object = None) -> AnalysisResult:
        analysed.append(Path(filename).name)
        return analyze_source(source, filename, config, workspace)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "read_regular_file", read, raising=False)
    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    monkeypatch.setattr(runner, "file_hash", hashed)
    monkeypatch.setattr(runner, "analyze_source", analyse)
    return counted, analysed


def test_a_notebooks_prior_analysis_is_reported_after_one_read(
    tmp_path: Path, reads: tuple[Counter[str], list[str]]
) -> None:
    write_tree(tmp_path, {"nb.ipynb": notebook(CELLS), "helper.py": HELPER})
    path = tmp_path / "nb.ipynb"
    files = discover_files([path], ConfigResolver())
    fresh = check_files(files, cwd=tmp_path)
    assert [f.code for r in fresh.results for f in r.findings] == ["JAX001"]
    counted, analysed = reads
    prior = prior_of(path, tmp_path)
    counted.clear()
    analysed.clear()
    reused = check_files(files, cwd=tmp_path, prior={path: prior})
    assert analysed == []
    assert counted["nb.ipynb"] == 1
    assert counted["helper.py"] == 1  # its content hash, as the provenance recorded it
    assert reused.results == fresh.results


@pytest.mark.parametrize("change", ["cells", "outside_the_cells", "helper"])
def test_a_notebooks_prior_analysis_that_no_longer_holds_is_not_used(
    tmp_path: Path, reads: tuple[Counter[str], list[str]], change: str
) -> None:
    write_tree(tmp_path, {"nb.ipynb": notebook(CELLS), "helper.py": HELPER})
    path = tmp_path / "nb.ipynb"
    files = discover_files([path], ConfigResolver())
    prior = prior_of(path, tmp_path)
    if change == "cells":  # the callback no longer reached
        write_tree(tmp_path, {"nb.ipynb": notebook([CELLS[0], "x = 1\n"])})
    elif change == "outside_the_cells":  # same cells: still a new content hash
        write_tree(tmp_path, {"nb.ipynb": notebook(CELLS, note="edited")})
    else:
        write_tree(tmp_path, {"helper.py": HELPER.replace("pure_callback(np.sin, "
                                                          "jax.ShapeDtypeStruct(x.shape, "
                                                          "x.dtype), x)", "numpy.sin(x)")})
    _, analysed = reads
    reused = check_files(files, cwd=tmp_path, prior={path: prior})
    assert analysed == ["nb.ipynb"]
    assert reused.results == check_files(files, cwd=tmp_path).results
