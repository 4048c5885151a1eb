"""What an attribute of a flax nnx module holds, for `nnx.grad`'s filter: a Variable of some
type (`self.s = nnx.BatchStat(...)`, which the filter selects or not) or a plain value
(`self.a = jnp.ones(3)`, which nnx.grad never differentiates). Python's statements
(`python/statements.py`) and attribute reads (`python/expressions.py`) call it through the
hooks `jax/overlay.py` registers (`after_call_assignment`, `attribute_marks`).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.interp_state import Scope
from jax_lsp.analysis.jax import jaxapi
from jax_lsp.analysis.libraries.flax_nnx import filters as nnx_filters
from jax_lsp.analysis.values import Api, ClassObj, Instance, Level, Value, is_python_number

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator


def note_variable_kind(ev: Evaluator, stmt: ast.Assign, scope: Scope) -> None:
    """`self.s = nnx.BatchStat(...)`: the attribute holds a Variable of that type (nnx.grad's
    filter selects it or not); `self.a = jnp.ones(3)` in an nnx module: a plain array,
    which nnx.grad never differentiates."""
    if not any(isinstance(target, ast.Attribute) for target in stmt.targets):
        return  # no attribute stored (`h = f(x)`): nothing to note
    fv = ev.eval(stmt.value.func, scope)  # type: ignore[attr-defined]
    kind: Any = None
    for f in fv.fns:
        key = f.name if isinstance(f, Api) else f if isinstance(f, ClassObj) else None
        chain = nnx_filters.type_chain(key, base_keys) if key is not None else None
        if chain is not None:
            kind = chain
            break
        if isinstance(f, Api) and f.name.startswith(("jax.numpy.", "numpy.")):
            kind = nnx_filters.PLAIN
    for target in stmt.targets:
        if isinstance(target, ast.Attribute):
            for inst in ev.eval(target.value, scope).fns:
                if isinstance(inst, Instance):
                    ev.observer.note_attribute_write(inst)
                    if kind is None or (
                        kind == nnx_filters.PLAIN and not is_graph_node(inst.cls)
                    ):
                        inst.var_kinds.pop(target.attr, None)
                    else:
                        inst.var_kinds[target.attr] = kind


def base_keys(cls: ClassObj) -> list:
    """The bases of a class, as nnx type keys (flax names, or classes of the module)."""
    return [
        f.name if isinstance(f, Api) else f
        for b in cls.bases
        for f in b.fns
        if isinstance(f, (Api, ClassObj))
    ]


def is_graph_node(cls: ClassObj) -> bool:
    """Whether instances of `cls` are flax nnx graph nodes (an nnx.Module...)."""
    todo, seen = [cls], set()
    while todo:
        c = todo.pop()
        if id(c) in seen:
            continue
        seen.add(id(c))
        for k in base_keys(c):
            if isinstance(k, str):
                if k in jaxapi.NNX_GRAPH_BASES:
                    return True
            else:
                todo.append(k)
    return False


def differentiated_marks(inst: Instance, name: str, value: Value, marks: frozenset) -> frozenset:
    """The marks of `inst` its attribute `name` inherits: nnx.grad's filter decides on a
    Variable, and an nnx module's plain values (arrays, numbers) are not differentiated."""
    if not any(isinstance(m, Level) and m.wrt is not None for m in marks):
        return marks
    kind = inst.var_kinds.get(name)
    if kind is None and is_python_number(value) and is_graph_node(inst.cls):
        kind = nnx_filters.PLAIN
    if kind is None:
        return marks  # not known to be a Variable or a plain value: as any attribute
    return frozenset(
        m
        for m in marks
        if not (isinstance(m, Level) and m.wrt is not None)
        or (kind != nnx_filters.PLAIN and nnx_filters.selects(m.wrt, kind, name) is True)
    )


def filter_of(v: Value) -> nnx_filters.Filter:
    """The nnx filter a value stands for (a Variable type, `nnx.All(...)`, a tuple...)."""
    c = v.const
    if isinstance(c, nnx_filters.Filter):
        return c
    if c is Ellipsis or c is True:
        return nnx_filters.EVERYTHING
    if c is None or c is False:
        return nnx_filters.NOTHING
    parts = [
        nnx_filters.Filter("type", key=f.name if isinstance(f, Api) else f)
        for f in v.fns
        if (isinstance(f, Api) and f.name in jaxapi.NNX_VARIABLE_BASES)
        or isinstance(f, ClassObj)
    ]
    if v.items is not None and v.keys is None and not v.fns:
        parts = [filter_of(i) for i in v.items]
    if not parts:
        return nnx_filters.UNKNOWN_FILTER
    return parts[0] if len(parts) == 1 else nnx_filters.Filter("any", tuple(parts))
