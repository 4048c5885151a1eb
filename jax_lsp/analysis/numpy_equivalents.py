"""The `jax.numpy` functions NumPy computes the same way, as measured by running both
(`scripts/gen_numpy_equivalents.py` writes `data/numpy_equivalents.json`): what JAX011's fix
may turn `jnp.X` into `np.X` for."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "numpy_equivalents.json"


@lru_cache(maxsize=1)
def equivalents() -> frozenset[str]:
    return frozenset(json.loads(DATA.read_text(encoding="utf-8"))["equivalents"])


def numpy_name(jax_name: str) -> str | None:
    """`numpy.X` for `jax.numpy.X` when NumPy's `X` was measured to compute the same."""
    if jax_name in equivalents():
        return "numpy." + jax_name.removeprefix("jax.numpy.")
    return None
