"""Which fixes apply to a finding, in the order an editor should offer them."""

from __future__ import annotations

from jax_lsp.analysis.findings import Finding
from jax_lsp.fixes.model import Fix
from jax_lsp.fixes.suppress import suppress_fix


def fixes_for(source: str, finding: Finding) -> list[Fix]:
    """All fixes for `finding` in `source`; the preferred one (if any) is marked."""
    fixes: list[Fix] = []
    sup = suppress_fix(source, finding)
    if sup is not None:
        fixes.append(sup)
    return fixes
