"""JAX008 tangent-callback-needs-vmap-method: a `pure_callback` without `vmap_method` that a
vmap batches: the innermost transform over it is a `vmap` (or `jacfwd`, which batches the
tangents of a custom_jvp rule applying it).

Decided where the callback is called, first (the innermost transform sees the callback
first), and again for each level whose tangents it is applied to: see
`jax_lsp.rules.CALLBACK_DECISIONS` and `TANGENT_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import FixKind
from jax_lsp.analysis.jax.modes import BATCH
from jax_lsp.rules.base import Decision, MessageFacts, Rule, reached_head, tangents_head

if TYPE_CHECKING:
    from jax_lsp.analysis.host import CallbackEvent, LevelView

RULE = Rule(
    "JAX008",
    "tangent-callback-needs-vmap-method",
    "a `pure_callback` applied to tangents in a `custom_jvp` rule has no `vmap_method`, "
    "and `jacfwd` batches the tangents with vmap",
    ("NotImplementedError",),
    (r"^vmap is only supported for the pure_callback primitive when vmap_method is",),
    "vmap is only supported for the pure_callback primitive when vmap_method is one of ...",
)
FIXES = (FixKind.CUSTOM_JVP,)
FIXED_BY = frozenset({"linear_map"})
EXAMPLES = "tests/rules/JAX008/: fires/, clean/; docs/rules.md#jax008"


def batched_operands(e: CallbackEvent) -> Decision | None:
    """A vmap batches the operands of a pure callback without `vmap_method`, inside every
    level differentiating it: that vmap, which has no rule for it, sees it first."""
    if e.kind != "pure" or not e.batches or e.has_vmap_method:
        return None
    inner = e.batches[-1]
    if e.jvp_levels and inner.order <= e.jvp_levels[-1].order:
        return None
    return Decision(RULE.code, inner, e.batched_operand_spans())


def batched_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """A pure callback without `vmap_method` applied to tangents a level batches (jacfwd)."""
    if lv.batched and e.kind == "pure" and not e.has_vmap_method:
        spans = e.operand_spans(lambda t: lv.tangent_mark in t)
        return Decision(RULE.code, lv, spans, {"on_tangents": True})
    return None


def head(f: MessageFacts) -> str:
    if f.mode == BATCH:
        return (
            f"`{f.what}` has no `vmap_method` and its operands are batched by "
            f"`{f.level_name}` (line {f.site_line}){f.route}"
        )
    return tangents_head(f) if f.on_tangents else reached_head(f)
