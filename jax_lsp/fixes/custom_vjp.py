"""Fix 2, give the callback a reverse-mode rule: route the callback call through the helper that
wraps it in `jax.custom_vjp`, whose `bwd` calls, in a second `pure_callback`, a function the fix
writes beside the callback (`host_sin_vjp`, central finite differences for now: the place for
the exact vector-Jacobian product).

Offered only when reverse mode alone reaches the callback: a custom_vjp function breaks `jvp`,
`jacfwd` and `hessian`. The call site changes only in its callee, as for the custom_jvp fix.
Safe: where the program already ran, the helper makes the same host call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.admission import applies
from jax_lsp.fixes.generated import FD_VJP, WITH_VJP
from jax_lsp.fixes.host_rule import HostRule, differentiable_site
from jax_lsp.fixes.model import Fix
from jax_lsp.fixes.offers import COST

if TYPE_CHECKING:
    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.source import FixSource

__all__ = ["custom_vjp_fix"]

_DOC = ("The vector-Jacobian product of {callback} with `ct` (shaped like its result):{nl}"
        "    one cotangent per operand, shaped like it (a tuple for several; None for{nl}"
        "    an integer one).")


def custom_vjp_fix(src: FixSource | LiteSource, finding: Finding) -> Fix | None:
    if not applies("custom_vjp_fix", finding):  # reverse mode only
        return None
    site = differentiable_site(src, finding)
    if site is None:
        return None
    doc = _DOC.replace("{nl}", src.newline)
    rule = HostRule(src, site, WITH_VJP, FD_VJP, "vjp", doc, extra="ct")
    title = (f"Give the callback a custom_vjp rule (reverse mode only) whose `{rule.name}` uses "
             f"finite differences: {COST}; write the exact vector-Jacobian product there")
    return Fix(FixKind.CUSTOM_VJP, title, safe=True, edits=tuple(rule.edits), preferred=True,
               create=rule.create)
