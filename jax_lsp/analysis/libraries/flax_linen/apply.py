"""flax linen's `model.apply(variables, x)` / `model.init(...)`: the module's `__call__` (or
`method=`) runs on the module carrying the variables' tangents, which every submodule it
builds reads its parameters from (`Ctx.module_tan`); `init` differentiates nothing. Moved out
of the evaluator's calls (`calls.py`), which calls it for a `values.LinenApply`.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.values import (
    EMPTY,
    UNKNOWN,
    Api,
    Instance,
    LinenApply,
    Partial,
    Value,
    derived,
    kill,
)

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator


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
        return ev.call_value(
            Value(fns=tuple(Partial(m, (me,)) for m in method_v.fns if not isinstance(m, Api))),
            rest,
            node,
        )
    classes = [i.cls for i in inst.fns if isinstance(i, Instance)]
    call = classes[0].lookup("__call__") if classes else None
    if call is None:
        return derived([me, *rest.all_values()])
    with ev.within(module_tan=me.tan if not f.init else EMPTY):
        out = ev.call_value(ev._bind(call, me), rest, node)
    return out.with_tan(out.tan | me.tan) if not f.init else kill(out)
