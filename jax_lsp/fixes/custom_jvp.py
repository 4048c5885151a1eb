"""Fix 3, give the callback a forward-and-reverse rule: route the callback call through the
helper that wraps it in `jax.custom_jvp`. The rule asks the host for the Jacobian at the primals
only, from a function the fix writes beside the callback (`host_sin_jacobian`, central finite
differences for now: the place for the exact Jacobian), and contracts it with the tangents in
JAX, so `grad`, `jvp`, `jacfwd` and `jacrev` all work.

The call site changes only in its callee: `jax.pure_callback(f, spec, x)` becomes
`jax_lsp_derivatives.pure_callback_with_jvp(f_jacobian, jax.pure_callback, f, spec, x)`, so
comments, line breaks, aliases and `functools.partial` callees survive, and every local the call
uses reaches the rule as an argument. Safe: where the program already ran, the helper makes the
same host call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.admission import applies
from jax_lsp.fixes.generated import FD_JACOBIAN, WITH_JVP
from jax_lsp.fixes.host_rule import HostRule, differentiable_site
from jax_lsp.fixes.model import Fix
from jax_lsp.fixes.offers import COST

if TYPE_CHECKING:
    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.source import FixSource

__all__ = ["custom_jvp_fix"]

_DOC = ("The Jacobian of {callback} at these operands: `jac[i][j]` of shape{nl}"
        "    `result_i.shape + operand_j.shape` (one array for one operand and one result).")


def custom_jvp_fix(src: FixSource | LiteSource, finding: Finding) -> Fix | None:
    if not applies("custom_jvp_fix", finding):
        return None
    site = differentiable_site(src, finding)
    if site is None:
        return None
    doc = _DOC.replace("{nl}", src.newline)
    rule = HostRule(src, site, WITH_JVP, FD_JACOBIAN, "jacobian", doc)
    title = (f"Give the callback a custom_jvp rule (grad, jvp, jacfwd, jacrev) whose Jacobian "
             f"`{rule.name}` uses finite differences: {COST}; write the exact one there")
    only_reverse = bool(finding.modes) and set(finding.modes) <= {"reverse"}
    return Fix(FixKind.CUSTOM_JVP, title, safe=True, edits=tuple(rule.edits),
               preferred=not only_reverse, create=rule.create)
