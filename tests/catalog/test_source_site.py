"""Each entry's raise site in the installed JAX: a `raise` line, its source, a pinned link."""

from __future__ import annotations

import pytest

from jax_lsp.catalog import load_catalog
from jax_lsp.catalog.render import entry_markdown, entry_text, hover_markdown
from jax_lsp.catalog.source_site import raise_site

ENTRIES = [e for e in load_catalog() if e.message_from == "jax"]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_site_is_a_raise_of_the_entry(entry) -> None:  # type: ignore[no-untyped-def]
    site = raise_site(entry)
    assert site is not None
    text = dict(site.excerpt)[site.line].strip()
    # the raise, or the `def` of a helper that builds the error for its callers to raise
    assert "raise " in text or text.startswith("def "), text
    assert site.url == (
        f"https://github.com/jax-ml/jax/blob/jax-v{site.version}/{site.location.file}#L{site.line}"
    )


def test_site_of_pure_callback_jvp_shows_the_message() -> None:
    entry = load_catalog().get("pure-callback-jvp")
    assert entry is not None
    site = raise_site(entry)
    assert site is not None and site.location.function == "pure_callback_jvp_rule"
    assert any("Pure callbacks do not support JVP" in t for _, t in site.excerpt)
    # the rule, the docs page and the hover all carry it
    assert site.url in entry_text(entry) and site.url in entry_markdown(entry)
    assert site.url in hover_markdown(entry)
    assert "Pure callbacks do not support JVP" in entry_text(entry).split("Where JAX raises it")[1]


def test_messages_jax_no_longer_raises_have_no_site() -> None:
    entry = load_catalog().get("custom-jvp-closed-over-value")
    assert entry is not None and raise_site(entry) is None
