"""Fixes: turn one finding into minimal text edits.

Every fix is computed on demand from the source text and one `Finding` (the analysis never
builds fixes itself: LibCST is ten times slower than `ast`, so it stays on the fix path).
Positions use the analysis' convention: 1-based lines, 0-based character columns.
"""

from __future__ import annotations

from jax_lsp.fixes.model import Fix, TextEdit, apply_edits
from jax_lsp.fixes.registry import fixes_for

__all__ = ["Fix", "TextEdit", "apply_edits", "fixes_for"]
