"""Fix 3, give the callback a forward-and-reverse rule: route the callback call through a
generated helper that wraps it in `jax.custom_jvp`. The rule asks the host for the Jacobian at
the primals only (central finite differences) and contracts it with the tangents in JAX, so
`grad`, `jvp`, `jacfwd` and `jacrev` all work; it is first order (higher derivatives nest finite
differences).

The call site changes only in its callee: `jax.pure_callback(f, spec, x)` becomes
`_pure_callback_with_jvp(jax.pure_callback, f, spec, x)`, so comments, line breaks, aliases and
`functools.partial` callees survive, and every local the call uses reaches the rule as an
argument. Safe: where the program already ran, the helper makes the same host call.
"""

from __future__ import annotations

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.callback_call import CallbackCall, locate_callback
from jax_lsp.fixes.generated import WITH_JVP, require_helper
from jax_lsp.fixes.model import Fix, TextEdit
from jax_lsp.fixes.source import FixSource, ModuleAddition

__all__ = ["CODES", "custom_jvp_fix", "differentiable_site", "routed_through_helper"]

#: codes whose callback a custom rule makes differentiable: a pure callback with a tangent
#: (JAX001), or one inside a custom rule that an outer transform differentiates (JAX007)
CODES = frozenset({"JAX001", "JAX007"})


def differentiable_site(src: FixSource, finding: Finding) -> CallbackCall | None:
    """The pure callback call of `finding` when a custom rule can take over its arguments."""
    if finding.code not in CODES:
        return None
    site = locate_callback(src, finding)
    if site is None or site.io or not site.standard_signature or site.operand_keys is None:
        return None
    return site


def routed_through_helper(src: FixSource, site: CallbackCall, role: str) -> tuple[TextEdit, ...]:
    """The edits that route `site` through the generated helper of `role` (added once):
    the helper's code first, since new code at a line start precedes an edit there."""
    addition = ModuleAddition(src)
    edits = site.route_through(src, require_helper(addition, role))
    header = addition.edit()
    if header is not None:
        edits.insert(0, header)
    return tuple(edits)


def custom_jvp_fix(src: FixSource, finding: Finding) -> Fix | None:
    site = differentiable_site(src, finding)
    if site is None:
        return None
    edits = routed_through_helper(src, site, WITH_JVP)
    title = ("Give the callback a first-order custom_jvp rule (host Jacobian by finite "
             "differences, contracted with the tangents in JAX): grad, jvp, jacfwd, jacrev work")
    only_reverse = bool(finding.modes) and set(finding.modes) <= {"reverse"}
    return Fix(FixKind.CUSTOM_JVP, title, safe=True, edits=edits,
               preferred=not only_reverse)
