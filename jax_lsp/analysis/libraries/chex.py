"""chex: a `@chex.dataclass` is a pytree (its fields are leaves)."""

from __future__ import annotations

PYTREE_CLASS_DECORATORS = frozenset({"chex.dataclass"})
