"""JAX001 pure-callback-jvp: a `jax.pure_callback` whose operands carry the tangent of a
JVP-based transform (grad, vjp, jvp, jacfwd, jacrev, hessian, linearize...).

Decided where the callback is called, after JAX008 (a vmap inside the transform) and JAX007
(the same tangents, second order inside a custom rule): see `jax_lsp.rules.CALLBACK_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import FixKind
from jax_lsp.rules.base import PURE_JVP, Decision, MessageFacts, Rule, differentiated, reached_head
from jax_lsp.rules.base import tangents_head as _tangents_head

if TYPE_CHECKING:
    from jax_lsp.analysis.host import CallbackEvent

RULE = Rule(
    "JAX001",
    "pure-callback-jvp",
    "`jax.pure_callback` has an operand that carries a tangent of a JVP-based transform "
    "(grad, vjp, jvp, jacfwd, jacrev, hessian, linearize, ...)",
    ("ValueError",),
    (PURE_JVP,),
    "Pure callbacks do not support JVP",
)
FIXES = (FixKind.STOP_GRADIENT, FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP)
#: a custom rule can take the callback over; stopping its operands' gradients removes the error;
#: the host-rule builders find its call by position alone (`fixes.registry`)
FIXED_BY = frozenset({"host_rule", "stop_gradient", "call_statement"})
EXAMPLES = "tests/rules/JAX001/: fires/, clean/; docs/rules.md#jax001"


def differentiated_pure(e: CallbackEvent) -> Decision | None:
    """A pure callback a JVP-based level differentiates (first order)."""
    if e.kind == "pure" and e.jvp_levels:
        return differentiated(RULE.code, e)
    return None


def head(f: MessageFacts) -> str:
    return _tangents_head(f) if f.on_tangents else reached_head(f)
