"""JAX013 ordered-io-callback-vmap: an `io_callback(..., ordered=True)` whose operands a
`vmap` batches (directly, or through what batches with vmap: `lax.map(..., batch_size=)`,
`jnp.vectorize`, flax's `nn.vmap`, equinox's `filter_vmap`, the tangents `jacfwd` batches in a
custom_jvp rule, the cotangents `jacrev` batches in a custom_vjp bwd, `jnp.apply_along_axis`
and `jnp.frompyfunc` (measured rows of the API table), the right-hand sides of
`custom_root`'s `tangent_solve` under jacfwd or hessian, odeint's function under jacrev).

Measured under JAX 0.10.2: only a batched operand raises (an ordered callback on unbatched
or closed-over values, or with no operand, runs under vmap); `lax.map` without `batch_size` and
`scan` run their body unbatched; a callback a JVP reaches fails first as JAX003. Decided
where the callback is called, beside JAX008 (the innermost transform sees the callback first),
and for each level whose tangents it is applied to: see `jax_lsp.rules.CALLBACK_DECISIONS` and
`TANGENT_DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import FixKind
from jax_lsp.analysis.jax.modes import BATCH
from jax_lsp.rules.base import Decision, MessageFacts, Rule, tangents_head

if TYPE_CHECKING:
    from jax_lsp.analysis.host import CallbackEvent, LevelView

RULE = Rule(
    "JAX013",
    "ordered-io-callback-vmap",
    "an `io_callback(..., ordered=True)` has an operand batched by `vmap` (or by what batches "
    "with vmap: `lax.map(..., batch_size=)`, `jnp.vectorize`, `nn.vmap`, `filter_vmap`, "
    "`jacfwd`/`jacrev` on tangents in a custom rule)",
    ("ValueError",),
    (r"^Cannot `vmap` ordered IO callback\.",),
    "Cannot `vmap` ordered IO callback.",
)
#: `ordered=False` (`fixes.unordered`, unsafe: the calls lose their order)
FIXES = (FixKind.UNORDERED,)
FIXED_BY = frozenset({"unordered"})
EXAMPLES = "tests/rules/JAX013/: fires/, clean/; docs/rules.md#jax013"


def _ordered_io(e: CallbackEvent) -> bool:
    return e.kind == "io" and e.ordered


def batched_operands(e: CallbackEvent) -> Decision | None:
    """A vmap batches an operand of an ordered io_callback inside every level differentiating
    it: that vmap's batching rule sees it first and refuses it."""
    if not _ordered_io(e) or not e.batches:
        return None
    inner = e.batches[-1]
    if e.jvp_levels and inner.order <= e.jvp_levels[-1].order:
        return None  # a JVP meets it first (JAX003)
    return Decision(RULE.code, inner, e.batched_operand_spans())


def batched_tangents(e: CallbackEvent, lv: LevelView) -> Decision | None:
    """An ordered io_callback applied to tangents that a level batches (jacfwd)."""
    if lv.batched and _ordered_io(e):
        spans = e.operand_spans(lambda t: lv.tangent_mark in t)
        return Decision(RULE.code, lv, spans, {"on_tangents": True})
    return None


def head(f: MessageFacts) -> str:
    if f.on_tangents:
        return f"`{f.what}` is ordered and " + tangents_head(f).removeprefix(f"`{f.what}` ")
    if f.mode == BATCH:
        return (
            f"`{f.what}` is ordered and its operands are batched by `{f.level_name}` "
            f"(line {f.site_line}){f.route}"
        )
    return (
        f"`{f.what}` is ordered and its operands are batched by `{f.level_name}` "
        f"(line {f.site_line}), which pulls back a batch of cotangents{f.route}"
    )
