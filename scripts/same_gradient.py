"""Whether a fixed `examples/train_with_host_activation.py` gives the model's true gradient.

The fix replaces `jax.grad`'s error with a derivative written beside the host callback
(finite differences until the user writes the exact one). This runs the fixed file's `loss`
under `jax.grad` and compares it with the same model written in JAX alone (`jax.nn.softplus`
for the host's softplus), at parameters and data where every entry matters:

    python scripts/same_gradient.py FIXED_FILE     # prints the largest difference; exit 1 if > 1e-3

Run by `scripts/editor_screens.py` and `editors/vscode/scripts/e2e.mjs` after each editor's fix.
"""

from __future__ import annotations

import importlib.util
import os
import sys

TOLERANCE = 1e-3


def largest_difference(fixed_file: str) -> float:
    import jax
    import jax.numpy as jnp

    # as `python FIXED_FILE` runs it: its folder (where the fix's helper module is) on sys.path
    sys.path.insert(0, os.path.dirname(os.path.abspath(fixed_file)))
    spec = importlib.util.spec_from_file_location("fixed_example", fixed_file)
    assert spec is not None and spec.loader is not None
    fixed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixed)
    params = {"w": jnp.array([[0.3], [-0.2], [0.5]]), "b": jnp.array([0.1])}
    x = jnp.linspace(-1.0, 1.0, 24).reshape(8, 3)
    y = jnp.linspace(0.0, 1.0, 8).reshape(8, 1)

    def reference(p: dict, x: jax.Array, y: jax.Array) -> jax.Array:
        return jnp.mean((jax.nn.softplus(x @ p["w"] + p["b"]) - y) ** 2)

    got = jax.grad(fixed.loss)(params, x, y)
    want = jax.grad(reference)(params, x, y)
    return max(float(jnp.max(jnp.abs(got[k] - want[k]))) for k in want)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    diff = largest_difference(argv[0])
    print(f"largest gradient difference from jax.nn.softplus: {diff:.2e}")
    return 0 if diff <= TOLERANCE else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
