"""optax's gradient transformations built from the program's own functions:
`optax.GradientTransformation(init_fn, update_fn)` and `optax.chain(*transformations)`.

Why: a custom transformation (`update_fn` logging the updates through an `io_callback`) runs
where `opt.update(grads, state, params)` is called, under whatever transforms that call is
under (a `vmap` over seeds); unmodelled, its functions are handed to a library and never
followed. The model is optax's own code: a `GradientTransformation` is a pair whose `init`
and `update` are the functions given; `chain(*ts)`'s `init(params)` is the tuple of each
`t.init(params)`, its `update(updates, state, params=None)` runs each `t.update` in order on
the previous one's updates, with its own part of the state. A transformation of optax's own
(`optax.adam(1e-2)`) is not modelled: its `update` is not followed (its updates derive from
its arguments), as before.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import namespaces
from jax_lsp.analysis.values import UNKNOWN, Api, Partial, Value, derived

_TRANSFORMATION = "optax.GradientTransformation"
_CHAIN = "optax.chain"
#: the functions a chain's `init` and `update` are (given the chained transformations first)
_CHAIN_INIT = "optax.chain.<init>"
_CHAIN_UPDATE = "optax.chain.<update>"


def transformation(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """`optax.GradientTransformation(init, update)`: an object with those two attributes."""
    init, update = args.get(0, "init"), args.get(1, "update")
    if init is None or update is None or args.star is not None or args.dstar is not None:
        return Value()
    return namespaces.simple_namespace({"init": init, "update": update})


def chain(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """`optax.chain(*ts)`: a transformation whose functions run each of `ts` in order."""
    if args.kw or args.star is not None or args.dstar is not None:
        return Value()
    ts = ev._seq(list(args.pos))
    return namespaces.simple_namespace({
        "init": Value(fns=(Partial(Api(_CHAIN_INIT), (ts,)),)),
        "update": Value(fns=(Partial(Api(_CHAIN_UPDATE), (ts,)),)),
    })


def _parts(v: Value) -> tuple[Value, ...]:
    return v.items if v.items is not None and v.keys is None else ()


def chain_init(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """A chain's `init(params)`: each transformation's state, in a tuple."""
    ts = _parts(args.pos[0]) if args.pos else ()
    params = args.get(1, "params") or UNKNOWN
    return ev._seq([ev.call_value(ev.attribute(t, "init"), Args.of(params), node) for t in ts])


def chain_update(ev: Any, args: Args, node: ast.AST | None) -> Value:
    """A chain's `update(updates, state, params=None)`: each transformation's `update` on the
    previous one's updates and its own part of `state`; the last updates and the states."""
    ts = _parts(args.pos[0]) if args.pos else ()
    updates = args.get(1, "updates") or UNKNOWN
    state = args.get(2, "state") or UNKNOWN
    params = args.get(3, "params") or Value(const=None)
    states = _parts(state)
    new_states = []
    for i, t in enumerate(ts):
        own = states[i] if len(states) == len(ts) else derived([state])
        out = ev.call_value(ev.attribute(t, "update"), Args.of(updates, own, params), node)
        if out.items is not None and out.keys is None and len(out.items) == 2:
            updates, s = out.items
        else:
            updates, s = derived([out]), derived([out])
        new_states.append(s)
    return ev._seq([updates, ev._seq(new_states)])


#: the functions this model computes, by canonical name (`HOOKS.functions`)
FUNCTIONS: dict[str, Callable[[Any, Args, ast.AST | None], Value]] = {
    _TRANSFORMATION: transformation, _CHAIN: chain, _CHAIN_INIT: chain_init,
    _CHAIN_UPDATE: chain_update}
