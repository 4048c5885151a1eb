"""JAX015 custom-jvp-rule-output: a `defjvp` rule whose output JAX cannot use: every `return`
pairs a primal output and a tangent output of visibly different structures (raised by any
JVP), or its primal output is computed from the tangents (raised where JAX must know the
primal output without them: reverse mode and `linearize` ("Linearization failed..."), `jacfwd`
(vmap finds the primal output batched); a plain `jvp` returns a wrong primal silently).

A code of its own because its fix is in what the rule returns (build the tangent output with
the primal output's structure; compute the primal output from the primals only), not in its
signature (JAX016) nor in a custom_vjp (JAX014). Decided where a JVP runs the rule
(`analysis/rule_shapes.check_jvp`, called by `custom_rules.CustomRules.call_custom`).
"""

from __future__ import annotations

from jax_lsp.rules.base import MessageFacts, Rule

RULE = Rule(
    "JAX015",
    "custom-jvp-rule-output",
    "a `custom_jvp` rule returns a tangent output whose structure differs from the primal "
    "output's, or computes its primal output from the tangents",
    ("TypeError", "ValueError"),
    (r"^Custom JVP rule .* must produce primal and tangent outputs with equal container "
     r"\(pytree\) structures",
     r"^Linearization failed to produce known values for all output primals",
     r"^at vmap out_axes.*, got axis spec None but output was batched on axis"),
    "Custom JVP rule ... must produce primal and tangent outputs with equal container "
    "(pytree) structures",
    why=("one of three codes for a malformed custom rule, split by what the user fixes: here "
         "what a `defjvp` rule returns (a tangent output shaped as the primal output, a primal "
         "output computed from the primals only); JAX014 is a custom_vjp bwd's return, JAX016 "
         "a rule's signature"),
)
FIXES = ()
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX015/: fires/, clean/; docs/rules.md#jax015"


def head(f: MessageFacts) -> str:
    return (f"the custom_jvp rule `{f.what}` {f.rejected}, and `{f.level_name}` "
            f"(line {f.site_line}) runs it{f.route}")
