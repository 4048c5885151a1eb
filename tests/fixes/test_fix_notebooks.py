"""`--fix` and `--diff` on notebooks: the code cells are fixed as the module the analysis sees,
everything else in the notebook stays byte for byte (outputs, metadata, markdown, magics, the
JSON's indentation), the fixed cells run under JAX, and a notebook that cannot be rewritten
faithfully is left alone with a message."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from test_fix_command import Ran
from test_fix_command import check as check  # the fixture

from jax_lsp.analysis.notebook import join_cells
from jax_lsp.fixes.apply import fix_source
from jax_lsp.fixes.generated import MODULE_NAME, HelperModule

CELLS = [
    ("markdown", "# Gradients through a host callback — ünïcode\n"),
    ("code", "%matplotlib inline\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n"),
    ("code", "def loss(x):\n    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, "
             "x.dtype), x)\n    return jnp.sum(s)"),
    ("raw", "raw text"),
    ("code", "g = jax.grad(loss)(jnp.ones(3))\nprint(g)\n"),
]


def _notebook(indent: int | None = 1) -> str:
    cells = []
    for n, (kind, text) in enumerate(CELLS):
        cell: dict[str, object] = {"cell_type": kind, "metadata": {"tags": [f"t{n}"]},
                                   "source": text.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=n, outputs=[
                {"name": "stdout", "output_type": "stream", "text": ["out ✓\n"]}])
        cells.append(cell)
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=indent, ensure_ascii=False) + "\n"


def test_fix_rewrites_only_the_changed_code_cells(tmp_path: Path,
                                                   check: Callable[..., Ran]) -> None:
    path = tmp_path / "nb.ipynb"
    path.write_text(_notebook(), encoding="utf-8")
    code = [text for kind, text in CELLS if kind == "code"]

    diff = check("--diff")
    assert diff.code == 1
    assert "--- nb.ipynb:cell 3\n+++ nb.ipynb:cell 3\n" in diff.out  # ruff's cell numbers
    assert path.read_text(encoding="utf-8") == _notebook()

    # what the fix makes of the joined module (with the helper module the CLI creates)
    expected = fix_source(join_cells(code).source, helpers=HelperModule.beside(path)).text
    ran = check("--fix")
    assert "Fixed 1 finding in 1 file." in ran.err
    assert ran.code == 0, ran.out
    after = json.loads(path.read_text(encoding="utf-8"))
    before = json.loads(_notebook())
    # the cells the fixes changed equal the fix applied to the joined module
    fixed_code = ["".join(c["source"]) for c in after["cells"] if c["cell_type"] == "code"]
    assert join_cells(fixed_code).source == expected.replace("%matplotlib inline", "")
    assert fixed_code[0].startswith("%matplotlib inline\n")  # the magic is kept
    # everything else is as it was, and so is the JSON's formatting
    for old, new in zip(before["cells"], after["cells"]):
        assert {k: v for k, v in old.items() if k != "source"} == \
            {k: v for k, v in new.items() if k != "source"}
    assert after["metadata"] == before["metadata"]
    assert path.read_text(encoding="utf-8") == json.dumps(after, indent=1,
                                                          ensure_ascii=False) + "\n"
    assert (tmp_path / f"{MODULE_NAME}.py").exists()

    # the fixed cells run under JAX: the gradient no longer raises
    program = "\n".join(c.replace("%matplotlib inline\n", "") for c in fixed_code)
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert "[0.540" in run.stdout  # cos(1), by finite differences


def test_a_notebook_whose_formatting_cannot_be_kept_is_left_alone(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    path = tmp_path / "nb.ipynb"
    odd = _notebook().replace('"cells": [', '"cells" :  [', 1)  # no json.dumps writes this
    path.write_text(odd, encoding="utf-8")
    ran = check("--fix")
    assert "not writing nb.ipynb: its JSON formatting cannot be kept" in ran.err
    assert path.read_text(encoding="utf-8") == odd
    assert ran.code == 1


def test_the_check_after_fix_reports_a_notebooks_prior_analysis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """The check after `--fix` reports the fixing's analysis of a notebook's joined cells, as
    it does a Python file's, rather than analysing the notebook again: the report is the plain
    check's."""
    from jax_lsp import cli
    from jax_lsp.checker import runner

    cells = [  # a finding whose only fix is unsafe: --fix leaves it
        ("code", "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
                 "from jax.experimental import io_callback\n"),
        ("code", "def f(x):\n    y = io_callback(np.sin, x, x)\n    return y * x\n"),
        ("code", "print(jax.jvp(f, (jnp.ones(3),), (jnp.ones(3),)))\n"),
    ]
    nb = {"cells": [{"cell_type": k, "metadata": {}, "source": t.splitlines(keepends=True),
                     "execution_count": None, "outputs": []} for k, t in cells],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "nb.ipynb").write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["check", "--no-cache", "-j", "1", "nb.ipynb"]) == 1
    plain = capsys.readouterr()
    assert "JAX003" in plain.out

    def no_analysis(*args: object, **kwargs: object) -> object:
        raise AssertionError("the check analysed the notebook again")

    monkeypatch.setattr(runner, "analyze_source", no_analysis)
    assert cli.main(["check", "--no-cache", "-j", "1", "--fix", "nb.ipynb"]) == 1
    assert capsys.readouterr() == plain
