"""A JAX function given a name imported from another module that holds data (`argnums=WRT`
after `from .settings import WRT`, `static_argnums=STATIC`, a tuple of such names) reads the
value that module binds, as a literal written in place (`JaxApiCalls.imported_data_read`).
Each program runs under real JAX: the findings expected are what it does."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle import run_program

from jax_lsp.analysis import Workspace, analyze_source

_LOOP = """\
import jax
import jax.numpy as jnp
from jax import lax

from cfg import STATIC


def energy(x, n):
    return lax.fori_loop(0, n, lambda i, acc: acc + jnp.sin(acc) * x, x)


step = jax.jit(jax.grad(energy), static_argnums=STATIC)
print(step(jnp.float32(0.3), 3))
"""

_ARGNUMS = """\
import jax
import jax.numpy as jnp

from cfg import FIRST, SECOND


def mean_wait(rate, servers, scale):
    return scale * rate / (servers * 1.5 - rate)


print(jax.grad(mean_wait, argnums=(FIRST, SECOND))(jnp.float32(2.0), 3, 1.0))
"""

CASES = [
    # the loop's bound is a static argument of the jit: JAX unrolls nothing, runs a scan
    ("static_bound", _LOOP, "STATIC = (1,)\n", set()),
    # no static argument: the bound is a tracer, whose fori_loop grad cannot transpose
    ("traced_bound", _LOOP, "STATIC = ()\n", {(9, "JAX009")}),
    # argnums built of imported names: the integer server count is differentiated
    ("int_argnum", _ARGNUMS, "FIRST = 0\nSECOND = 1\n", {(11, "JAX010")}),
    # the same names, the second pointing at the scale: only floats are differentiated
    ("float_argnums", _ARGNUMS, "FIRST = 0\nSECOND = 2\n", set()),
]


def _project(tmp_path: Path, main: str, cfg: str) -> Path:
    (tmp_path / "cfg.py").write_text(cfg, encoding="utf-8")
    path = tmp_path / "main.py"
    path.write_text(main, encoding="utf-8")
    return path


@pytest.mark.parametrize(("main", "cfg", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_imported_data_is_read(tmp_path: Path, main: str, cfg: str, expected: set) -> None:
    path = _project(tmp_path, main, cfg)
    result = analyze_source(main, str(path), workspace=Workspace(roots=[tmp_path]))
    assert {(f.span.line, f.code) for f in result.findings} == expected


@pytest.mark.parametrize(("main", "cfg", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_cases_match_real_jax(tmp_path: Path, main: str, cfg: str, expected: set) -> None:
    pytest.importorskip("jax")
    from jax_lsp.codes import RULES

    outcome = run_program(_project(tmp_path, main, cfg))
    if not expected:
        assert outcome.ok, str(outcome)
    else:
        assert not outcome.ok
        assert any(RULES[c].matches(outcome.exception, outcome.message) for _, c in expected)


def test_an_imported_function_is_still_called() -> None:
    # a function passed to the API stays the imported name, read where it is called
    project = Path(__file__).parent / "projects" / "relative"
    main = project / "main.py"
    result = analyze_source(main.read_text(encoding="utf-8"), str(main),
                            workspace=Workspace(roots=[project]))
    assert [(f.span.line, f.code) for f in result.findings] == [(7, "JAX001")]
