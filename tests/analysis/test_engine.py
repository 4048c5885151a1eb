"""Unit tests of the analysis on small sources: positions, paths, messages, bad input.

What JAX does with these programs is established by the corpus (run under real JAX); these
tests pin the analyzer's own contract: where a finding is, what it says, how input fails.
"""

from __future__ import annotations

import textwrap

from jax_lsp.analysis import AnalysisConfig, analyze_source

HEADER = """\
import jax
import jax.numpy as jnp
import numpy as np
"""


def findings(body: str, **config: object):
    src = HEADER + textwrap.dedent(body)
    result = analyze_source(src, "t.py", AnalysisConfig(**config) if config else None)  # type: ignore[arg-type]
    assert result.error is None
    return result.findings


def test_span_is_the_whole_callback_call_in_characters() -> None:
    src = HEADER + (
        "def f(x):\n    s = 'é漢😀'; return jax.pure_callback(np.sin, x, x)\njax.grad(f)(1.0)\n"
    )
    (f,) = analyze_source(src).findings
    line = src.splitlines()[f.span.line - 1]
    assert line[f.span.col : f.span.end_col] == "jax.pure_callback(np.sin, x, x)"
    assert f.span.line == f.span.end_line == 5


def test_path_starts_at_the_transform_and_follows_calls() -> None:
    (f,) = findings("""
        def host(x):
            return np.sin(x)

        def squash(x):
            return jax.pure_callback(host, x, x)

        def loss(x):
            return jnp.sum(squash(x))

        g = jax.grad(loss)(jnp.ones(3))
    """)
    labels = [s.label for s in f.path]
    assert labels == ["`jax.grad` differentiates here", "calls `loss`", "calls `squash`"]
    assert [s.span.line for s in f.path] == [14, 14, 12]
    assert "`jax.grad` (line 14) through `loss` -> `squash`" in f.message
    assert "Pure callbacks do not support JVP" in f.message
    assert f.code == "JAX001"


def test_import_aliases_resolve() -> None:
    src = """\
import jax as jx
from jax import grad as g, pure_callback as pc
from jax.experimental import io_callback as ioc
import numpy as np

def f(x):
    return pc(np.sin, x, x) + ioc(np.cos, x, x)

g(f)(1.0)
jx.jacfwd(f)(1.0)
"""
    got = {(x.code, x.span.line) for x in analyze_source(src).findings}
    assert got == {("JAX001", 7), ("JAX003", 7)}


def test_rebinding_and_partial_of_the_callback() -> None:
    codes = findings("""
        from functools import partial
        cb = partial(jax.pure_callback, vmap_method="sequential")
        def f(x):
            return cb(np.sin, x, x)
        jax.grad(f)(1.0)
    """)
    assert [f.code for f in codes] == ["JAX001"]


def test_grad_that_leaves_the_module_is_checked() -> None:
    (f,) = findings("""
        def loss(x):
            return jax.pure_callback(np.sin, x, x)

        def make_grad():
            return jax.jit(jax.grad(loss))
    """)
    assert f.code == "JAX001"


def test_exported_grad_is_checked() -> None:
    (f,) = findings("""
        __all__ = ["grad_loss"]
        def loss(x):
            return jax.pure_callback(np.sin, x, x)
        grad_loss = jax.grad(loss)
    """)
    assert f.code == "JAX001"


def test_dead_grad_is_not_checked() -> None:
    # JAX fails only when the transformed function runs (corpus: neg_grad_built_never_called)
    assert findings("""
        def loss(x):
            return jax.pure_callback(np.sin, x, x)
        grad_loss = jax.grad(loss)
    """) == []


def test_unresolved_callee_holds_no_callback() -> None:
    assert (
        findings("""
        from mylib import mystery
        def loss(x):
            return mystery(x)
        jax.grad(loss)(1.0)
    """)
        == []
    )


def test_extra_callbacks_and_transforms_from_config() -> None:
    got = findings(
        """
        from mylib import host_call, my_grad
        def loss(x):
            return host_call(x)
        my_grad(loss)(1.0)
        """,
        extra_callbacks=("mylib.host_call",),
        extra_transforms={"mylib.my_grad": "jax.grad"},
    )
    assert [f.code for f in got] == ["JAX001"]


def test_syntax_error_is_reported_not_raised() -> None:
    result = analyze_source("def f(:\n    pass\n")
    assert result.findings == []
    assert result.error is not None
    assert result.error.line == 1
    assert "SyntaxError" in result.error.message


def test_null_bytes_are_reported_not_raised() -> None:
    result = analyze_source("x = 1\x00\n")
    assert result.error is not None


def test_deep_recursion_terminates() -> None:
    got = findings("""
        def f(x, n):
            if n == 0:
                return jax.pure_callback(np.sin, x, x)
            return f(x, n - 1) + g(x, n)
        def g(x, n):
            return f(x, n - 1)
        jax.grad(f)(1.0, 3)
    """)
    assert [f.code for f in got] == ["JAX001"]


def test_findings_are_sorted_and_unique() -> None:
    got = findings("""
        def f(x):
            a = jax.pure_callback(np.sin, x, x)
            b = jax.pure_callback(np.cos, x, x)
            return a + b
        jax.grad(f)(1.0)
        jax.grad(f)(2.0)
    """)
    assert [(f.span.line, f.code) for f in got] == [(6, "JAX001"), (7, "JAX001")]
