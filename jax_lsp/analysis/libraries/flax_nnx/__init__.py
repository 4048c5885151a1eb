"""flax nnx: `nnx.grad` differentiates the Variables its filter selects (`nnx.Param` by
default, `argnums=nnx.DiffState(i, filter)`) of a graph node, never its plain attributes; its
lifted transforms wrap as JAX's do. Filters are in `filters.py`, `nnx.split`/`merge` in
`graph.py`, what an attribute of an nnx module holds in `variables.py`. Checked against flax
0.12.8 by tests/analysis/test_frameworks.py.
"""

from __future__ import annotations

from jax_lsp.analysis.jax.modes import REVERSE
from jax_lsp.analysis.jax.specs import TransformSpec

TRANSFORMS = {
    "flax.nnx.grad": TransformSpec("fn", REVERSE, int_check="grad"),
    "flax.nnx.value_and_grad": TransformSpec("fn", REVERSE, int_check="grad"),
}
HIGHER_ORDER = {
    "flax.nnx.jit": "jit",
    "flax.nnx.vmap": "vmap",
    "flax.nnx.remat": "checkpoint",
    "flax.nnx.custom_vjp": "custom_vjp",
}
ALIASES = {
    "flax.nnx.checkpoint": "flax.nnx.remat",
    "flax.nnx.VariableState": "flax.nnx.Variable",
    "flax.nnx.custom_jvp": "jax.custom_jvp",
}

#: flax nnx Variable types and their base ("" for nnx.Variable itself), checked against flax
#: 0.12.8 by tests/analysis/test_frameworks.py; and the transforms that differentiate only the
#: Variables their filter selects (`nnx.Param` by default, `argnums=nnx.DiffState(i, filter)`).
VARIABLE_BASES: dict[str, str] = {
    f"flax.nnx.{n}": f"flax.nnx.{b}" if b else ""
    for n, b in (
        ("Variable", ""),
        ("Param", "Variable"),
        ("LoRAParam", "Param"),
        ("BatchStat", "Variable"),
        ("Cache", "Variable"),
        ("Intermediate", "Variable"),
        ("Perturbation", "Intermediate"),
        ("OptState", "Variable"),
        ("OptArray", "OptState"),
        ("OptVariable", "OptState"),
        ("RngState", "Variable"),
        ("RngCount", "RngState"),
        ("RngKey", "RngState"),
    )
}
PARAM_ONLY_TRANSFORMS: frozenset[str] = frozenset({"flax.nnx.grad", "flax.nnx.value_and_grad"})
#: Base classes whose instances are flax nnx graph nodes: nnx.grad differentiates their
#: Variables only, never their plain attributes.
GRAPH_BASES: frozenset[str] = frozenset(
    {"flax.nnx.Module", "flax.nnx.Object", "flax.nnx.Pytree"}
)
