"""The pytest plugin, run in real pytest sessions (pytester, in a subprocess each) on a test
that raises JAX's real "Pure callbacks do not support JVP"."""

from __future__ import annotations

import os
from importlib import metadata
from pathlib import Path

import pytest
import tomllib

REPO = Path(__file__).resolve().parents[2]

FAILING = """
import jax
import jax.numpy as jnp
import numpy as np


def host_sin(x):
    return np.sin(x)


def loss(x):
    y = jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return y.sum()


def test_gradient():
    jax.grad(loss)(jnp.ones(3))
"""

NOT_JAX = """
import jax


def test_plain_failure():
    assert {"a": 1} == {"a": 2}
"""


def _registered() -> bool:
    """Whether the installed jax-lsp declares the pytest11 entry point (a fresh install does)."""
    return any(
        ep.value == "jax_lsp.runtime.pytest_plugin"
        for ep in metadata.entry_points(group="pytest11")
    )


@pytest.fixture
def entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the subprocess see the pytest11 entry point as pyproject.toml declares it, even when
    the installed jax-lsp is an editable install made before it existed: a distribution's
    metadata on PYTHONPATH is how pytest finds plugins."""
    if _registered():
        return
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    ((name, value),) = data["project"]["entry-points"]["pytest11"].items()
    info = tmp_path / "site" / "jax_lsp_entry_point-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: jax-lsp-entry-point\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[pytest11]\n{name} = {value}\n")
    path = [str(info.parent), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(path))


def test_entry_point_is_declared() -> None:
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["entry-points"]["pytest11"] == {
        "jax_lsp": "jax_lsp.runtime.pytest_plugin"
    }


def test_failing_test_shows_entry_line_and_fix(
    pytester: pytest.Pytester, entry_point: None
) -> None:
    pytester.makepyfile(test_cb=FAILING)
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    # the exception is reported as JAX raised it, unchanged
    assert "ValueError: Pure callbacks do not support JVP" in out
    result.stdout.fnmatch_lines(
        [
            "*- jax-lsp -*",
            "jax-lsp: this is pure-callback-jvp: *",
            "*your line: *test_cb.py:11 in loss: y = jax.pure_callback(*",
            "*first fix: Wrap the callback in `jax.custom_jvp`*",
        ]
    )


def test_non_jax_failure_gets_no_section(pytester: pytest.Pytester, entry_point: None) -> None:
    pytester.makepyfile(test_plain=NOT_JAX)
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(failed=1)
    assert "jax-lsp: this is" not in result.stdout.str()
    assert "- jax-lsp -" not in result.stdout.str()


def test_no_plugin_option_turns_it_off(pytester: pytest.Pytester, entry_point: None) -> None:
    pytester.makepyfile(test_cb=FAILING)
    result = pytester.runpytest_subprocess("-p", "no:jax_lsp")
    result.assert_outcomes(failed=1)
    assert "Pure callbacks do not support JVP" in result.stdout.str()
    assert "jax-lsp: this is" not in result.stdout.str()


def test_plugin_does_not_import_jax(pytester: pytest.Pytester, entry_point: None) -> None:
    pytester.makepyfile(
        test_nojax="""
import sys


def test_fails():
    assert "jax" not in sys.modules
    raise ValueError("Pure callbacks do not support JVP. Please use `jax.custom_jvp` to use "
                     "callbacks while taking gradients.")
"""
    )
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(failed=1)
    # the same words, raised by plain Python with JAX never imported: not explained
    assert "jax-lsp: this is" not in result.stdout.str()
    assert "assert 'jax' not in" not in result.stdout.str()
