"""A notebook finding is placed as ruff places it, in every output format, checked against the
installed ruff: ruff reports an unused import (F401) in a twin of the notebook whose last cell
has `import os` where jax-lsp's finding is, behind the same preceding cells (cells ending with
and without a line break, CRLF, an empty cell, a `%%bash` cell, a `%%time` cell, an automagic
cell, a VS Code SQL cell, markdown and raw cells).

ruff's rows of its concatenated cells (sarif, rdjson, grouped's alignment) are not the rows of
the source jax-lsp analyses: ruff adds a line break after every cell and leaves out the cells
it does not parse as Python."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_harness import Ran, write_tree

from jax_lsp.analysis.notebook import code_cells_of_ipynb, join_cells
from jax_lsp.checker.notebook_layout import notebook_layout
from jax_lsp.checker.results import FileResult

RUFF = shutil.which("ruff")
pytestmark = pytest.mark.skipif(RUFF is None, reason="ruff is not installed")

IMPORTS = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
#: the last cell: jax-lsp's finding at row 2 (column 9); the twin's `os` at row 2 too
JAX_CELL = ("def loss(x):\n    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, "
            "x.dtype), x)\n    return jnp.sum(s)\n\ng = jax.grad(loss)(jnp.ones(3))\n")
TWIN_CELL = "def loss(x):\n    import os\n"
SQL = {"vscode": {"languageId": "sql"}}
#: (kind, source, metadata) of the cells before the last; cells 1, 6, 8, 9 are Python for ruff
BEFORE: list[tuple[str, Any, dict[str, Any]]] = [
    ("code", IMPORTS, {}),
    ("markdown", "# title\n", {}),
    ("code", "%%bash\necho hi\n", {}),
    ("code", "SELECT *\nFROM t\n", SQL),
    ("code", "pip install tqdm\n", {}),
    ("code", "a = 1\r\nb = 2", {}),
    ("raw", "raw text", {}),
    ("code", ["%%time\n", "c = 3\n", "\n"], {}),
    ("code", "", {}),
]
RUFF_JOINED = [1, 6, 8, 9]


def _notebook(cells: list[tuple[str, Any, dict[str, Any]]]) -> str:
    out = []
    for kind, source, metadata in cells:
        cell: dict[str, Any] = {"cell_type": kind, "metadata": metadata, "source": source}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        out.append(cell)
    return json.dumps({"cells": out, "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
                      indent=1) + "\n"


def _ruff(args: list[str], cwd: Path) -> str:
    assert RUFF is not None
    return subprocess.run([RUFF, "check", "--no-cache", "--isolated", "--select", "F401", *args],
                          cwd=cwd, capture_output=True, text=True, check=False).stdout


def _ruff_text(notebook: str, numbers: list[int]) -> str:
    """ruff's concatenated text of the cells `numbers`: each followed by a line break."""
    cells = json.loads(notebook)["cells"]
    return "".join("".join(cells[n - 1]["source"]) + "\n" for n in numbers)


def test_layout_counts_rows_as_ruff_concatenates_cells(tmp_path: Path) -> None:
    """The row each cell starts at in ruff's text, for cell kinds one at a time, is the row
    ruff's SARIF gives to a finding in the next cell."""
    kinds: list[tuple[str, Any, dict[str, Any]]] = [
        *BEFORE,
        ("code", "a = 1\n\n", {}), ("code", "a = 1\rb = 2", {}), ("code", "\n", {}),
        ("code", "%%capture out\na = 1\n", {}), ("code", "%%writefile f.py\na = 1\n", {}),
        ("code", "a = 1\n%%html\n", {}), ("code", "%%memit\na = 1\n", {}),
        ("code", "time = 3\n", {}), ("code", "#%%bash\na = 1", {}),
        ("code", "a = 1\n", {"vscode": {"languageId": "python"}}),
    ]
    files = {f"nb{i}.ipynb": _notebook([cell, ("code", "x = 1\nimport os\n", {})])
             for i, cell in enumerate(kinds)}
    write_tree(tmp_path, files)
    sarif = json.loads(_ruff(["--output-format", "sarif", *files], tmp_path))
    ruff_rows = {Path(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]).name:
                 r["locations"][0]["physicalLocation"]["region"]["startLine"]
                 for r in sarif["runs"][0]["results"]}
    assert len(ruff_rows) == len(files)
    for name, text in files.items():
        source = join_cells(code_cells_of_ipynb(text)).source
        layout = notebook_layout(FileResult(name, source=source, notebook_text=text,
                                            filename=str(tmp_path / name)))
        assert layout is not None
        assert layout.ruff_row(2, 2) == ruff_rows[name], (name, json.loads(text)["cells"][0])


@pytest.fixture
def notebooks(tmp_path: Path) -> Path:
    write_tree(tmp_path, {
        "jax/nb.ipynb": _notebook([*BEFORE, ("code", JAX_CELL, {})]),
        "ruff/nb.ipynb": _notebook([*BEFORE, ("code", TWIN_CELL, {})]),
        # a module of the helpers' name that jax-lsp did not write: `--fix` then pastes the
        # helpers into the notebook, as the fix objects always do (they cannot create a file)
        "jax/jax_lsp_derivatives.py": "# the user's own module\n",
    })
    return tmp_path


def _last(items: list[Any], cell: Callable[[Any], bool]) -> Any:
    [item] = [i for i in items if cell(i)]
    return item


def test_every_format_places_a_notebook_finding_as_ruff(
    notebooks: Path, run_cli: Callable[..., Ran]
) -> None:
    last = len(BEFORE) + 1
    ruff_row = 13  # cell 1: rows 1-4, cell 6: 5-6, cell 8: 7-10, cell 9: 11, cell 10: 12-
    got: dict[str, dict[str, str]] = {}
    for fmt in ("json", "sarif", "rdjson", "github", "gitlab", "pylint", "azure", "junit",
                "concise", "grouped"):
        ours = run_cli(["check", "--output-format", fmt, "nb.ipynb"], notebooks / "jax").out
        theirs = _ruff(["--output-format", fmt, "nb.ipynb"], notebooks / "ruff")
        got[fmt] = {"jax-lsp": ours, "ruff": theirs}

    for tool, text in got["json"].items():
        item = _last(json.loads(text), lambda i: i["cell"] == last)
        assert item["location"]["row"] == 2, tool
    for tool, text in got["sarif"].items():
        result = _last(json.loads(text)["runs"][0]["results"],
                       lambda r: r["locations"][0]["physicalLocation"]["region"]["startLine"]
                       > 11)
        assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == ruff_row, \
            tool
    for tool, text in got["rdjson"].items():
        rows = [d["location"]["range"]["start"]["line"] for d in json.loads(text)["diagnostics"]]
        assert rows[-1] == ruff_row, tool
    for tool, text in got["github"].items():  # ruff: row 1 of the .ipynb file
        line = text.splitlines()[-1]
        assert ",line=1,col=1,endLine=1,endColumn=1::nb.ipynb:1:1: " in line, (tool, line)
    for tool, text in got["gitlab"].items():
        positions = json.loads(text)[-1]["location"]["positions"]
        assert positions == {"begin": {"line": 1, "column": 1},
                             "end": {"line": 1, "column": 1}}, tool
    for tool, text in got["pylint"].items():
        assert re.match(r"nb\.ipynb:1: \[", text.splitlines()[-1]), (tool, text)
    for tool, text in got["azure"].items():
        assert ";linenumber=1;columnnumber=1;" in text.splitlines()[-1], tool
    for tool, text in got["junit"].items():  # ruff: no line, no "line L, col C, "
        case = re.findall(r"<testcase [^>]*>", text)[-1]
        assert "line=" not in case and "column=" not in case, (tool, case)
        assert not re.search(r">line \d+, col \d+, ", text), tool
    for tool, text in got["concise"].items():
        assert re.search(rf"^nb\.ipynb:cell {last}:2:\d+: ", text, re.M), (tool, text)
    for tool, text in got["grouped"].items():
        # aligned on ruff's row 13, the widest of the file: two spaces of indent
        lines = text.splitlines()
        assert lines[0] == "nb.ipynb:", tool
        assert any(line.startswith(f"  cell {last}:2:") for line in lines), (tool, text)


def test_sarif_and_rdjson_fixes_apply_to_ruffs_text_of_the_cells(
    notebooks: Path, run_cli: Callable[..., Ran]
) -> None:
    """Applying the SARIF replacements to ruff's concatenated cells gives ruff's concatenated
    cells of the notebook `--fix` writes; rdjson's suggestions are the same edits."""
    cwd = notebooks / "jax"
    original = (cwd / "nb.ipynb").read_text(encoding="utf-8")
    sarif = json.loads(run_cli(["check", "--output-format", "sarif", "nb.ipynb"], cwd).out)
    [result] = sarif["runs"][0]["results"]
    [change] = result["fixes"][0]["artifactChanges"]
    edits = [(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"],
              r["deletedRegion"]["endLine"], r["deletedRegion"]["endColumn"],
              r["insertedContent"]["text"]) for r in change["replacements"]]
    [diagnostic] = json.loads(run_cli(["check", "--output-format", "rdjson", "nb.ipynb"],
                                      cwd).out)["diagnostics"]
    assert edits == [(s["range"]["start"]["line"], s["range"]["start"]["column"],
                      s["range"]["end"]["line"], s["range"]["end"]["column"], s["text"])
                     for s in diagnostic["suggestions"]]

    numbers = [*RUFF_JOINED, len(BEFORE) + 1]
    text = _ruff_text(original, numbers)
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]
    for row, col, end_row, end_col, content in sorted(edits, reverse=True):
        text = (text[:starts[row - 1] + col - 1] + content
                + text[starts[end_row - 1] + end_col - 1:])

    fixed = run_cli(["check", "--no-cache", "--fix", "--unsafe-fixes", "nb.ipynb"], cwd)
    assert "Fixed 1 finding" in fixed.err, fixed.err
    written = (cwd / "nb.ipynb").read_text(encoding="utf-8")
    assert written != original
    assert text == _ruff_text(written, numbers)
