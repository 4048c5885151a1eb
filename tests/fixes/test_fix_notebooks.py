"""`--fix` and `--diff` on notebooks: the code cells are fixed as the module the analysis sees,
everything else in the notebook stays byte for byte (outputs, metadata, markdown, magics, the
JSON's indentation), the fixed cells run under JAX, and a notebook that cannot be rewritten
faithfully is left alone with a message."""

from __future__ import annotations

import importlib.util
import json
import os
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

#: the folder of the `jax_lsp` these tests import (the repository, or a compiled copy given by
#: PYTHONPATH: docs/internals.md, "The compiled build"): the subprocess runs the same package
PACKAGE_ROOT = Path(importlib.util.find_spec("jax_lsp").origin).resolve().parents[1]


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


def _cell_lines(text: str) -> list[int]:
    return [len("".join(c["source"]).splitlines()) for c in json.loads(text)["cells"]
            if c["cell_type"] == "code"]


def _gradient_of_cells(notebook: str, folder: Path) -> list[float]:
    """Run the notebook's code cells (magics left out) in `folder`, as Jupyter runs them there
    (its folder on `sys.path`), and read the printed gradient."""
    cells = ["".join(c["source"]) for c in json.loads(notebook)["cells"]
             if c["cell_type"] == "code"]
    program = "\n".join(c.replace("%matplotlib inline\n", "") for c in cells)
    program += "\nprint('GRAD', [float(v) for v in g])\n"
    run = subprocess.run([sys.executable, "-c", program], cwd=folder, capture_output=True,
                         text=True, timeout=180, check=False)
    assert run.returncode == 0, run.stderr
    line = next(x for x in run.stdout.splitlines() if x.startswith("GRAD"))
    return json.loads(line.split(" ", 1)[1])


def _assert_cos_gradient(gradient: list[float]) -> None:
    """`grad(sum(sin(x)))` at ones is cos(1) in each entry (the derivative written by the fix
    is a finite difference, exact to about 1e-4)."""
    import math

    assert len(gradient) == 3
    assert all(abs(v - math.cos(1.0)) < 1e-3 for v in gradient), gradient


def test_a_notebook_in_a_package_folder_imports_the_helper_module_top_level(
        tmp_path: Path, check: Callable[..., Ran]) -> None:
    """A notebook beside an `__init__.py` still runs as a top-level script: its fix imports
    `jax_lsp_derivatives` as one (a `from . import` fails there), and the cells change by a
    few lines, the machinery going into the module beside the notebook."""
    (tmp_path / "__init__.py").write_text("")
    path = tmp_path / "nb.ipynb"
    path.write_text(_notebook(), encoding="utf-8")
    before = _cell_lines(_notebook())
    assert check("--fix").code == 0
    fixed = path.read_text(encoding="utf-8")
    code = "".join("".join(c["source"]) for c in json.loads(fixed)["cells"])
    assert "import jax_lsp_derivatives\n" in code and "from . import" not in code
    assert (tmp_path / f"{MODULE_NAME}.py").is_file()
    added = sum(_cell_lines(fixed)) - sum(before)
    assert 0 < added <= 25, added
    _assert_cos_gradient(_gradient_of_cells(fixed, tmp_path))


def _pasted(diff: str) -> bool:
    """Whether a diff adds the machinery itself (over a hundred lines), not only a call site."""
    return sum(line.startswith("+") and not line.startswith("+++")
               for line in diff.splitlines()) > 100


def _stdin_fix(folder: Path, data: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--no-cache", *args, "-"], input=data,
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)})


def test_fix_of_a_named_notebook_on_standard_input_writes_the_module_beside_it(
        tmp_path: Path) -> None:
    """An editor that pipes the notebook through `check --fix --stdin-filename` and takes the
    output back gets the short call-site change, the machinery in the module beside the
    notebook's name (as `--fix` on the file); `--diff` writes nothing and shows the helpers in
    the source, and so does `--fix` of a name in a folder that does not exist."""
    folder = tmp_path / "project"
    folder.mkdir()
    diff = _stdin_fix(folder, _notebook(), "--diff", "--stdin-filename", "nb.ipynb")
    assert diff.returncode == 1 and _pasted(diff.stdout), diff.stdout
    assert list(folder.iterdir()) == []
    ran = _stdin_fix(folder, _notebook(), "--fix", "--stdin-filename", "nb.ipynb")
    assert ran.returncode == 0, ran.stderr
    added = sum(_cell_lines(ran.stdout)) - sum(_cell_lines(_notebook()))
    assert 0 < added <= 25, added
    assert (folder / f"{MODULE_NAME}.py").is_file()
    _assert_cos_gradient(_gradient_of_cells(ran.stdout, folder))
    elsewhere = _stdin_fix(folder, _notebook(), "--fix", "--stdin-filename", "nowhere/nb.ipynb")
    assert elsewhere.returncode == 0
    assert sum(_cell_lines(elsewhere.stdout)) - sum(_cell_lines(_notebook())) > 100
    assert not (folder / "nowhere").exists()
