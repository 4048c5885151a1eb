"""`dataclasses.replace(obj, **changes)`: a new instance of `obj`'s dataclass, made by its
generated `__init__` from `obj`'s fields with `changes` replacing some (`__post_init__` runs
again), as Python makes it. A frozen config's variant (`dataclasses.replace(self,
sequential_log=True)`) then holds the flag it was given, not the unknown value of a call
nothing models.

Only for a dataclass the evaluator constructs itself (no `__init__` of its own, no library's
record class, not a NamedTuple), every field a plain annotated attribute: a field kept out of
`__init__` (`field(init=False)`), an `InitVar` or a `ClassVar` changes what `replace` passes,
so the call stays unknown there.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.values import ClassObj, Instance, Value

#: the function modelled
REPLACE = "dataclasses.replace"


def replaced(ev: Any, args: Args, node: ast.AST | None,
             fields: Callable[[list[ClassObj]], list[str]]) -> Value | None:
    """The new instance `dataclasses.replace(obj, **changes)` makes, or None where the
    model does not know it. `fields`: a dataclass's fields in `__init__` order, from its
    MRO (the evaluator's own reading of the class statements)."""
    if len(args.pos) != 1 or args.star is not None or args.dstar is not None:
        return None
    obj = args.pos[0]
    if len(obj.fns) != 1 or type(obj.fns[0]) is not Instance:
        return None
    inst = obj.fns[0]
    cls = inst.cls
    mro = cls.mro() or [cls]
    if (cls.record is not None or cls.lookup("__init__") is not None or cls.members
            or cls.tuple_fields() is not None
            or not any(_decorated_dataclass(c) for c in mro)
            or not all(_plain_fields(c) for c in mro)):
        return None
    names = fields(mro)
    if any(k not in names for k in args.kw):
        return None  # (Python raises: an unknown field)
    kw = {name: inst.attrs[name] for name in names if name in inst.attrs}
    kw.update(args.kw)
    return ev.call_value(Value(fns=(cls,)), Args([], kw, [], {}), node)  # type: ignore[no-any-return]


def _decorated_dataclass(c: ClassObj) -> bool:
    """Whether the class statement of `c` is decorated `@dataclass` / `@dataclass(...)`
    (`dataclasses.dataclass`, or a library's dataclass decorator of that name)."""
    if not isinstance(c.node, ast.ClassDef):
        return False
    for d in c.node.decorator_list:
        head = d.func if isinstance(d, ast.Call) else d
        name = head.attr if isinstance(head, ast.Attribute) else (
            head.id if isinstance(head, ast.Name) else "")
        if name == "dataclass":
            return True
    return False


def _plain_fields(c: ClassObj) -> bool:
    """Whether every annotated attribute of `c`'s statement is a field `__init__` takes: no
    `InitVar`/`ClassVar` annotation, no `field(...)` choosing `init=`."""
    if not isinstance(c.node, ast.ClassDef):
        return True
    for s in c.node.body:
        if not isinstance(s, ast.AnnAssign):
            continue
        if any(isinstance(n, (ast.Name, ast.Attribute)) and (
                n.id if isinstance(n, ast.Name) else n.attr) in ("InitVar", "ClassVar")
               for n in ast.walk(s.annotation)):
            return False
        if isinstance(s.value, ast.Call) and any(k.arg in ("init", None)
                                                 for k in s.value.keywords):
            return False
    return True
