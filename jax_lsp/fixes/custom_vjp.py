"""Fix 2, give the callback a reverse-mode rule: route the callback call through a generated
helper that wraps it in `jax.custom_vjp`, whose `bwd` computes the vector-Jacobian product on
the host by central finite differences in a second `pure_callback` (`vmap_method="sequential"`).

Offered only when reverse mode alone reaches the callback: a custom_vjp function breaks `jvp`,
`jacfwd` and `hessian`. The call site changes only in its callee, as for the custom_jvp fix.
Safe: where the program already ran, the helper makes the same host call.
"""

from __future__ import annotations

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.custom_jvp import differentiable_site, routed_through_helper
from jax_lsp.fixes.generated import WITH_VJP
from jax_lsp.fixes.model import Fix
from jax_lsp.fixes.source import FixSource

__all__ = ["custom_vjp_fix"]


def custom_vjp_fix(src: FixSource, finding: Finding) -> Fix | None:
    if not finding.modes or not set(finding.modes) <= {"reverse"}:
        return None
    site = differentiable_site(src, finding)
    if site is None:
        return None
    edits = routed_through_helper(src, site, WITH_VJP)
    title = ("Give the callback a custom_vjp rule (vector-Jacobian product on the host by "
             "finite differences): reverse mode only, jvp/jacfwd/hessian will fail")
    return Fix(FixKind.CUSTOM_VJP, title, safe=True, edits=edits, preferred=True)
