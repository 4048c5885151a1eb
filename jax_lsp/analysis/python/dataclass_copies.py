"""`dataclasses.replace(obj, **changes)` of an instance of a dataclass of the analysed code.

Python makes the copy by calling `obj`'s class with each init field's value on `obj`, the
`changes` in their place: a new object, its `__post_init__` run again, `obj` unchanged (a
frozen spec copied with `legacy=True` hands `vectorized=` on from the copy only). Modelled
as that call (`Evaluator.instantiate`). Left to the API table (an unknown object): a class
with its own `__init__`, a library's record class, a field that is not an init parameter
(`field(init=False)`, an `InitVar`), a change naming no field, an object not known.
"""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python.calls import dataclass_fields
from jax_lsp.analysis.values import ClassObj, Instance, Value

#: the API name of the function
REPLACE = "dataclasses.replace"


def replaced(ev: Any, args: Args, node: ast.AST | None) -> Value | None:
    """The copy `dataclasses.replace(obj, **changes)` makes, or None where not modelled."""
    if len(args.pos) != 1 or args.star is not None or args.dstar is not None:
        return None
    obj = args.pos[0]
    if len(obj.fns) != 1 or type(obj.fns[0]) is not Instance:
        return None
    inst = obj.fns[0]
    cls = inst.cls
    mro = cls.mro()
    if not mro:
        return None
    fields = dataclass_fields(mro)
    if (cls.record is not None or cls.lookup("__init__") is not None
            or not _plain_dataclass(cls) or set(args.kw) - set(fields)):
        return None
    kw: dict[str, Value] = {}
    for name in fields:
        held = args.kw.get(name) or inst.attrs.get(name)
        if held is not None:
            kw[name] = held
        elif cls.lookup(name) is None:
            return None  # (neither set on the object nor a class default: not known)
        # (else the object reads the class's default, as the copy will)
    return ev.instantiate(cls, Args([], kw, [], dict(args.kw_nodes)), node)  # type: ignore[no-any-return]


def _plain_dataclass(cls: ClassObj) -> bool:
    """Whether `cls` is made by a `dataclass` decorator (`dataclasses.dataclass`,
    `flax.struct.dataclass`...) and every field it declares is an init parameter."""
    if not any(_names_dataclass(d) for d in cls.node.decorator_list):
        return False
    for st in cls.node.body:
        if isinstance(st, ast.AnnAssign) and (
                "InitVar" in ast.unparse(st.annotation) or isinstance(st.value, ast.Call) and any(
                    k.arg == "init" for k in st.value.keywords)):
            return False
    return True


def _names_dataclass(decorator: ast.expr) -> bool:
    d = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (isinstance(d, ast.Name) and d.id == "dataclass") or (
        isinstance(d, ast.Attribute) and d.attr == "dataclass")
