"""JAX005 forward-mode-custom-vjp: a forward-mode transform (jvp, jacfwd, hessian,
linearize) reaches a `custom_vjp` function.

Decided where the custom_vjp function is called (`analysis/jax_calls.py`, `call_custom`),
and for a custom_vjp function's rules (`analysis/custom_rules.py`); no callback is involved.
"""

from __future__ import annotations

from jax_lsp.analysis.findings import FixKind
from jax_lsp.rules.base import MessageFacts, Rule, custom_vjp_head

RULE = Rule(
    "JAX005",
    "forward-mode-custom-vjp",
    "a forward-mode transform (jvp, jacfwd, hessian, linearize) reaches a `custom_vjp` "
    "function",
    ("TypeError",),
    (r"^can't apply forward-mode autodiff \(jvp\) to a custom_vjp function\.",),
    "can't apply forward-mode autodiff (jvp) to a custom_vjp function",
)
FIXES = (FixKind.JACREV_INSTEAD,)
FIXED_BY = frozenset({"jacrev"})
EXAMPLES = "tests/rules/JAX005/: fires/, clean/; docs/rules.md#jax005"


def head(f: MessageFacts) -> str:
    return custom_vjp_head(f)
