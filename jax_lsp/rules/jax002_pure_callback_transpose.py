"""JAX002 pure-callback-transpose: a `jax.pure_callback` that JAX transposes: reached by
`linear_transpose`, applied to tangents in a custom_jvp rule under reverse mode, or to those
of a `linearize` whose linear function is transposed.

Decided where the callback is called, after the JVP-time codes (JAX008, JAX007, JAX001) and
JAX004: see `jax_lsp.rules.CALLBACK_DECISIONS` and `TANGENT_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import FixKind
from jax_lsp.rules import base
from jax_lsp.rules.base import (
    PURE_TRANSPOSE,
    Decision,
    MessageFacts,
    Rule,
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
EXAMPLES = "tests/rules/JAX002/: fires/, clean/; docs/rules.md#jax002"


def transposed(e: CallbackEvent) -> Decision | None:
    """A pure callback `linear_transpose` reaches."""
    return base.transposed(RULE.code, "pure", e)


def reverse_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """A pure callback applied to tangents of a reverse level in its custom_jvp rule."""
    return base.reverse_tangents(RULE.code, "pure", e, lv)


def linearized_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """A pure callback applied to tangents of `linearize`, whose linear function is then
    transposed."""
    return base.linearized_tangents(RULE.code, "pure", e, lv)


def head(f: MessageFacts) -> str:
    return tangents_head(f) if f.on_tangents else reached_head(f)
