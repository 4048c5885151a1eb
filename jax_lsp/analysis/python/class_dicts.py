"""`vars(cls)` of a class of the analysed code: its own attributes, by name, in the order
Python gives them.

Why: a class decorator rewriting methods by name (`for name, attr in vars(cls).items(): if
name.startswith(prefix): setattr(cls, name, wrap(attr))`) decides which methods run through
its wrapper (an ordered io_callback under vmap, say); unmodelled, the dict is unknown, the
loop is not run per method and the wrapping is lost.

What is modelled (CPython 3.11's layout, measured): `__module__` first, then `__doc__` where
the class has a docstring, then the attributes its body and later stores gave it, in that
order; a class with no base but `object` then has `__dict__` and `__weakref__`; `__doc__`
(None) last where it has no docstring. The dunders' values are not followed (a string, a
descriptor: unknown) but for `__doc__`. Not modelled (None, the call left as it was): a
class with `__slots__` (its members are descriptors in the dict), annotations (their dict's
place), a metaclass, a base outside the analysed code, an enumeration or a library's record
class. Python 3.13 adds `__firstlineno__` and `__static_attributes__`, not listed here.
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.values import UNKNOWN, Api, ClassObj, Value


def _plain_base(b: Value) -> bool | None:
    """True: `object`; False: a class of the analysed code; None: anything else."""
    if len(b.fns) != 1:
        return None
    f = b.fns[0]
    if type(f) is Api and f.name == "builtins.object":
        return True
    return False if type(f) is ClassObj else None


def of_class(v: Value) -> Value | None:
    """`vars(cls)` (see the module's docstring); None where not modelled."""
    if len(v.fns) != 1 or type(v.fns[0]) is not ClassObj:
        return None
    cls: ClassObj = v.fns[0]
    node = cls.node
    if (not isinstance(node, ast.ClassDef) or cls.metaclass is not None
            or cls.record is not None or cls.members or cls.linen or cls.pytree
            or node.keywords or "__slots__" in cls.attrs
            or any(isinstance(st, ast.AnnAssign) for st in node.body)):
        return None
    kinds = [_plain_base(b) for b in cls.bases]
    if any(k is None for k in kinds):
        return None
    doc = ast.get_docstring(node, clean=False)
    keys: list[str] = ["__module__"]
    items: list[Value] = [UNKNOWN]
    if doc is not None:
        keys.append("__doc__")
        items.append(Value(const=doc))
    for name, attr in cls.attrs.items():
        if name not in keys:
            keys.append(name)
            items.append(attr)
    if all(kinds):  # (no base of the code's own: this class makes the instance dict)
        keys += ["__dict__", "__weakref__"]
        items += [UNKNOWN, UNKNOWN]
    if doc is None:
        keys.append("__doc__")
        items.append(Value(const=None))
    return Value(items=tuple(items), keys=tuple(keys))
