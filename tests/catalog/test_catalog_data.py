"""The catalog data is complete and consistent: fields, ids, codes, coverage, honesty markers."""

from __future__ import annotations

import re

import pytest

from jax_lsp.catalog import Catalog, CatalogError, load_catalog
from jax_lsp.catalog.loader import parse_entry
from jax_lsp.catalog.model import Entry
from jax_lsp.catalog.templates import compile_template
from jax_lsp.codes import RULES

ENTRIES = load_catalog().entries

#: the messages of shared/JAX_SEMANTICS.md (by its keys), each with the entry that covers it
SEMANTICS_KEYS = {
    "J": "pure-callback-jvp",
    "T": "pure-callback-transpose",
    "IJ": "io-callback-jvp",
    "IT": "io-callback-transpose",
    "IV": "io-callback-ordered-vmap",
    "V": "pure-callback-vmap-method",
    "CV": "custom-vjp-forward-mode",
    "CT": "custom-vjp-transpose",
    "R": "io-callback-in-checkpoint",
    "W": "while-loop-reverse-mode",
    "GI": "grad-integer-input",
    "GF": "jacfwd-integer-input",
    "GS": "grad-non-scalar-output",
    "BS": "custom-vjp-bwd-structure",
    "BT": "custom-vjp-bwd-type",
    "custom_jvp effects": "custom-jvp-effects",
    "custom_vjp effects": "custom-vjp-effects",
    "bwd SymbolicZero": "custom-vjp-bwd-symbolic-zero",
    "buffer callback JVP": "buffer-callback-jvp",
    "buffer callback transpose": "buffer-callback-transpose",
    "leaked tracer in callback": "callback-leaked-tracer",
    "TracerArrayConversionError in a JVP rule": "tracer-array-conversion-in-custom-rule",
    "custom_vjp fwd not a pair": "custom-vjp-fwd-not-pair",
    "nondiff_argnums misuse": "custom-vjp-nondiff-argnums-tracer",
}


def test_at_least_30_entries(catalog: Catalog) -> None:
    assert len(catalog) >= 30


@pytest.mark.parametrize("key", sorted(SEMANTICS_KEYS))
def test_required_coverage(catalog: Catalog, key: str) -> None:
    assert catalog.get(SEMANTICS_KEYS[key]) is not None, key


def test_every_code_has_an_entry(catalog: Catalog) -> None:
    for code in RULES:
        assert catalog.for_code(code), f"{code} links no catalog entry"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_entry_fields(entry: Entry) -> None:
    assert entry.title and entry.meaning and entry.triggers and entry.solutions
    assert re.fullmatch(r"[A-Za-z_][\w.]*", entry.exception)
    # a message raised by Python itself (an ImportError) is raised where JAX's module is
    where = ("jax/_src/", "jax/experimental/") if entry.message_from == "python" else ("jax/_src/",)
    assert all(loc.file.startswith(where) for loc in entry.raised_in)
    assert entry.jax_versions and all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in entry.jax_versions)
    assert entry.docs_url.endswith(f"rules.md#{entry.id}")
    compile_template(entry.message)  # compiles
    assert entry.message == entry.message.strip()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_verified_marker_is_honest(entry: Entry) -> None:
    if entry.verified == "run":
        assert entry.before and entry.after, "verified by running needs before and after"
        assert entry.runnable
    else:
        # source-only: no runnable `before`, or one that the example tests skip with a reason
        assert entry.before is None or entry.skip_reason
        assert not entry.runnable


def test_related_ids_exist(catalog: Catalog) -> None:
    ids = set(catalog.ids)
    for e in catalog:
        assert set(e.related) <= ids - {e.id}


def test_templates_are_not_ambiguous_with_themselves(catalog: Catalog) -> None:
    """No two entries share a template (explain could not tell them apart)."""
    seen: dict[str, str] = {}
    for e in catalog:
        assert e.message not in seen, f"{e.id} and {seen.get(e.message)}"
        seen[e.message] = e.id


def test_loader_rejects_bad_data() -> None:
    good = {
        "id": "x-y",
        "title": "t",
        "codes": ["JAX001"],
        "exception": "ValueError",
        "message": "m {a}",
        "raised_in": ["jax/_src/api.py:grad"],
        "verified": "source-only",
        "jax_versions": ["0.10.2"],
        "meaning": "m",
        "triggers": ["t"],
        "solutions": [{"title": "s", "detail": "d"}],
        "related": [],
    }
    parse_entry(good, "good")
    for key, value in [
        ("codes", ["JAX999"]),
        ("verified", "maybe"),
        ("raised_in", ["callback.py"]),
        ("id", "Not A Slug"),
        ("solutions", []),
    ]:
        with pytest.raises(CatalogError):
            parse_entry({**good, key: value}, "bad")
    with pytest.raises(CatalogError):
        parse_entry({**good, "extra": 1}, "bad")
    with pytest.raises(CatalogError):
        parse_entry({**good, "verified": "run"}, "bad")  # run without before/after
    with pytest.raises(CatalogError):
        parse_entry({**good, "before": "raise ValueError"}, "bad")  # source-only, no reason
