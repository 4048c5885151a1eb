"""JAX004 io-callback-in-checkpoint: an `io_callback` inside `jax.checkpoint`/`remat` that
reverse mode differentiates, its operands carrying no tangent (those are JAX003).

Decided where the callback is called, after the JVP-time codes: see
`jax_lsp.rules.CALLBACK_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.rules.base import Decision, MessageFacts, Rule, tangents_head

if TYPE_CHECKING:
    from jax_lsp.analysis.host import CallbackEvent

RULE = Rule(
    "JAX004",
    "io-callback-in-checkpoint",
    "`io_callback` inside `jax.checkpoint`/`remat` that reverse mode differentiates",
    ("NotImplementedError",),
    (r"^Effects not supported in partial-eval of `checkpoint`/`remat`",),
    "Effects not supported in partial-eval of `checkpoint`/`remat`",
)
FIXES = ()
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX004/: fires/, clean/; docs/rules.md#jax004"


def in_checkpoint(e: CallbackEvent) -> Decision | None:
    """An io_callback in a checkpoint a reverse level differentiates (the outermost)."""
    levels = e.checkpoint_levels() if e.kind == "io" else ()
    if not levels:
        return None
    return Decision(RULE.code, min(levels, key=lambda lv: lv.order), ())


def head(f: MessageFacts) -> str:
    if f.on_tangents:
        return tangents_head(f)
    return (
        f"`{f.what}` runs inside `jax.checkpoint` differentiated by `{f.level_name}` "
        f"(line {f.site_line}){f.route}"
    )
