"""JAX007 custom-rule-callback-second-order: a callback inside a `custom_jvp` rule or a
`custom_vjp` fwd/bwd that an outer transform differentiates (a second-order derivative).

Decided where the callback is called, before JAX001/JAX003 (the same tangents, first order)
and after JAX008: see `jax_lsp.rules.CALLBACK_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import FixKind
from jax_lsp.rules.base import PURE_JVP, Decision, MessageFacts, Rule, differentiated, tangents_head

if TYPE_CHECKING:
    from jax_lsp.analysis.host import CallbackEvent

RULE = Rule(
    "JAX007",
    "custom-rule-callback-second-order",
    "a callback inside a `custom_jvp` rule or a `custom_vjp` fwd/bwd is differentiated "
    "by an outer transform (second-order derivative)",
    ("ValueError",),
    (PURE_JVP, r"^IO callbacks do not support JVP\."),
    "Pure callbacks do not support JVP",
)
FIXES = (FixKind.STOP_GRADIENT, FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP)
FIXED_BY = frozenset({"host_rule", "stop_gradient"})
EXAMPLES = "tests/rules/JAX007/: fires/, clean/; docs/rules.md#jax007"


def differentiated_again(e: CallbackEvent) -> Decision | None:
    """A callback in a custom rule whose outermost differentiating level is not the rule's
    own: the rule itself is differentiated."""
    if not e.jvp_levels:
        return None
    rule_levels = e.rule_levels()
    if rule_levels and e.jvp_levels[0] not in rule_levels:
        return differentiated(RULE.code, e)
    return None


def head(f: MessageFacts) -> str:
    if f.on_tangents:
        return tangents_head(f)
    return (
        f"`{f.what}` in a custom derivative rule is differentiated again by "
        f"`{f.level_name}` (line {f.site_line}){f.route}"
    )
