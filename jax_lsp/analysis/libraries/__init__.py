"""Library models, one per library, registered by module name: what a JAX library built on
JAX's transforms adds to the API tables (`jaxapi`), and, for a library whose semantics the
evaluator models (flax nnx's Variables, flax linen's `apply`), that model.

A library's module defines any of the tables below (a dict or a set of qualified names); the
API tables are JAX's own rows plus these, in `LIBRARIES` order. Adding a library: one module
here and one row in `LIBRARIES` (see CONTRIBUTING.md). Its rows import nothing of the analysis
but `specs`, so that `jaxapi` can read them while it is made.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from jax_lsp.analysis.libraries import chex, equinox, flax_linen, flax_nnx, flax_struct, optax

#: each library's model, by the module name its qualified names start with
LIBRARIES: dict[str, ModuleType] = {
    "equinox": equinox,
    "optax": optax,
    "flax.nnx": flax_nnx,
    "flax.linen": flax_linen,
    "flax.struct": flax_struct,
    "chex": chex,
}

#: the tables a library may add rows to, as `jaxapi` names them
TABLES = ("TRANSFORMS", "HIGHER_ORDER", "ALIASES", "FIELD_FUNCTIONS", "PYTREE_CLASS_DECORATORS",
          "PYTREE_BASES", "OWN_KEYWORDS")


def rows(table: str) -> dict[str, Any]:
    """Every library's rows of a dict table, in `LIBRARIES` order."""
    out: dict[str, Any] = {}
    for module in LIBRARIES.values():
        out.update(getattr(module, table, {}))
    return out


def names(table: str) -> frozenset[str]:
    """Every library's names of a set table."""
    return frozenset().union(*(getattr(m, table, frozenset()) for m in LIBRARIES.values()))
