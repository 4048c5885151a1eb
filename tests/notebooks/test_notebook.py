"""Notebooks: cells analysed together in order, findings mapped back to the right cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jax_lsp.analysis.notebook import analyze_cells, code_cells_of_ipynb, join_cells

NB = Path(__file__).parent / "host_callback.ipynb"


def test_finding_lands_in_the_callback_cell() -> None:
    cells = code_cells_of_ipynb(NB.read_text(encoding="utf-8"))
    found, error, _ = analyze_cells(cells, str(NB))
    assert error is None
    (cf,) = found
    assert cf.cell == 1  # the second code cell
    assert cf.finding.code == "JAX001"
    assert cf.finding.span.line == 2
    line = cells[1].splitlines()[1]
    assert line[cf.finding.span.col :].startswith("jax.pure_callback(")
    # the grad is in another cell: its path step says which
    assert cf.finding.path[0].filename == "<cell 3>"
    assert cf.finding.path[0].span.line == 4


def test_magics_keep_line_numbers() -> None:
    nb = join_cells(["%time x = 1\n!ls\ny = 2", "%%bash\necho hi", "z = 3"])
    assert nb.source.splitlines() == ["", "", "y = 2", "", "", "z = 3"]
    assert nb.starts == (1, 4, 6)
    assert nb.locate(6) == (2, 1)


def test_a_percent_that_continues_a_logical_line_is_python() -> None:
    """IPython reads a magic only where a logical line starts: inside brackets, a
    triple-quoted string or after a backslash, `%` is Python's (issue 30's false syntax error
    in a real notebook). A `%` line after they close is a magic again."""
    python = [
        "print(",
        "    'epoch: %d'",
        "    % (1,)",
        ")",
        "x = 7 \\",
        "  % 3",
        's = """',
        "%x",
        '"""',
    ]
    cell = "\n".join([*python, "%time y = 1"])
    assert join_cells([cell]).source.splitlines() == [*python, ""]
    _, error, _ = analyze_cells([cell])
    assert error is None


def test_syntax_error_names_the_cell() -> None:
    found, error, _ = analyze_cells(["x = 1", "def f(:\n  pass"])
    assert found == [] and error is not None
    assert error.message.startswith("cell 2:") and error.line == 1


def test_notebook_labels_match_real_jax(tmp_path: Path) -> None:
    """The notebook's cells, run in order as a script under real JAX, raise what is marked."""
    pytest.importorskip("jax")
    from oracle import expected_markers, run_program

    from jax_lsp.codes import RULES

    cells = code_cells_of_ipynb(NB.read_text(encoding="utf-8"))
    script = tmp_path / "nb.py"
    script.write_text(join_cells(cells).source, encoding="utf-8")
    outcome = run_program(script)
    codes = {c for cell in cells for _, c in expected_markers(cell)}
    assert codes == {"JAX001"}
    assert not outcome.ok and RULES["JAX001"].matches(outcome.exception, outcome.message)


def test_ipynb_json_with_string_sources() -> None:
    doc = {
        "cells": [{"cell_type": "code", "source": "a = 1\n"}, {"cell_type": "raw", "source": "x"}],
        "nbformat": 4,
    }
    assert code_cells_of_ipynb(json.dumps(doc)) == ["a = 1\n"]


def test_json_output_names_the_cell_like_ruff(tmp_path) -> None:
    """`--output-format json` on a notebook: `cell` is the 1-based code cell, rows count from
    that cell's first line, and path steps in other cells say which."""
    import subprocess
    import sys

    path = tmp_path / "nb.ipynb"
    path.write_text(NB.read_text(encoding="utf-8"), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--output-format", "json", path],
        capture_output=True,
        text=True,
        timeout=60,
    )
    [item] = json.loads(run.stdout)
    every = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
             for c in json.loads(NB.read_text(encoding="utf-8"))["cells"]]
    cell, row, col = item["cell"], item["location"]["row"], item["location"]["column"]
    assert every[cell - 1].splitlines()[row - 1][col - 1 :].startswith("jax.pure_callback(")
    assert item["noqa_row"] == row
    grad = item["related"][0]
    line = every[grad["cell"] - 1].splitlines()[grad["location"]["row"] - 1]
    # the message names the grad's line in cell terms, as the server does (not the joined
    # line), the cell counted among all cells as in `cell`
    assert item["message"].startswith(f"cell {cell}, line {row}:")
    assert f"(cell {grad['cell']}, line {grad['location']['row']})" in item["message"]
    assert "jax.grad" in line


def test_ipython_syntax_is_not_a_syntax_error() -> None:
    """IPython accepts these cells; so does the analysis (no JAX000), and the callback is
    still found in the cell after them."""
    cells = [
        "t = %timeit -o sum(range(10))\nfiles = !ls\nlen?\n?len\n"
        "timeit -n 5 -r 5 sum(range(10))\npip install numpy\ntime = 3\n"
        "system = dict(\n    a=1,\n)\n",
        "%%time\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n",
        "    def f(x):\n        y = jax.ShapeDtypeStruct((), jnp.float32)\n"
        "        return jax.pure_callback(np.sin, y, x)\n",
        "jax.jacfwd(f)(1.0)\n",
    ]
    found, error, _ = analyze_cells(cells)
    assert error is None
    assert [(c.cell, c.finding.code) for c in found] == [(2, "JAX001")]
    # the indented cell was dedented for Python; the range is in the cell's own columns
    span = found[0].finding.span
    assert (span.line, span.col) == (3, 15)
    assert cells[2].splitlines()[2][span.col :].startswith("jax.pure_callback")


def test_shell_cell_magics_stay_blank() -> None:
    nb = join_cells(["%%bash\nfor x in 1 2; do echo $x; done\n", "x = 1\n"])
    assert nb.source.splitlines()[:2] == ["", ""]
