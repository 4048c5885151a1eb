"""flax linen's `model.apply(variables, x)` / `model.init(...)`: the module's `__call__` (or
`method=`) runs on the module carrying the variables' tangents, which every submodule it
builds reads its parameters from (`Ctx.module_tan`); `init` differentiates nothing.
Registered into Python's evaluation (`python/hooks.py`) by `jax/overlay.py`: reading
`apply`/`init` of a linen module's instance makes a `LinenApply`, whose calls run `call_apply`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.values import (
    EMPTY,
    UNKNOWN,
    Api,
    Instance,
    Partial,
    Value,
    derived,
    kill,
)

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator


@dataclass(frozen=True, slots=True)
class LinenApply:
    """`module.apply` / `module.init` of a flax linen module instance."""

    instance: Value
    init: bool


#: the methods of a linen module's instance that `LinenApply` models
METHODS = ("apply", "init", "init_with_output")


def module_attribute(me: Value, name: str) -> LinenApply | None:
    """`name` read from a linen module's instance `me` (no attribute of its class by that
    name): `apply`, `init` and `init_with_output` as `LinenApply` (None otherwise)."""
    if name in METHODS:
        return LinenApply(me, name != "apply")
    return None


def call_apply(ev: Evaluator, f: LinenApply, args: Args, node: ast.AST | None) -> Value:
    variables = args.pos[0] if args.pos else UNKNOWN
    inst = f.instance
    me = inst.with_tan(inst.tan | variables.tan) if not f.init else inst
    method_v = args.kw.get("method")
    rest = Args(
        args.pos[1:],
        {k: v for k, v in args.kw.items() if k not in ("method", "rngs", "mutable")},
        args.pos_nodes[1:],
        args.kw_nodes,
        args.star,
        args.dstar,
    )
    if method_v is not None and method_v.fns:
        for i in inst.fns:
            if isinstance(i, Instance):
                ev.run_linen_setup(i, me, node)
        return ev.call_value(
            Value(fns=tuple(Partial(m, (me,)) for m in method_v.fns if not isinstance(m, Api))),
            rest,
            node,
        )
    first = next((i for i in inst.fns if isinstance(i, Instance)), None)
    if first is None or first.cls.lookup("__call__") is None:
        return derived([me, *rest.all_values()])
    with ev.within(module_tan=me.tan if not f.init else EMPTY):
        # called as an instance is: a lifted class (`nn.vmap(Block)`) runs under its levels
        out = ev.call_value(Value(tan=me.tan, fns=(first,), traced=me.traced), rest, node)
    return out.with_tan(out.tan | me.tan) if not f.init else kill(out)
