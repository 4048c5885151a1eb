"""flax linen: a `nn.Module` subclass's `model.apply(variables, x)` runs its `__call__` (or
`method=`) with the variables' tangents on the module, which every submodule it builds reads
its parameters from (`Ctx.module_tan`); its lifted transforms wrap as JAX's do. The call of
`apply` is modelled in `apply.py`.
"""

from __future__ import annotations

HIGHER_ORDER = {
    "flax.linen.jit": "same",
    # a lifted vmap: its module class's `__call__` (or its function) runs under a batch
    # level (`values.LiftedVmap`; `higher_order.HigherOrder.lifted_vmap`)
    "flax.linen.vmap": "linen_vmap",
    # a lifted scan calls its module class's `__call__` (or its function) once per step: run
    # once, as the class itself (a carry that gains tangents only in a later step is missed)
    "flax.linen.scan": "same",
    "flax.linen.remat": "checkpoint",
}
ALIASES = {
    "flax.linen.checkpoint": "flax.linen.remat",
    "flax.linen.module.Module": "flax.linen.Module",
}
#: Base classes that make a class a flax linen module (`model.apply(params, x)`).
MODULE_BASES: frozenset[str] = frozenset({"flax.linen.Module"})
