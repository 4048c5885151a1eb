"""The reports on a Jupyter notebook in ruff's notebook terms: the concise and full formats
locate findings as `path:cell N:row:col` and show the cell's own lines; in the `fix` objects of
`--output-format json` edit rows count from the edit's cell's first line (the `cell` of each
edit names it). Applying them gives what `--fix --unsafe-fixes` writes (with the helpers
pasted, as fix objects have them). SARIF's and rdjson's rows, counted in ruff's concatenated
cells, are checked beside ruff in `test_cli_notebook_ruff_parity`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from cli_harness import Ran, write_tree

from jax_lsp.fixes.notebook import CellChange, cell_edits

CELLS = [
    ("markdown", "# Gradients through a host callback\n"),
    ("code", "%matplotlib inline\nimport jax\nimport jax.numpy as jnp\nimport numpy as np"),
    ("raw", "raw text"),
    ("code", "def loss(x):\n    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, "
             "x.dtype), x)\n    return jnp.sum(s)\n"),
    ("code", "g = jax.grad(loss)(jnp.ones(3))\n"),
]
#: a file of the helper module's name that jax-lsp did not write: `--fix` then pastes the
#: helpers into the notebook, as the fix objects always do (they cannot create a file)
NOT_OURS = {"jax_lsp_derivatives.py": "# the user's own module\n"}


def _notebook() -> str:
    cells = []
    for kind, text in CELLS:
        cell: dict[str, object] = {"cell_type": kind, "metadata": {},
                                   "source": text.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    nb = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1) + "\n"


def _offsets(text: str) -> list[int]:
    """Where each row of `text` starts (ruff's rows: \\r\\n, \\r and \\n end a line)."""
    return [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]


def _apply(text: str, edits: list[tuple[int, int, int, int, str]]) -> str:
    """Apply (row, column, end row, end column, content) edits, 1-based and end-exclusive,
    back to front."""
    starts = _offsets(text)
    spans = sorted(((starts[r - 1] + c - 1, starts[er - 1] + ec - 1, content)
                    for r, c, er, ec, content in edits), reverse=True)
    for start, end, content in spans:
        text = text[:start] + content + text[end:]
    return text


def _cells(notebook_text: str) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(notebook_text)["cells"]]


def test_json_fix_edits_in_cell_rows_give_what_fix_writes(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    write_tree(tmp_path, {"nb.ipynb": _notebook(), **NOT_OURS})
    ran = run_cli(["check", "--no-cache", "--output-format", "json", "nb.ipynb"], tmp_path)
    [item] = json.loads(ran.out)
    assert item["cell"] == 4  # among all cells, as ruff counts them
    fix = item["fix"]
    assert fix["applicability"] in ("safe", "unsafe") and "custom_vjp" in fix["message"]
    # the helpers go after the imports (cell 2), the call changes in the callback's cell
    assert {e["cell"] for e in fix["edits"]} == {2, 4}
    cells = _cells(_notebook())
    for number in {e["cell"] for e in fix["edits"]}:
        cells[number - 1] = _apply(cells[number - 1], [
            (e["location"]["row"], e["location"]["column"], e["end_location"]["row"],
             e["end_location"]["column"], e["content"])
            for e in fix["edits"] if e["cell"] == number])

    fixed = run_cli(["check", "--no-cache", "--fix", "--unsafe-fixes", "nb.ipynb"], tmp_path)
    assert "Fixed 1 finding" in fixed.err, fixed.err
    assert cells == _cells((tmp_path / "nb.ipynb").read_text(encoding="utf-8"))
    assert cells[1].startswith("%matplotlib inline\n")


def test_no_fix_object_where_fix_would_not_write_the_notebook(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    odd = _notebook().replace('"cells": [', '"cells" :  [', 1)  # no json.dumps writes this
    write_tree(tmp_path, {"nb.ipynb": odd})
    [item] = json.loads(run_cli(["check", "--no-cache", "--output-format", "json",
                                 "nb.ipynb"], tmp_path).out)
    assert item["fix"] is None
    ran = run_cli(["check", "--no-cache", "--fix", "--unsafe-fixes", "nb.ipynb"], tmp_path)
    assert "its JSON formatting cannot be kept" in ran.err


def test_cell_edits_reproduce_the_changed_cell() -> None:
    """Whatever the cell's line breaks and final line, its edits turn it into the new text."""
    cases = [
        ("a = 1\r\nb = 2", "a = 1\r\nimport x\r\nb = 3\r\n"),
        ("a\nb\n", "z\na\nb\n\n"),
        ("a\rb", "a\rc"),
        ("", "import x\n"),
        ("a\nb", "a\n"),
    ]
    for before, after in cases:
        edits = cell_edits(CellChange(3, before, after))
        assert {e.cell for e in edits} == {3}
        got = _apply(before, [(e.row, e.column, e.end_row, e.end_column, e.content)
                              for e in edits])
        assert got == after, (before, after, edits)


def test_concise_and_full_locate_findings_in_their_cell(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    cells = [("markdown", "# title\n"),
             ("code", "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"),
             ("code", "%matplotlib inline\ndef loss(x):\n    s = jax.pure_callback(np.sin, "
                      "jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n    return jnp.sum(s)\n"),
             ("code", "g = jax.grad(loss)(jnp.ones(3))\n")]
    nb = {"cells": [{"cell_type": kind, "metadata": {}, "source": text,
                     **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                    for kind, text in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    write_tree(tmp_path, {"nb.ipynb": json.dumps(nb)})
    concise = run_cli(["check", "--no-cache", "--output-format", "concise", "nb.ipynb"],
                      tmp_path).out.splitlines()
    # as ruff: the cell among all cells, then row and column in it; the message does not
    # repeat them, but names the grad's cell
    assert concise[0].startswith("nb.ipynb:cell 3:3:9: JAX001 [*] `jax.pure_callback` is "
                                 "reached by `jax.grad` (cell 4, line 1)")
    full = run_cli(["check", "--no-cache", "nb.ipynb"], tmp_path).out.splitlines()
    assert full[0] == concise[0].removeprefix("nb.ipynb:cell 3:3:9: ")
    assert full[1] == " --> nb.ipynb:cell 3:3:9"
    # the cell's own lines, its magic included, numbered from the cell's first line
    assert full[3:5] == ["1 | %matplotlib inline", "2 | def loss(x):"]
    assert full[5].startswith("3 |     s = jax.pure_callback(np.sin,")
    assert "note: nb.ipynb:cell 4:1:5: `jax.grad` differentiates here" in full


def test_a_notebook_on_standard_input_is_reported_in_its_cells(
    tmp_path: Path, run_cli: Callable[..., Ran], monkeypatch
) -> None:
    """`--stdin-filename nb.ipynb`: the cells come from standard input, not from a file of
    that name (here a different notebook on disk)."""
    import io

    write_tree(tmp_path, {"nb.ipynb": json.dumps({"cells": [], "metadata": {},
                                                  "nbformat": 4, "nbformat_minor": 5})})
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(_notebook().encode())))
    [item] = json.loads(run_cli(["check", "--no-cache", "--output-format", "json",
                                 "--stdin-filename", "nb.ipynb"], tmp_path).out)
    assert item["cell"] == 4 and item["location"] == {"row": 2, "column": 9}
    assert {e["cell"] for e in item["fix"]["edits"]} == {2, 4}


def test_a_code_cell_in_another_language_is_not_read_as_python(
    tmp_path: Path, run_cli: Callable[..., Ran], fake_analysis: list[object]
) -> None:
    """A VS Code notebook's SQL cell (its `languageId`) is left out of the module, as ruff and
    the server leave it out: no syntax error, the next cell still checked, `--fix` never
    writes it; cells keep their numbers among all cells."""
    from jax_lsp.fixes.notebook import read_notebook

    cells = [{"cell_type": "code", "metadata": {"vscode": {"languageId": "sql"}},
              "source": "SELECT *\nFROM t\n", "outputs": [], "execution_count": None},
             {"cell_type": "code", "metadata": {"vscode": {"languageId": "python"}},
              "source": "y = cb(x)  # FAKE JAX001\n", "outputs": [], "execution_count": None}]
    text = json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    write_tree(tmp_path, {"nb.ipynb": text})
    out = run_cli(["check", "--no-cache", "--output-format", "concise", "nb.ipynb"],
                  tmp_path).out
    assert out.splitlines()[0] == "nb.ipynb:cell 2:1:5: JAX001 fake JAX001 finding", out
    assert "JAX000" not in out
    assert read_notebook(text).indices == (1,)
