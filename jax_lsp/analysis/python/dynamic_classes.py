"""Classes and methods made at run time: `type(name, bases, namespace)`, the class the
three-argument call makes, as a `class` statement with those bases and that body's names
would; `types.MethodType(f, obj)`, `f` bound to `obj`; `type(obj)` of an instance of an
analysed class, that class (Python's semantics); `vars(cls)` of a class a `class` statement
made, its namespace as Python 3.11 lists it, so a class decorator rewriting the methods it
picks by name (`for name, member in vars(cls).items(): if name.startswith(prefix): setattr(
cls, name, wrap(member))`) wraps those it picks.

Why: a class built at run time (`Arm = type("Arm", (), {"__init__": _init})`, methods added
later by `setattr(Arm, "forward", _forward)`) was an unknown value, so its instances' methods
(a transformed entry point among them) were not followed. Made only where everything is
literal: a string name, a tuple of bases each a class of the analysed code (or none), a dict
of string keys; anything else (a base from a library, whose metaclass may make something else;
a namespace built at run time) stays unknown.
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.values import ClassObj, Instance, Partial, Value


def make_class(name: Value, bases: Value, namespace: Value, node: ast.AST | None) -> Value | None:
    """The class `type(name, bases, namespace)` makes, or None where it is not known."""
    if type(name.const) is not str or bases.items is None or bases.keys is not None:
        return None
    if any(len(b.fns) != 1 or type(b.fns[0]) is not ClassObj for b in bases.items):
        return None
    if namespace.items is None or namespace.keys is None or any(
        type(k) is not str for k in namespace.keys
    ):
        return None
    statement = ast.ClassDef(name=name.const, bases=[], keywords=[], body=[], decorator_list=[])
    if node is not None:
        ast.copy_location(statement, node)
    else:
        statement.lineno, statement.col_offset = 1, 0
    attrs = dict(zip(namespace.keys, namespace.items))
    return Value(fns=(ClassObj(name.const, statement, attrs, list(bases.items)),))


def bind_method(fn: Value, obj: Value) -> Value:
    """`types.MethodType(fn, obj)`: calling it calls `fn(obj, ...)` (a bound method, as an
    instance's method read is)."""
    return Value(fns=tuple(Partial(f, (obj,)) for f in fn.fns))


def type_of(obj: Value) -> Value | None:
    """`type(obj)`: the classes of the analysed code `obj` is an instance of (`type(self)
    .legacy_batching`, a class attribute `__init_subclass__` set from its keywords); None
    where `obj` holds anything else."""
    if not obj.fns or any(type(f) is not Instance for f in obj.fns) or obj.items is not None:
        return None
    return Value(fns=tuple(dict.fromkeys(f.cls for f in obj.fns)))


def is_instance_of(obj: Value, kinds: Value) -> Value | None:
    """`isinstance(obj, C)` of instances of the analysed code's classes and a class of it (or
    a tuple display of such classes): whether C is on each instance's class's MRO (the same
    answer for every instance `obj` may be; `Cost.__add__`'s `isinstance(other, Cost)` picks
    the branch Python runs); None where `obj` holds anything else, an MRO is not known, or a
    class has a metaclass of the workspace (its `__instancecheck__` may answer)."""
    if not obj.fns or any(type(f) is not Instance for f in obj.fns) or obj.items is not None:
        return None
    parts = kinds.items if kinds.items is not None and kinds.keys is None else (kinds,)
    classes: list[ClassObj] = []
    for k in parts:
        if len(k.fns) != 1 or type(k.fns[0]) is not ClassObj or k.fns[0].metaclass is not None:
            return None
        classes.append(k.fns[0])
    answers = set()
    for inst in obj.fns:
        mro = inst.cls.mro()  # type: ignore[union-attr]
        if mro is None or inst.cls.metaclass is not None:  # type: ignore[union-attr]
            return None
        answers.add(any(c in mro for c in classes))
    if len(answers) != 1:
        return None
    return Value(const=answers.pop(), intish=True)


def class_namespace(cls: Value) -> Value | None:
    """`vars(cls)` of a plain class a `class` statement of the analysed code made (its
    bases, if any, such classes; no metaclass, `__slots__`, record, pytree or enum; at most
    one decorator, the one reading it): a dict of `__module__`, the names its body and later
    stores bound, in order, then `__dict__` and `__weakref__` where no base made them, and
    `__doc__`, as Python 3.11 orders them. The entries Python adds are unknown values (a
    string, descriptors); None for any other value."""
    if len(cls.fns) != 1 or type(cls.fns[0]) is not ClassObj or cls.items is not None:
        return None
    c = cls.fns[0]
    if not _plain(c) or len(c.node.decorator_list) > 1 or "__slots__" in c.attrs:
        return None
    based = False
    for b in c.bases:
        if len(b.fns) != 1 or type(b.fns[0]) is not ClassObj or not _plain(b.fns[0]) or (
                "__slots__" in b.fns[0].attrs):
            return None
        based = True
    entries: dict[str, Value] = {"__module__": Value()}
    entries.update((k, v) for k, v in c.attrs.items() if k != "__module__")
    if not based:
        entries.setdefault("__dict__", Value())
        entries.setdefault("__weakref__", Value())
    entries.setdefault("__doc__", Value())
    return Value(items=tuple(entries.values()), keys=tuple(entries))


def _plain(c: ClassObj) -> bool:
    """A class of a `class` statement that no library or metaclass shapes."""
    return (c.metaclass is None and c.record is None and not c.pytree and not c.linen
            and not c.members and isinstance(c.node, ast.ClassDef) and not c.node.keywords)
