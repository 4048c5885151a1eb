"""The module of issue 35's first case: each helper calls the previous one twice, and the last
is differentiated. Its calls double per level (2^n in all), so any analysis that follows each
one instead of memoising it never finishes; one that memoises interprets each helper once."""

from __future__ import annotations


def doubling_chain(depth: int) -> str:
    out = [
        "import jax",
        "import numpy as np",
        "",
        "",
        "def f0(x):",
        "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)",
    ]
    for k in range(1, depth + 1):
        out += ["", "", f"def f{k}(x):", f"    return f{k - 1}(x) + f{k - 1}(x * 2)"]
    out += ["", "", f"g = jax.grad(f{depth})(1.0)", ""]
    return "\n".join(out)


#: 250 lines, as the file of the report
DEPTH_250_LINES = 60
