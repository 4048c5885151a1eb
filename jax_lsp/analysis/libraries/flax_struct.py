"""flax.struct: a `@flax.struct.dataclass` or `PyTreeNode` is a pytree whose
`flax.struct.field(pytree_node=False)` fields are structure."""

from __future__ import annotations

FIELD_FUNCTIONS = frozenset({"flax.struct.field"})
PYTREE_CLASS_DECORATORS = frozenset({"flax.struct.dataclass"})
PYTREE_BASES = frozenset({"flax.struct.PyTreeNode"})
