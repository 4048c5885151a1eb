"""Every autodiff raise site's message, pasted as a user would see it, is explained.

For each site of `raise_sites.raise_sites()` whose message text is written at the raise, the
variable parts are filled with a plausible value and `Class: message` is given to `explain`,
which must name an entry that lists the site (or, for a site listed in `EXCLUDED`, nothing is
required). Sites whose message is built elsewhere are checked through their entries' examples.
"""

from __future__ import annotations

import pytest
from raise_sites import RaiseSite, raise_sites
from test_raise_site_coverage import _covered, _excluded

from jax_lsp.catalog import Catalog, explain, load_catalog
from jax_lsp.catalog.templates import compile_template

#: sites whose message is written at the raise (a raise of a helper's result, such as
#: `_vjp_too_many_args(name, n)`, leaves only stray literals like `' '` there)
SITES = [
    s
    for s in raise_sites()
    if sum(c.isalpha() for c in "".join(s.strings)) >= 8 and not _excluded(s)
]


def pasted(site: RaiseSite, value: str = "f") -> str:
    """The message as printed, with `value` for each variable part."""
    return f"{site.exception.rsplit('.', 1)[-1]}: " + value.join(
        " ".join(site.strings).split("\x00")
    )


def _names(site: RaiseSite, catalog: Catalog) -> str | None:
    """The entry named for the pasted message: its variable parts filled with `f`, or with
    the value an entry pins them to (`SymbolicZero has no attribute ...` names its class)."""
    pinned = {v for e in catalog for _, v in compile_template(e.message).pinned}
    for value in ("f", *sorted(pinned)):
        result = explain(pasted(site, value), catalog)
        if result.match is not None:
            return result.match.entry.id
    return None


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.key[:70])
def test_pasted_site_message_names_its_entry(site: RaiseSite) -> None:
    catalog = load_catalog()
    named = _names(site, catalog)
    assert named is not None, f"nothing named for {pasted(site)!r}"
    entry = catalog.get(named)
    assert entry is not None
    assert any(
        (loc.file, loc.function) == (site.file, site.qualname) for loc in entry.raised_in
    ) or not _covered(site, catalog), f"{named} does not list {site}"
