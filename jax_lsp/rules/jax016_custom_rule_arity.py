"""JAX016 custom-rule-arity: a rule given to `defvjp`, `defjvp` or `defjvps` whose signature
cannot take the arguments JAX passes it (fwd: the primal arguments; bwd: the nondiff
arguments, the residuals, the cotangent; a defjvp rule: the nondiff arguments, the primals
tuple, the tangents tuple; a defjvps function: the tangent, the primal output, the primals).

A code of its own because its fix is in the rule's signature, not in what it returns (JAX014,
JAX015). Python raises the `TypeError` when JAX calls the rule, that is only when the function
is differentiated (measured under JAX 0.10.2). Decided there
(`analysis/rule_shapes.check_vjp` / `check_jvp`, called by
`custom_rules.CustomRules.call_custom`), reported at the rule's `def`.
"""

from __future__ import annotations

from jax_lsp.rules.base import MessageFacts, Rule

RULE = Rule(
    "JAX016",
    "custom-rule-arity",
    "a rule given to `defvjp` / `defjvp` / `defjvps` cannot take the arguments JAX passes it "
    "when it differentiates the function",
    ("TypeError",),
    (r"takes \d+ positional arguments? but \d+ (were|was) given",
     r"missing \d+ required positional arguments?"),
    "... takes N positional arguments but M were given",
    why=("one of three codes for a malformed custom rule, split by what the user fixes: here "
         "the rule's signature (what JAX passes it), whatever it returns; JAX014 and JAX015 are "
         "what a bwd or a jvp rule returns"),
)
FIXES = ()
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX016/: fires/, clean/; docs/rules.md#jax016"


def head(f: MessageFacts) -> str:
    return (f"the rule `{f.what}` {f.rejected} (`{f.level_name}`, line {f.site_line}){f.route}")
