"""JAX014 custom-vjp-bwd-structure: a custom_vjp's bwd whose every `return` is visibly not a
tuple of one cotangent per differentiable argument (a tuple of another length, counting that
the nondiff_argnums get none; a bare array; `None`).

A code of its own (not JAX016's arity, not JAX015's jvp structure) because its fix is in the
bwd's `return`: wrap the cotangent in a tuple, or give one per argument. Decided where reverse
mode runs the bwd (`analysis/rule_shapes.check_vjp`, called by
`custom_rules.CustomRules.call_custom`): JAX raises only then (measured under JAX 0.10.2:
grad, jit(grad), a vjp's pullback once called; calling the function raises nothing).
"""

from __future__ import annotations

from jax_lsp.rules.base import MessageFacts, Rule

RULE = Rule(
    "JAX014",
    "custom-vjp-bwd-structure",
    "a `custom_vjp` bwd rule returns something other than a tuple of one cotangent per "
    "differentiable argument (a tuple of another length, a bare array, `None`), and reverse "
    "mode runs it",
    ("TypeError",),
    (r"^Custom VJP bwd rule must produce an output with the same container \(pytree\) "
     r"structure as the args tuple of the primal function",),
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure "
    "as the args tuple of the primal function, ...",
    why=("one of three codes for a malformed custom rule, split as ruff splits by what the user "
         "fixes: here the bwd's `return` (one cotangent per differentiable argument, in a "
         "tuple); JAX015 is the jvp rule's output, JAX016 a rule's signature"),
)
FIXES = ()
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX014/: fires/, clean/; docs/rules.md#jax014"


def head(f: MessageFacts) -> str:
    return (f"the bwd rule `{f.what}` {f.rejected}, and `{f.level_name}` (line {f.site_line}) "
            f"runs it{f.route}")
