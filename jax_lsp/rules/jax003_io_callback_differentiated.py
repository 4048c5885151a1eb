"""JAX003 io-callback-differentiated: an `io_callback` whose operands carry a tangent (JVP),
or that JAX transposes.

Decided where the callback is called, in the places of JAX001 (JVP) and JAX002 (transpose)
for a pure callback: see `jax_lsp.rules.CALLBACK_DECISIONS` and `TANGENT_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import FixKind
from jax_lsp.rules import base
from jax_lsp.rules.base import (
    Decision,
    MessageFacts,
    Rule,
    differentiated,
    reached_head,
    tangents_head,
)

if TYPE_CHECKING:
    from jax_lsp.analysis.host import CallbackEvent, LevelView

RULE = Rule(
    "JAX003",
    "io-callback-differentiated",
    "`io_callback` has an operand that carries a tangent (JVP) or is transposed",
    ("ValueError",),
    (r"^IO callbacks do not support JVP\.", r"^IO callbacks do not support transpose\."),
    "IO callbacks do not support JVP",
)
FIXES = (FixKind.STOP_GRADIENT,)
FIXED_BY = frozenset({"stop_gradient"})
EXAMPLES = "tests/rules/JAX003/: fires/, clean/; docs/rules.md#jax003"


def differentiated_io(e: CallbackEvent) -> Decision | None:
    """An io_callback a JVP-based level differentiates (first order)."""
    if e.kind == "io" and e.jvp_levels:
        return differentiated(RULE.code, e)
    return None


def transposed(e: CallbackEvent) -> Decision | None:
    """An io_callback `linear_transpose` reaches."""
    return base.transposed(RULE.code, "io", e)


def reverse_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """An io_callback applied to tangents of a reverse level in its custom_jvp rule."""
    return base.reverse_tangents(RULE.code, "io", e, lv)


def linearized_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """An io_callback applied to tangents of `linearize`, whose linear function is then
    transposed."""
    return base.linearized_tangents(RULE.code, "io", e, lv)


def head(f: MessageFacts) -> str:
    return tangents_head(f) if f.on_tangents else reached_head(f)


def says(f: MessageFacts) -> str:
    if f.deferred:  # raised when the map is transposed, not at JVP
        return "IO callbacks do not support transpose"
    return f.jax_says or RULE.jax_says


def fix_kinds(deferred: bool) -> tuple[FixKind, ...]:
    # an io_callback JAX transposes stays in the transposed jaxpr whatever stops its
    # operands' gradients (checked under JAX 0.10.2): no stop_gradient fix for it
    return () if deferred else FIXES
