"""docs/rules.md is generated from the catalog and up to date, with one anchor per code/entry."""

from __future__ import annotations

import re
from pathlib import Path

from jax_lsp.catalog import Catalog
from jax_lsp.catalog.docs import PACKAGED_PAGE, RULES_PAGE, rules_page
from jax_lsp.codes import DOCS_BASE_URL, PACKAGED_RULES_PAGE, RULES

REPO = Path(__file__).resolve().parents[2]


def test_docs_are_up_to_date() -> None:
    page = REPO / RULES_PAGE
    assert page.is_file(), "run `python scripts/gen_docs.py`"
    assert page.read_text(encoding="utf-8") == rules_page(), (
        "docs/rules.md is out of date: run `python scripts/gen_docs.py`"
    )


def test_the_linked_page_exists_and_ships_with_the_package() -> None:
    """Links point at the page inside the installed package, a file that exists."""
    assert DOCS_BASE_URL == PACKAGED_RULES_PAGE.as_uri()
    assert PACKAGED_RULES_PAGE.is_file()
    assert (REPO / PACKAGED_PAGE).read_text(encoding="utf-8") == rules_page()
    data = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"docs/rules.md"' in data  # package data


def test_every_code_and_entry_has_an_anchor(catalog: Catalog) -> None:
    text = rules_page(catalog)
    anchors = re.findall(r'<a id="([^"]+)"></a>', text)
    assert len(anchors) == len(set(anchors))
    for code, rule in RULES.items():
        assert code.lower() in anchors
        assert rule.url == f"{DOCS_BASE_URL}#{code.lower()}"
    for e in catalog:
        assert e.id in anchors
        assert e.docs_url == f"{DOCS_BASE_URL}#{e.id}"
    assert DOCS_BASE_URL.endswith("/" + RULES_PAGE)


def test_local_links_resolve(catalog: Catalog) -> None:
    text = rules_page(catalog)
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links <= anchors, links - anchors
