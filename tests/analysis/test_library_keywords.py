"""The measured list of NumPy/SciPy functions refusing `vectorized=`
(jax_lsp/analysis/data/library_keywords.json, written by scripts/gen_library_keywords.py)
against the installed libraries: re-measured here in full (about two seconds)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from jax_lsp.analysis import library_keywords

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
gen = importlib.import_module("gen_library_keywords")


def _stored() -> dict:
    return json.loads(library_keywords.DATA.read_text(encoding="utf-8"))


def test_list_is_for_the_installed_libraries() -> None:
    stored = _stored()
    assert {k: stored[k] for k in ("numpy", "scipy")} == gen.versions(), (
        "regenerate: python scripts/gen_library_keywords.py")
    assert stored["modules"] == list(gen.MODULES)


def test_stored_list_matches_a_fresh_measurement() -> None:
    assert _stored()["refuse_vectorized"] == gen.measure()


def test_measured_facts_are_the_ones_the_libraries_show() -> None:
    """Read through the analysis' own loader: a fixed signature refuses the keyword; `**options`
    (solve_ivp) or a `vectorized` parameter (differential_evolution) takes it."""
    import scipy.ndimage

    assert library_keywords.refuses_vectorized("scipy.ndimage.gaussian_filter")
    assert library_keywords.refuses_vectorized("numpy.asarray")
    assert not library_keywords.refuses_vectorized("scipy.integrate.solve_ivp")
    assert not library_keywords.refuses_vectorized("scipy.optimize.differential_evolution")
    assert not library_keywords.refuses_vectorized("mypkg.gaussian_filter")  # not measured
    try:
        scipy.ndimage.gaussian_filter([1.0, 2.0], 1.0, vectorized=True)
    except TypeError as e:
        assert "vectorized" in str(e)
    else:
        raise AssertionError("gaussian_filter took vectorized=")


def test_ufuncs_are_measured_with_their_operands() -> None:
    """A ufunc refuses an unknown keyword only once its operands are counted: given them, it
    names the keyword (`wofz() got an unexpected keyword argument 'vectorized'`)."""
    import numpy as np
    import scipy.special

    assert library_keywords.refuses_vectorized("scipy.special.wofz")
    assert library_keywords.refuses_vectorized("numpy.matmul")
    for ufunc in (scipy.special.wofz, np.matmul):
        try:
            ufunc(*[np.ones(2)] * ufunc.nin, vectorized=True)
        except TypeError as e:
            assert "vectorized" in str(e)
        else:
            raise AssertionError(f"{ufunc.__name__} took vectorized=")
