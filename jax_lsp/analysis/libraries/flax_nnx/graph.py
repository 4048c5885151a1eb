"""flax nnx's functional API: `nnx.split` takes a module apart, `nnx.merge` builds it again.

Measured with flax (the installed version): `nnx.split(node, *filters)` returns a GraphDef and
one State per filter (one when no filter is given); `nnx.merge(graphdef, *states)` returns a new
object of the split object's class, whose methods are the split object's; `nnx.graphdef(node)`
and `nnx.state(node)` return the two parts alone. A GraphDef is kept as the node's value (not
callable itself), so that calling the merged object reaches the methods the original had.
"""

from __future__ import annotations

from dataclasses import dataclass

from jax_lsp.analysis.values import Value, derived

SPLIT = "flax.nnx.split"
MERGE = "flax.nnx.merge"
GRAPHDEF = "flax.nnx.graphdef"
STATE = "flax.nnx.state"
NAMES = frozenset({SPLIT, MERGE, GRAPHDEF, STATE})


@dataclass(frozen=True)
class GraphDef:
    """`nnx.split(node)[0]` / `nnx.graphdef(node)`: the structure of `node`."""

    node: Value


def graphdef_of(node: Value) -> Value:
    return Value(const=GraphDef(node))


def state_of(node: Value) -> Value:
    """A State: the node's arrays (their tangents), no callables."""
    return derived([node])


def split_parts(node: Value, n_filters: int) -> list[Value]:
    """The results of `nnx.split(node, *filters)`: a GraphDef, then one State per filter."""
    return [graphdef_of(node), *[state_of(node)] * max(1, n_filters)]


def merged(graphdef: Value, states: list[Value]) -> Value | None:
    """`nnx.merge(graphdef, *states)`: an object like the split one (None: the graphdef is
    not one whose split was seen)."""
    g = graphdef.const
    if not isinstance(g, GraphDef):
        return None
    node = g.node
    parts = derived([node, *states])
    return Value(
        tan=parts.tan,
        fns=node.fns,
        items=node.items,
        keys=node.keys,
        traced=parts.traced,
    )
