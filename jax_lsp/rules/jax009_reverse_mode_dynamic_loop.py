"""JAX009 reverse-mode-dynamic-loop: reverse-mode differentiation through `lax.while_loop`,
or through `lax.fori_loop` with traced bounds.

Decided where the loop is called (`analysis/higher_order.py`): emitted only if the loop's
tangent reaches the level's output (`values.LoopTangent`); no callback is involved.
"""

from __future__ import annotations

from jax_lsp.analysis.jax.modes import FORWARD
from jax_lsp.rules.base import MessageFacts, Rule

RULE = Rule(
    "JAX009",
    "reverse-mode-dynamic-loop",
    "reverse-mode differentiation through `lax.while_loop`, or through "
    "`lax.fori_loop` with traced bounds",
    ("ValueError",),
    (
        r"^Reverse-mode differentiation does not work for lax\.while_loop or "
        r"lax\.fori_loop with dynamic start/stop values\.",
    ),
    "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop "
    "with dynamic start/stop values",
)
FIXES = ()
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX009/: fires/, clean/; docs/rules.md#jax009"


def head(f: MessageFacts) -> str:
    if f.mode == FORWARD:  # linearize's map, transposed
        return (
            f"`{f.what}` is linearized by `{f.level_name}` (line {f.site_line}){f.route}, "
            f"and the linear function is transposed"
        )
    return (f"`{f.what}` is reverse-differentiated by `{f.level_name}` "
            f"(line {f.site_line}){f.route}")
