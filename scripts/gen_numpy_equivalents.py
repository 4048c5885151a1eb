"""Measure which `jax.numpy` functions NumPy computes the same way, and write the list the
JAX011 fix reads (jax_lsp/analysis/data/numpy_equivalents.json).

Why: JAX011's fix turns `jnp.X(...)` inside a callback's host function into `np.X(...)`. That
is right only where NumPy's `X` means what JAX's does, which is a fact of both libraries'
versions, so it is measured: each public `jax.numpy` function (and `jax.numpy.linalg`,
`jax.numpy.fft`) that NumPy also has is called with a few small argument sets on both; it is
an equivalent when at least one set runs on both, every set that runs under JAX runs under
NumPy too, and each such pair of results has the same structure, shape and values (within
float32 tolerance). `jnp.linalg.eig` (whose eigenvalues come in another order) and the
functions JAX answers with another dtype rule are thereby left out.

Usage:
    python scripts/gen_numpy_equivalents.py            # rewrite the list
    python scripts/gen_numpy_equivalents.py --check    # exit 1 when it drifted
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

OUT = (Path(__file__).resolve().parent.parent / "jax_lsp" / "analysis" / "data"
       / "numpy_equivalents.json")
NAMESPACES = (("jax.numpy", jnp, np), ("jax.numpy.linalg", jnp.linalg, np.linalg),
              ("jax.numpy.fft", jnp.fft, np.fft))


def _samples() -> list[tuple[Any, ...]]:
    a = np.array([0.3, 0.5, 0.9], dtype=np.float32)
    b = np.array([1.5, -0.25, 2.0], dtype=np.float32)
    m = np.array([[2.0, 0.5, 0.1], [0.5, 3.0, 0.2], [0.1, 0.2, 4.0]], dtype=np.float32)
    i = np.array([1, 2, 3], dtype=np.int32)
    xp = np.array([0.0, 0.4, 1.0], dtype=np.float32)
    return [(a,), (m,), (a, b), (m, m), (m, a), (i,), (a, 1), (i, i), (m, 0), (a, 2.0),
            (a, 0.4, 0.8), (a, xp, b)]


def _same(x: Any, y: Any) -> bool:
    if isinstance(x, (tuple, list)) or isinstance(y, (tuple, list)):
        if not isinstance(x, (tuple, list)) or not isinstance(y, (tuple, list)):
            return False
        return len(x) == len(y) and all(_same(p, q) for p, q in zip(x, y))
    if hasattr(x, "_fields") or hasattr(y, "_fields"):  # named results (eigh, svd, qr...)
        return _same(tuple(x), tuple(y))
    try:
        xa, ya = np.asarray(x), np.asarray(y)
    except Exception:  # noqa: BLE001 - not an array: compare as values
        return bool(x == y)
    if xa.shape != ya.shape or xa.dtype.kind != ya.dtype.kind:
        return False
    if xa.dtype.kind in "fc":
        return bool(np.allclose(xa, ya, rtol=1e-4, atol=1e-5, equal_nan=True))
    return bool(np.array_equal(xa, ya))


def _outcome(fn: Any, args: tuple[Any, ...]) -> tuple[bool, Any]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return True, fn(*args)
    except Exception:  # noqa: BLE001 - a signature that does not fit
        return False, None


def equivalent(jfn: Any, nfn: Any) -> bool:
    ran = False
    for args in _samples():
        j_ok, j_out = _outcome(jfn, tuple(jnp.asarray(a) if isinstance(a, np.ndarray) else a
                                          for a in args))
        if not j_ok:
            continue
        n_ok, n_out = _outcome(nfn, args)
        if not n_ok or not _same(j_out, n_out):
            return False
        ran = True
    return ran


def measure() -> list[str]:
    out = []
    for prefix, jmod, nmod in NAMESPACES:
        for name in sorted(dir(jmod)):
            if name.startswith("_"):
                continue
            jfn, nfn = getattr(jmod, name), getattr(nmod, name, None)
            if nfn is None or not callable(jfn) or isinstance(jfn, type) or not callable(nfn):
                continue
            if isinstance(nfn, type) or name in ("ndarray", "dtype"):
                continue
            if equivalent(jfn, nfn):
                out.append(f"{prefix}.{name}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    data = {"jax": jax.__version__, "numpy": np.__version__, "equivalents": measure()}
    text = json.dumps(data, indent=1) + "\n"
    if args.check:
        same = OUT.is_file() and json.loads(OUT.read_text())["equivalents"] == data["equivalents"]
        print("up to date" if same else "drifted: run scripts/gen_numpy_equivalents.py")
        return 0 if same else 1
    OUT.write_text(text)
    print(f"{len(data['equivalents'])} equivalents written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
