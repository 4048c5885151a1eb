"""Make an ordered `io_callback` unordered (JAX013): `ordered=True` becomes `ordered=False`,
which vmap batches by calling the host once per element.

Unsafe: the host calls then keep no order against each other nor against other ordered
effects (and JAX may drop one whose result is unused), so it is right only where the order of
the calls does not matter to the program; where it does, move the callback out of the vmap or
map sequentially (`lax.map` without `batch_size`), which the catalog's entry explains.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.model import Fix, TextEdit
from jax_lsp.rules import codes_fixed_by

if TYPE_CHECKING:
    import libcst as cst

    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.source import FixSource

__all__ = ["CODES", "TITLE", "unordered_fix"]

#: the codes whose callback this fix makes unordered
CODES = codes_fixed_by("unordered")
TITLE = ("Make the io_callback unordered with `ordered=False` (unsafe: its host calls then "
         "run in no guaranteed order, one per batch element)")


def unordered_fix(src: FixSource | LiteSource, finding: Finding) -> Fix | None:
    if finding.code not in CODES or FixKind.UNORDERED not in finding.fixes:
        return None  # (the analysis knows the unordered callback fails there too)
    call = cast("cst.Call | None", src.call_at(finding.span))
    if call is None:
        return None
    for arg in call.args:
        keyword = arg.keyword
        if keyword is not None and keyword.value == "ordered":
            value = src.span(arg.value)
            if src.text_of(value) != "True":
                return None  # only the literal the analysis read as True
            return Fix(FixKind.UNORDERED, TITLE, safe=False,
                       edits=(TextEdit(value, "False"),))
    return None
