"""`%load_ext jax_lsp` in a real IPython InteractiveShell: a cell raising JAX's real
"Pure callbacks do not support JVP" gets the entry, the cell's line and the first fix."""

from __future__ import annotations

import pytest

IPython = pytest.importorskip("IPython")
from IPython.testing.globalipapp import start_ipython  # noqa: E402

CELL = """
import jax
import jax.numpy as jnp
import numpy as np

def loss(x):
    y = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return y.sum()

jax.grad(loss)(jnp.ones(3))
"""


@pytest.fixture(scope="module")
def shell():  # type: ignore[no-untyped-def]
    ip = start_ipython()
    ip.run_line_magic("load_ext", "jax_lsp")
    yield ip
    ip.run_line_magic("unload_ext", "jax_lsp")


def test_failing_cell_is_explained(shell, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    result = shell.run_cell(CELL)
    # the exception is IPython's to show, unchanged
    assert type(result.error_in_exec).__name__ == "ValueError"
    assert str(result.error_in_exec).startswith("Pure callbacks do not support JVP.")
    err = capsys.readouterr().err
    assert "jax-lsp: this is pure-callback-jvp" in err
    assert "your line:" in err and "y = jax.pure_callback(np.sin" in err
    assert "first fix: Wrap the callback in `jax.custom_jvp`" in err


def test_cells_without_jax_errors_print_nothing(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    shell.run_cell("x = 1 + 1")
    shell.run_cell("{}['missing']")
    assert "jax-lsp" not in capsys.readouterr().err


def test_unload_removes_the_hook(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    shell.run_line_magic("unload_ext", "jax_lsp")
    try:
        shell.run_cell(CELL)
        assert "jax-lsp: this is" not in capsys.readouterr().err
    finally:
        shell.run_line_magic("load_ext", "jax_lsp")
