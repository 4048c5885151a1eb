"""JAX002 pure-callback-transpose: a `jax.pure_callback` that JAX transposes: reached by
`linear_transpose`, applied to tangents in a custom_jvp rule under reverse mode, or to those
of a `linearize` whose linear function is transposed.

Decided where the callback is called, after the JVP-time codes (JAX008, JAX007, JAX001) and
JAX004: see `jax_lsp.rules.CALLBACK_DECISIONS` and `TANGENT_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import FixKind
from jax_lsp.analysis.modes import FORWARD, REVERSE
from jax_lsp.rules.base import (
    PURE_TRANSPOSE,
    Decision,
    MessageFacts,
    Rule,
    first_transposing,
    reached_head,
    tangents_head,
)

if TYPE_CHECKING:
    from jax_lsp.analysis.host import CallbackEvent, LevelView

RULE = Rule(
    "JAX002",
    "pure-callback-transpose",
    "`jax.pure_callback` is transposed: it is reached by `linear_transpose`, or a "
    "`custom_jvp` rule applies it to tangents under reverse mode",
    ("ValueError",),
    (PURE_TRANSPOSE,),
    "Pure callbacks do not support transpose",
)
# stop_gradient does not remove a transpose error: a host linear map (custom_vjp kind) does
FIXES = (FixKind.CUSTOM_VJP,)
FIXED_BY = frozenset({"linear_map"})
EXAMPLES = "tests/corpus: lines marked `# EXPECT: JAX002`; docs/rules.md#jax002"


def transposed(e: CallbackEvent) -> Decision | None:
    """A pure callback `linear_transpose` reaches (raised once the map is transposed)."""
    lv = first_transposing(e) if e.kind == "pure" else None
    if lv is None:
        return None
    return Decision(RULE.code, lv, e.operand_spans(lambda t: lv in t), {"deferred": True})


def reverse_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """A pure callback applied to tangents of a reverse level in its custom_jvp rule."""
    if e.kind == "pure" and lv.mode == REVERSE:
        spans = e.operand_spans(lambda t: lv.tangent_mark in t)
        return Decision(RULE.code, lv, spans, {"deferred": True, "on_tangents": True})
    return None


def linearized_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """A pure callback applied to tangents of `linearize`: raised if its linear function is
    transposed (`linear_transpose`)."""
    if e.kind == "pure" and lv.mode == FORWARD and lv.defer:
        spans = e.operand_spans(lambda t: lv.tangent_mark in t)
        return Decision(RULE.code, lv, spans, {"gate": lv.on_transpose, "on_tangents": True})
    return None


def head(f: MessageFacts) -> str:
    return tangents_head(f) if f.on_tangents else reached_head(f)
