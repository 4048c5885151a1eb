"""JAX010 integer-input-to-derivative: `grad`/`jacrev`/`jacfwd` applied to an integer or
boolean literal input (jacfwd and hessian: also a complex one, unless `holomorphic=True`).

Decided where the transformed function is applied (`analysis/transforms.py`), which also
chooses JAX's words (the transform's name and the dtype rejected).
"""

from __future__ import annotations

from jax_lsp.rules.base import MessageFacts, Rule

RULE = Rule(
    "JAX010",
    "integer-input-to-derivative",
    "`grad`/`jacrev`/`jacfwd` is applied to an integer or boolean literal input (jacfwd "
    "and hessian: also a complex one, unless `holomorphic=True`)",
    ("TypeError",),
    (r"^(grad|jacrev|jacfwd) requires real(- or complex)?-valued inputs",),
    "grad requires real- or complex-valued inputs",
)
FIXES = ()
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX010/: fires/, clean/; docs/rules.md#jax010"


def head(f: MessageFacts) -> str:
    return f"`{f.level_name}` (line {f.site_line}) is applied to {f.rejected}"
