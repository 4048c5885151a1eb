"""Helper chains: a callback reached through 100, 200, 400 or 1,000 helper calls under
`jax.grad` is found (JAX raises "Pure callbacks do not support JVP" at 100 and 400, checked by
running it; at 1,000 Python's default recursion limit stops JAX's tracing first); the
interpreter follows at most `_MAX_DEPTH` (1,000) calls, as docs/analysis.md says."""

from __future__ import annotations

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.python.calls import _MAX_DEPTH


def chain(depth: int) -> str:
    """`loss` reaches `jax.pure_callback` through `depth` helper functions."""
    lines = [
        "import jax",
        "import jax.numpy as jnp",
        "import numpy as np",
        "",
        "def h0(x):",
        "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)",
    ]
    for i in range(1, depth):
        lines += [f"def h{i}(x):", f"    return h{i - 1}(x) * 2.0"]
    lines += ["def loss(x):", f"    return jnp.sum(h{depth - 1}(x))", "",
              "jax.grad(loss)(jnp.ones(3))", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("depth", [100, 200, 400, _MAX_DEPTH])
def test_deep_helper_chains_are_followed(depth: int) -> None:
    result = analyze_source(chain(depth), "chain.py")
    assert [f.code for f in result.findings] == ["JAX001"]
    assert not result.incomplete


def test_the_depth_bound_is_where_the_docs_say() -> None:
    assert _MAX_DEPTH == 1000
    assert analyze_source(chain(_MAX_DEPTH + 1), "chain.py").findings == []
