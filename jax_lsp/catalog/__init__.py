"""The JAX autodiff error catalog: exact messages, where JAX raises them, fixes and examples.

The data lives in `jax_lsp/catalog/data/<id>.toml` (one entry a file). This package loads it
(`load_catalog`), matches messages and tracebacks back to entries (`explain`,
`match_message`), and renders entries for the CLI, the docs and the language server
(`jax_lsp.catalog.render`).
"""

from __future__ import annotations

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
