"""The report `check --fix` prints after fixing: the fixing's last analysis of each file is
reported instead of a new one, unless what it read changed since (a module it imports that a
later file's fixes rewrote); either way the report is what a fresh `check` prints."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from jax_lsp import cli
from jax_lsp.checker import runner

HOST_LOSS = """\
import jax
import jax.numpy as jnp
import numpy as np


def loss(x):
    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(s)


print(jax.grad(loss)(jnp.ones(3)))
"""

#: a finding --fix leaves (its fixes are unsafe), to see in the report
LEFT_FOR_THE_REPORT = """\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.jacfwd(f)(jnp.ones(2)))
"""

#: imports `loss` from b.py, which is fixed after this file (the files go in sorted order)
IMPORTS_B = """\
import jax
import jax.numpy as jnp

from b import loss

print(jax.grad(loss)(jnp.ones(3)))
"""


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[str, list[str]]]:
    """Run `jax-lsp check <args> .` in `tmp_path`: its output and the files the report
    analysed (rather than taking the fixing's analysis)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    analysed: list[str] = []
    real = runner.analyse_file

    def counting(path: str, *args: object, **kwargs: object) -> object:
        analysed.append(Path(path).name)
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "analyse_file", counting)

    def go(*args: str) -> tuple[str, list[str]]:
        analysed.clear()
        capsys.readouterr()
        cli.main(["check", "--no-cache", "--output-format", "concise", *args, "."])
        return capsys.readouterr().out, sorted(analysed)

    return go


def test_the_report_after_fixing_is_the_fixings_analysis(
    tmp_path: Path, run: Callable[..., tuple[str, list[str]]]
) -> None:
    (tmp_path / "fixed.py").write_text(HOST_LOSS)
    (tmp_path / "left.py").write_text(LEFT_FOR_THE_REPORT)
    out, analysed = run("--fix")
    # fixed.py's fixes created the helper module it now imports: its analyses found it
    assert (tmp_path / "jax_lsp_derivatives.py").exists()
    assert analysed == []
    assert "left.py" in out
    fresh, analysed = run()
    assert analysed == ["fixed.py", "jax_lsp_derivatives.py", "left.py"]
    # the same findings; the summary after --fix also counts what it fixed, as ruff's does
    assert "Found 2 errors (1 fixed, 1 remaining)." in out
    assert _findings(out) == _findings(fresh)


def test_a_file_whose_import_a_later_fix_rewrote_is_analysed_again(
    tmp_path: Path, run: Callable[..., tuple[str, list[str]]]
) -> None:
    (tmp_path / "a.py").write_text(IMPORTS_B)
    (tmp_path / "b.py").write_text(HOST_LOSS)
    out, analysed = run("--fix")
    assert (tmp_path / "b.py").read_text() != HOST_LOSS
    assert analysed == ["a.py"]  # its fixing read b.py before b.py's fixes
    fresh, _ = run()
    assert _findings(out) == _findings(fresh)


def _findings(report: str) -> list[str]:
    """The report without its summary line ("Found ...", "All checks passed!")."""
    return [
        line
        for line in report.splitlines()
        if not line.startswith("Found ") and line != "All checks passed!"
    ]
