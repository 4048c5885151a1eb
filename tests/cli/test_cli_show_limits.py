"""`jax-lsp check --show-limits`: where the analysis of each file stopped, then exit 0."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cli_harness import Ran, write_tree

PROGRAM = (
    "import jax\n"
    "import somelib\n"
    "\n"
    "def loss(w):\n"
    "    return somelib.solve(lambda v: v * w, w)\n"
    "\n"
    "jax.grad(loss)(1.0)\n"
)


def test_show_limits_prints_file_line_column_and_reason(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    write_tree(tmp_path, {"a.py": PROGRAM, "b.py": "x = 1\n"})
    ran = run_cli(["check", "--show-limits", "a.py", "b.py"], tmp_path)
    assert ran.code == 0
    assert ran.out == (
        "a.py:5:12: `somelib.solve` is not modelled (no JAX API facts, not workspace code): "
        "the functions passed to it are not followed\n"
    )
    assert not (tmp_path / ".jax_lsp_cache").exists()


def test_show_limits_refuses_standard_input(tmp_path: Path, run_cli: Callable[..., Ran]) -> None:
    ran = run_cli(["check", "--show-limits", "-"], tmp_path)
    assert ran.code == 2
    assert "--show-limits works on files" in ran.err
