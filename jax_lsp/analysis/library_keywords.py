"""The NumPy and SciPy functions that refuse a `vectorized=` keyword, as measured by calling
them (`scripts/gen_library_keywords.py` writes `data/library_keywords.json`): JAX012 asks
whether a host function that hands its `**kwargs` on to one of them fails on it."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "library_keywords.json"


@lru_cache(maxsize=1)
def _refusing() -> frozenset[str]:
    return frozenset(json.loads(DATA.read_text(encoding="utf-8"))["refuse_vectorized"])


def refuses_vectorized(qualname: str) -> bool:
    """Whether the library function `qualname` (`scipy.ndimage.gaussian_filter`) was measured
    to raise `TypeError` when given `vectorized=` (False when not measured)."""
    return qualname in _refusing()
