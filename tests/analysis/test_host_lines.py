"""JAX011's calls of one line, one host and one route are one finding (`analysis/host_lines.py`):
its message names each call, it spans them, its NumPy fix rewrites each, and a suppression
comment on the line silences it. Calls on other lines, or of other hosts, stay apart."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.findings import Finding, FixKind, HostCall, PathStep, Severity, Span
from jax_lsp.analysis.host_lines import one_per_line
from jax_lsp.fixes.host_code import numpy_in_host_fix

REPO = Path(__file__).resolve().parents[2]

NESTED = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp
    import numpy as np


    def host(x):
        r = np.asarray(x)
        worst = float(jnp.max(jnp.abs(r)))
        q = jnp.percentile(jnp.asarray(r), 90.0)
        return np.float32(worst + float(q))


    @jax.jit
    def f(x):
        return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)


    print(f(jnp.ones(3)))
""")


def _jax011(source: str) -> list:
    return [f for f in analyze_source(source, "prog.py").findings if f.code == "JAX011"]


def test_one_finding_per_line_names_each_call() -> None:
    found = _jax011(NESTED)
    assert [f.span.line for f in found] == [8, 9]
    both, mixed = found
    assert both.message.startswith("`jnp.max` and `jnp.abs` run JAX inside `host`")
    assert both.message.endswith("use NumPy (`numpy.max`, `numpy.abs`)")
    assert (both.span.col, both.span.end_col) == (18, 37)  # `jnp.max(jnp.abs(r))`
    assert [s.col for s in both.operand_spans] == [18, 26]
    # `jnp.percentile` has no NumPy twin measured: the message says which has one
    assert mixed.message.startswith("`jnp.percentile` and `jnp.asarray` run JAX")
    assert "`numpy.asarray` for `jnp.asarray`" in mixed.message
    # rewriting `jnp.asarray` alone would leave the finding: no fix offered
    assert FixKind.NUMPY_IN_HOST not in mixed.fixes and mixed.operand_spans == ()
    assert FixKind.SUPPRESS in mixed.fixes


def test_the_same_function_twice_is_named_once() -> None:
    source = NESTED.replace("float(jnp.max(jnp.abs(r)))",
                            "float(jnp.abs(r).sum() / jnp.abs(r).max())")
    [line8] = [f for f in _jax011(source) if f.span.line == 8]
    assert line8.message.startswith("`jnp.abs` (2 calls) runs JAX inside `host`")


def test_the_fix_rewrites_each_call_of_the_line() -> None:
    both = _jax011(NESTED)[0]
    fix = numpy_in_host_fix(cast(Any, SimpleNamespace(text=NESTED)), both)  # (its text alone)
    assert fix is not None
    lines = NESTED.splitlines()
    for edit in fix.edits:
        assert edit.span.line == 8
        assert lines[7][edit.span.col:edit.span.end_col] in ("jnp.max", "jnp.abs")
    assert [e.new_text for e in fix.edits] == ["np.max", "np.abs"]


def test_hosts_apart_and_lines_apart_stay_apart() -> None:
    source = textwrap.dedent("""\
        import jax
        import jax.numpy as jnp
        import numpy as np


        def helper(r):
            return float(jnp.sum(r))


        def host(x):
            r = np.asarray(x)
            a = jnp.max(r)
            b = jnp.min(r)
            return np.float32(float(a) + float(b) + helper(r))


        def other(x):
            return np.float32(float(jnp.mean(np.asarray(x))))


        @jax.jit
        def f(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)


        @jax.jit
        def g(x):
            return jax.pure_callback(other, jax.ShapeDtypeStruct((), jnp.float32), x)


        print(f(jnp.ones(3)), g(jnp.ones(3)))
    """)
    found = _jax011(source)
    assert [f.span.line for f in found] == [7, 12, 13, 18]
    assert not any(" and " in f.message.split(" run", 1)[0] for f in found)


def test_a_suppression_comment_silences_the_joined_finding(tmp_path: Path) -> None:
    path = tmp_path / "prog.py"
    path.write_text(NESTED.replace("float(jnp.max(jnp.abs(r)))",
                                   "float(jnp.max(jnp.abs(r)))  # noqa: JAX011"))
    run = subprocess.run([sys.executable, "-P", "-m", "jax_lsp", "check", "--no-cache",
                          "--output-format", "json", str(path)], capture_output=True,
                         text=True, timeout=600, cwd=tmp_path,
                         env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert '"row": 8' not in run.stdout and '"row": 9' in run.stdout, run.stdout


def test_calls_are_joined_by_the_cause_they_carry_not_by_their_message() -> None:
    """The grouping reads `Finding.host_call`, the facts the message was written from: a
    message worded otherwise (or naming no cause at all) is joined as well, and two calls whose
    messages read alike but whose causes differ are not."""
    def call(col: int, written: str, cause: str, message: str) -> Finding:
        return Finding("JAX011", message, Span(8, col, 8, col + 7), Severity.WARNING,
                       (PathStep(Span(15, 11, 15, 28), "site"),), (FixKind.SUPPRESS,),
                       host_call=HostCall(written, "JAX", cause, None))
    here = "`host`, the host function of `jax.pure_callback` (line 15)"
    joined = one_per_line([call(18, "jnp.max", here, "reworded"),
                           call(26, "jnp.abs", here, "reworded")])
    assert [f.message for f in joined] == [
        f"`jnp.max` and `jnp.abs` run JAX inside {here}: JAX code inside a callback's host "
        "function can deadlock; compute it with NumPy, or outside the callback"]
    assert joined[0].host_call is None  # (no longer one call)
    apart = [call(18, "jnp.max", here, "same words"),
             call(26, "jnp.abs", here.replace("15", "16"), "same words")]
    assert one_per_line(apart) == apart
