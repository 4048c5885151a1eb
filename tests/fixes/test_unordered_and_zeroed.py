"""JAX013's fix (`ordered=False`, unsafe) and what the stop_gradient fix says it zeroes
(issue 31, items 3 and 5), each checked by running JAX on the fixed program."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from oracle import run_program

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.catalog import load_catalog
from jax_lsp.fixes.model import apply_edits
from jax_lsp.fixes.offers import offered_kinds, preferred_kind
from jax_lsp.fixes.registry import fixes_for
from jax_lsp.server.features.hover import render_finding

pytest.importorskip("jax")

ORDERED = '''
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def record(v):
    return np.asarray(v, dtype=np.float32)


def step(x):
    return io_callback(record, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)


print(jax.vmap(step)(jnp.arange(3.0)))
'''

#: issue 31's example: an io_callback returning its input, whose result feeds the loss
ECHO = '''
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def echo(v):
    return np.asarray(v, dtype=np.float32)


def loss(x):
    y = io_callback(echo, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(y * y)


print(jax.grad(loss)(jnp.ones(2)).tolist())
'''


def _only(source: str, code: str):
    found = [f for f in analyze_source(source).findings if f.code == code]
    assert len(found) == 1, found
    return found[0]


def test_unordered_fix_is_unsafe_and_runs(tmp_path: Path) -> None:
    finding = _only(ORDERED, "JAX013")
    assert offered_kinds(finding) == [FixKind.UNORDERED]
    assert preferred_kind(finding) is None
    fix = next(f for f in fixes_for(ORDERED, finding) if f.kind is FixKind.UNORDERED)
    assert not fix.safe and not fix.preferred and "unsafe" in fix.title
    fixed = apply_edits(ORDERED, fix.edits)
    assert "ordered=False" in fixed and not any(
        f.code == "JAX013" for f in analyze_source(fixed).findings)
    before, after = tmp_path / "before.py", tmp_path / "after.py"
    before.write_text(ORDERED, encoding="utf-8")
    after.write_text(fixed, encoding="utf-8")
    assert not run_program(before).ok
    assert run_program(after).ok


def test_stop_gradient_fix_says_what_it_zeroes_and_is_not_preferred(tmp_path: Path) -> None:
    finding = _only(ECHO, "JAX003")
    fixes = fixes_for(ECHO, finding)
    stop = next(f for f in fixes if f.kind is FixKind.STOP_GRADIENT)
    assert not stop.preferred and not stop.safe
    assert "zeroes every derivative of `loss` with respect to `x`" in stop.title
    assert "silently returns a wrong gradient" in stop.title
    hover = render_finding(load_catalog(), finding, markdown=False)
    assert "Quick fix (not preferred)" in hover and "zeroes every derivative of `loss`" in hover
    # what the title claims, run: the gradient of sum(x**2) at [1, 1] is [2, 2]; stopped, [0, 0]
    after = tmp_path / "after.py"
    after.write_text(apply_edits(ECHO, stop.edits), encoding="utf-8")
    out = subprocess.run([sys.executable, str(after)], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().splitlines()[-1] == "[0.0, 0.0]"


_LOOPS = '''
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def log(v):
    return None


def record(v):
    io_callback(log, None, v, ordered=True)


def run(x):
    return BODY


print(jax.vmap(run)(jnp.arange(3.0)))
'''

#: where the batch reaches the callback (measured on JAX 0.10.2): made unordered, the callback
#: runs (True) or JAX refuses the unordered IO effect too (False)
_WHERE = {
    "while_batched_predicate": (
        "jax.lax.while_loop(lambda c: c < 5.0, lambda c: (record(c), c + 1.0)[1], x)", False),
    "fori_batched_bound": (
        "jax.lax.fori_loop(0, x.astype(int), lambda i, c: (record(c), c + 1.0)[1], x)",
        False),
    "cond_batched_operand": (
        "jax.lax.cond(True, lambda c: (record(c), c)[1], lambda c: c, x)", False),
    "switch_batched_index": (
        "jax.lax.switch(x.astype(int) % 2, [lambda c: (record(c), c)[1], lambda c: c], x)",
        False),
    "while_unbatched_predicate": (
        "jax.lax.while_loop(lambda c: c[0] < 3, lambda c: (record(c[1]), (c[0] + 1, c[1]))[1],"
        " (0, x))[1]", True),
    "scan_batched_carry": (
        "jax.lax.scan(lambda c, _: ((record(c), c + 1.0)[1], None), x, None, length=2)[0]",
        True),
}


@pytest.mark.parametrize("where", sorted(_WHERE))
def test_unordered_fix_only_where_jax_runs_it(where: str, tmp_path: Path) -> None:
    body, runs = _WHERE[where]
    source = _LOOPS.replace("BODY", body)
    finding = _only(source, "JAX013")
    offered = FixKind.UNORDERED in offered_kinds(finding)
    built = [f for f in fixes_for(source, finding) if f.kind is FixKind.UNORDERED]
    assert offered is runs and bool(built) is runs
    # what the analysis says, run: `ordered=False` written by hand
    after = tmp_path / "after.py"
    after.write_text(source.replace("ordered=True", "ordered=False"), encoding="utf-8")
    assert run_program(after).ok is runs
