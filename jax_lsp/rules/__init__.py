"""The diagnostic codes, one module per code: its record (name, summary, the JAX error it
predicts), where and how the analysis decides it, its precedence against the other callback
codes, its message, the fixes it offers and where its examples are.

A new code is one module here and one row in `MODULES`; the analysis asks the modules through
the functions below (`analysis/decisions.py`), the fix builders through `codes_fixed_by`.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from jax_lsp.rules import (
    jax001_pure_callback_jvp as jax001,
)
from jax_lsp.rules import (
    jax002_pure_callback_transpose as jax002,
)
from jax_lsp.rules import (
    jax003_io_callback_differentiated as jax003,
)
from jax_lsp.rules import (
    jax004_io_callback_in_checkpoint as jax004,
)
from jax_lsp.rules import (
    jax005_forward_mode_custom_vjp as jax005,
)
from jax_lsp.rules import (
    jax006_transpose_custom_vjp as jax006,
)
from jax_lsp.rules import (
    jax007_custom_rule_callback_second_order as jax007,
)
from jax_lsp.rules import (
    jax008_tangent_callback_needs_vmap_method as jax008,
)
from jax_lsp.rules import (
    jax009_reverse_mode_dynamic_loop as jax009,
)
from jax_lsp.rules import (
    jax010_integer_input_to_derivative as jax010,
)
from jax_lsp.rules import (
    jax011_jax_in_host_function as jax011,
)
from jax_lsp.rules import (
    jax012_removed_vectorized_keyword as jax012,
)
from jax_lsp.rules import (
    jax013_ordered_io_callback_vmap as jax013,
)
from jax_lsp.rules import (
    jax014_custom_vjp_bwd_structure as jax014,
)
from jax_lsp.rules import (
    jax015_custom_jvp_rule_output as jax015,
)
from jax_lsp.rules import (
    jax016_custom_rule_arity as jax016,
)
from jax_lsp.rules.base import DOCS_BASE_URL, Decision, MessageFacts, Rule

if TYPE_CHECKING:
    from collections.abc import Callable

    from jax_lsp.analysis.findings import FixKind
    from jax_lsp.analysis.host import CallbackEvent, LevelView

__all__ = ["CALLBACK_DECISIONS", "DOCS_BASE_URL", "MODULES", "RULES", "TANGENT_DECISIONS",
           "Decision", "MessageFacts", "Rule", "codes_fixed_by", "fix_kinds", "message"]

#: every code's module, by code
MODULES: dict[str, ModuleType] = {
    m.RULE.code: m
    for m in (jax001, jax002, jax003, jax004, jax005, jax006, jax007, jax008, jax009, jax010,
              jax011, jax012, jax013, jax014, jax015, jax016)
}
RULES: dict[str, Rule] = {code: m.RULE for code, m in MODULES.items()}

#: the codes a vmap decides alone (reported in the roots analysed for batching only)
BATCH_CODES = frozenset({"JAX008", "JAX013"})

#: what a host callback's operands get, the first decision that answers winning. The innermost
#: transform sees the callback first: a vmap inside every differentiating level (JAX008 for a
#: pure callback, JAX013 for an ordered io_callback);
#: then the JVP-time errors (second order in a custom rule, JAX007, before the first-order
#: JAX001/JAX003); then partial evaluation of a checkpoint (JAX004); then transposition
#: (JAX002/JAX003); then `TANGENT_DECISIONS`
CALLBACK_DECISIONS: tuple[Callable[[CallbackEvent], Decision | None], ...] = (
    jax008.batched_operands,
    jax013.batched_operands,
    jax007.differentiated_again,
    jax001.differentiated_pure,
    jax003.differentiated_io,
    jax004.in_checkpoint,
    jax002.transposed,
    jax003.transposed,
)
#: for each level (outermost first) whose tangents a custom_jvp rule applies the callback
#: to, the first decision that answers winning: reverse mode transposes it (JAX002/JAX003),
#: jacfwd batches it (JAX008, JAX013), a linearize's map may be transposed later (JAX002/JAX003)
TANGENT_DECISIONS: tuple[Callable[[CallbackEvent, LevelView], Decision | None], ...] = (
    jax002.reverse_tangents,
    jax003.reverse_tangents,
    jax008.batched_tangents,
    jax013.batched_tangents,
    jax002.linearized_tangents,
    jax003.linearized_tangents,
)


def decide_callback(e: CallbackEvent) -> Decision | None:
    """The code a host callback gets (none: JAX raises nothing about it)."""
    for decide in CALLBACK_DECISIONS:
        decision = decide(e)
        if decision is not None:
            return decision
    for lv in e.tangents:
        for decide_on in TANGENT_DECISIONS:
            decision = decide_on(e, lv)
            if decision is not None:
                return decision
    return None


def message(code: str, facts: MessageFacts) -> str:
    """A finding's message: what reaches what, and JAX's words."""
    m = MODULES[code]
    says = m.says(facts) if hasattr(m, "says") else facts.jax_says or m.RULE.jax_says
    return f"{m.head(facts)}; JAX will raise '{says}'"


def fix_kinds(code: str, deferred: bool) -> tuple[FixKind, ...]:
    """The fix kinds (suppression aside) the analysis attaches to a finding of `code`."""
    m = MODULES[code]
    return m.fix_kinds(deferred) if hasattr(m, "fix_kinds") else m.FIXES


def codes_fixed_by(family: str) -> frozenset[str]:
    """The codes a family of fix builders takes (`host_rule`, `linear_map`, `jacrev`,
    `stop_gradient`; `call_statement`: those whose callback the host-rule builders locate by
    its call's position alone)."""
    return frozenset(code for code, m in MODULES.items() if family in m.FIXED_BY)
