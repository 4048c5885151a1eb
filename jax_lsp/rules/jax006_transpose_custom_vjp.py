"""JAX006 transpose-custom-vjp: `linear_transpose` reaches a `custom_vjp` function.

Decided where the custom_vjp function is called (`analysis/jax_calls.py`) and when a
transposed function runs one (`analysis/custom_rules.py`).
"""

from __future__ import annotations

from jax_lsp.rules.base import MessageFacts, Rule, custom_vjp_head

RULE = Rule(
    "JAX006",
    "transpose-custom-vjp",
    "`linear_transpose` reaches a `custom_vjp` function",
    ("NotImplementedError",),
    (
        r"^Transpose rule \(for reverse-mode differentiation\) for 'custom_vjp_call' "
        r"not implemented",
    ),
    "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not "
    "implemented",
)
FIXES = ()
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX006/: fires/, clean/; docs/rules.md#jax006"


def head(f: MessageFacts) -> str:
    return custom_vjp_head(f)
