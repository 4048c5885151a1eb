"""Measure which NumPy and SciPy functions reject a `vectorized=` keyword, and write the list
JAX012 reads (jax_lsp/analysis/data/library_keywords.json).

Why: JAX 0.10 hands `pure_callback(..., vectorized=...)` on to the host function as a keyword.
A host taking `**kwargs` swallows it, unless it hands them on to a function that does not take
it: `ndimage.gaussian_filter(img, s, **kw)` raises `TypeError`, `solve_ivp(..., **kw)` takes
any keyword. Which library function is which is a fact of the installed versions, so it is
measured: each public callable of the modules below is called with `vectorized=True` alone,
and listed when that raises a `TypeError` naming `vectorized` (the keyword is refused while
the arguments are bound, before the function does anything). A function whose signature
takes `vectorized` or `**kwargs` is not called, and neither is listed; so is a call that
fails another way. Absent from the list means: not known to refuse it.

Usage:
    python scripts/gen_library_keywords.py            # rewrite the list
    python scripts/gen_library_keywords.py --check    # exit 1 when it drifted
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import sys
import warnings
from pathlib import Path
from typing import Any

OUT = (Path(__file__).resolve().parent.parent / "jax_lsp" / "analysis" / "data"
       / "library_keywords.json")
#: the modules whose functions host functions call, by the name they are imported by
MODULES = (
    "numpy", "numpy.linalg", "numpy.fft", "numpy.random",
    "scipy.cluster.vq", "scipy.fft", "scipy.integrate", "scipy.interpolate", "scipy.linalg",
    "scipy.ndimage", "scipy.optimize", "scipy.signal", "scipy.sparse", "scipy.sparse.linalg",
    "scipy.spatial", "scipy.spatial.distance", "scipy.special", "scipy.stats",
)
KEYWORD = "vectorized"


def _may_take(fn: Any) -> bool:
    """Whether the signature shows that `fn` takes the keyword (by name or `**kwargs`)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False  # no signature: the call decides
    return any(p.kind is p.VAR_KEYWORD or (p.name == KEYWORD and p.kind in (
        p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)) for p in params)


def refuses(fn: Any) -> bool:
    """Whether calling `fn(vectorized=True)` raises a TypeError naming the keyword. A ufunc
    (`np.matmul`, `scipy.special.wofz`) counts its positional arguments before its keywords,
    so it is given as many zeros as it takes: it then refuses the keyword by name."""
    if _may_take(fn):
        return False
    import numpy

    given = (0,) * fn.nin if isinstance(fn, numpy.ufunc) else ()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(*given, **{KEYWORD: True})
    except TypeError as e:
        return KEYWORD in str(e)
    except Exception:  # noqa: BLE001 - failed another way: not known to refuse it
        return False
    return False


def versions() -> dict[str, str]:
    import numpy
    import scipy

    return {"numpy": numpy.__version__, "scipy": scipy.__version__}


def measure() -> list[str]:
    out = []
    for name in MODULES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module = importlib.import_module(name)
        for attr in sorted(getattr(module, "__all__", None) or dir(module)):
            if attr.startswith("_"):
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fn = getattr(module, attr, None)
            if fn is None or inspect.ismodule(fn) or not callable(fn):
                continue
            if refuses(fn):
                out.append(f"{name}.{attr}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    data = {**versions(), "modules": list(MODULES), "refuse_vectorized": measure()}
    if args.check:
        same = OUT.is_file() and json.loads(OUT.read_text()) == data
        print("up to date" if same else "drifted: run scripts/gen_library_keywords.py")
        return 0 if same else 1
    OUT.write_text(json.dumps(data, indent=0) + "\n")
    print(f"{len(data['refuse_vectorized'])} functions written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
