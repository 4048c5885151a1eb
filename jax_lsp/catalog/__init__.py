"""The JAX autodiff error catalog: exact messages, where JAX raises them, fixes and examples.

The data lives in `jax_lsp/catalog/data/<id>.toml` (one entry a file). This package loads it
(`load_catalog`), matches messages and tracebacks back to entries (`explain`,
`match_message`), and renders entries for the CLI, the docs and the language server
(`jax_lsp.catalog.render`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from jax_lsp.catalog.loader import Catalog, CatalogError, load_catalog
    from jax_lsp.catalog.matching import (
        Explanation,
        Frame,
        Match,
        ParsedError,
        closest_entries,
        explain,
        match_message,
        parse_error_text,
    )
    from jax_lsp.catalog.model import Entry, Location, Solution
    from jax_lsp.catalog.render import hover_markdown, hover_text

#: where each name lives: imported on first use, so that loading the catalog for a hover does
#: not import the matching of error messages (a third of what loading it costs)
_HOME = {
    **dict.fromkeys(("Catalog", "CatalogError", "load_catalog"), "loader"),
    **dict.fromkeys(
        (
            "Explanation",
            "Frame",
            "Match",
            "ParsedError",
            "closest_entries",
            "explain",
            "match_message",
            "parse_error_text",
        ),
        "matching",
    ),
    **dict.fromkeys(("Entry", "Location", "Solution"), "model"),
    **dict.fromkeys(("hover_markdown", "hover_text"), "render"),
}


__getattr__ = lazy_getattr(__name__, _HOME, globals())


__all__ = [
    "Catalog",
    "CatalogError",
    "Entry",
    "Explanation",
    "Frame",
    "Location",
    "Match",
    "ParsedError",
    "Solution",
    "closest_entries",
    "explain",
    "hover_markdown",
    "hover_text",
    "load_catalog",
    "match_message",
    "parse_error_text",
]
