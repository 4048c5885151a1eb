"""A finding's path ends where JAX's traceback ends.

JAX transposes when the function `jax.vjp`, `jax.linearize` or `jax.linear_transpose` returned is
called, not when the transform is made: the transpose-time errors (JAX002, JAX003's transpose,
JAX006, JAX009) are raised on that call. The path shown to the user (the diagnostic's related
information) names it, and each case below checks, by running JAX, that the line named is the
program's last frame in the traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jax_lsp.analysis import analyze_source

CASES = {
    # a pure_callback transposed through linear_transpose: raised by `adjoint(y)`
    "linear_transpose": (
        """\
        import jax
        import jax.numpy as jnp

        def host_scale(x):
            return jax.pure_callback(lambda a: 2 * a, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

        adjoint = jax.linear_transpose(host_scale, jnp.ones(3))
        y = jnp.arange(3.0)
        print(adjoint(y))
        """,
        "JAX002",
        9,
    ),
    # a fori_loop with a dynamic trip count (traced under jit), reverse-differentiated:
    # raised by `pull(1.0)`
    "vjp": (
        """\
        import jax
        from jax import lax

        def smooth(x, n):
            return lax.fori_loop(0, n, lambda i, c: c * 0.5 + 1.0, x)

        @jax.jit
        def adjoint_of_smooth(x, n):
            out, pull = jax.vjp(lambda v: smooth(v, n), x)
            return out, pull(1.0)

        print(adjoint_of_smooth(1.0, 3))
        """,
        "JAX009",
        10,
    ),
}


def _related_lines(source: str, code: str) -> set[int]:
    result = analyze_source(source, "prog.py")
    assert result.error is None
    lines = set()
    for f in result.findings:
        if f.code == code:
            lines.add(f.span.line)
            lines.update(step.span.line for step in f.path)
    assert lines, f"no {code} finding"
    return lines


@pytest.mark.parametrize("name", sorted(CASES))
def test_path_names_the_line_jax_raises_on(name: str) -> None:
    source, code, raised_on = CASES[name]
    assert raised_on in _related_lines(textwrap.dedent(source), code)


@pytest.mark.parametrize("name", sorted(CASES))
def test_jax_raises_on_that_line(name: str, tmp_path: Path) -> None:
    pytest.importorskip("jax")
    source, _, raised_on = CASES[name]
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent(source))
    run = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    assert run.returncode != 0
    frames = re.findall(r'File "([^"]+)", line (\d+)', run.stderr)
    last = [int(line) for file, line in frames if Path(file) == prog][-1]
    assert last == raised_on, run.stderr[-3000:]
