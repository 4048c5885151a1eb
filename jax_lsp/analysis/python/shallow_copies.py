"""`copy.copy(obj)` of an instance of the analysed code: a new object holding the very values
`obj` holds, as Python's shallow copy makes it. Its containers are shared: a list one of them
changes in place (`m.layers.append(head)` on the copy) is changed in the other too, while the
attribute is still bound to the container the copy was made with (`m.layers = self.layers +
[head]` rebinds it: the other keeps its own). A value the evaluator holds stands for that
container while the attribute of each object still holds the same value (compared by
identity).

Only for a class whose copying Python does not hand to the class (no `__copy__`,
`__reduce__`, `__reduce_ex__`, `__getstate__`, `__setstate__`, `__getattr__`,
`__getattribute__`, `__setattr__` of its own or its bases') nor to a library (a record class,
a flax linen module); anything else stays the API table's answer.
"""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import certain_paths
from jax_lsp.analysis.values import Instance, Value

#: the function modelled
COPY = "copy.copy"

#: methods through which a class takes its copying over
_OWN_COPYING = ("__copy__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__",
                "__getattr__", "__getattribute__", "__setattr__")


def copied(ev: Any, args: Args, node: ast.AST | None) -> Value | None:
    """The new object `copy.copy(obj)` makes, sharing `obj`'s values (None where the model
    does not know it)."""
    if len(args.pos) != 1 or args.kw or args.star is not None or args.dstar is not None:
        return None
    obj = args.pos[0]
    if len(obj.fns) != 1 or type(obj.fns[0]) is not Instance or obj.items is not None:
        return None
    inst = obj.fns[0]
    cls = inst.cls
    if cls.record is not None or cls.linen or cls.members or cls.metaclass is not None or any(
            cls.lookup(name) is not None for name in _OWN_COPYING):
        return None
    new = Instance(cls, dict(inst.attrs), dict(inst.var_kinds), set(inst.array_fields),
                   singular=certain_paths.singular_here(ev, node))
    ev.impure_effects += 1  # a mutable object (see `replay`)
    if ev.record:
        ev.observer.note_made(new)
    group = ev.shallow_copies.get(inst)
    if group is None:
        group = ev.shallow_copies[inst] = [inst]
    group.append(new)
    ev.shallow_copies[new] = group
    return Value(tan=obj.tan, fns=(new,), traced=obj.traced)


def sharing(ev: Any, inst: Instance, name: str, old: Value) -> list[Instance]:
    """The other objects of `inst`'s copies (and their original) whose attribute `name` still
    holds the container `old` that `inst`'s does: changed in place, it changes for them too."""
    group = ev.shallow_copies.get(inst) if ev.shallow_copies else None
    if not group:
        return []
    return [o for o in group if o is not inst and o.attrs.get(name) is old]
