"""Record classes a library makes from annotated class attributes (a pydantic model, an attrs
class): what their construction stores, modelled from the class statement alone, so that the
evaluator never interprets the library's own `__init__` (which sets nothing it sees, leaving
every field read to fall back to the class's default).

A library's model (`pydantic_models.py`, `attrs_classes.py`) describes each field (`Field`):
the keyword its constructor takes, its default, and how the library turns a given value into
the stored one (`convert`); where the library may change a value in a way the model cannot
know (a validator, a converter that is not a plain function, a custom type), the stored value
is unknown: it keeps the given value's marks and nothing else. To the rest of the analysis the
instance is then a dataclass whose fields are known where the model can know them.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.interp_state import Args

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator
from jax_lsp.analysis.values import NOCONST, Api, ClassObj, Closure, Instance, Value, derived

#: how a library turns a value given to a field into the one stored (`Value` -> `Value`);
#: `ev` is the evaluator, `node` the construction's
Convert = Callable[[Any, Value, ast.AST | None], Value]


def unknown(v: Value) -> Value:
    """A value the model cannot know, derived from `v`: its marks kept, nothing else."""
    return Value(tan=v.tan, traced=v.traced)


def kept(ev: Evaluator, v: Value, node: ast.AST | None) -> Value:
    """A field's value stored as given (no conversion)."""
    return v


def opaque(ev: Evaluator, v: Value, node: ast.AST | None) -> Value:
    """A field the library may change in a way the model cannot know (a validator)."""
    return unknown(v)


@dataclass(frozen=True)
class Field:
    """One field of a record class, as its library's model reads the class statement."""

    name: str
    #: the keyword its constructor takes (attrs strips a leading underscore); None: not
    #: taken by the constructor (`init=False`)
    init: str | None
    convert: Convert = kept
    #: the value of its default (None: required, or made by `factory`)
    default: Value | None = None
    #: a function called with no arguments for its default (`default_factory=list`)
    factory: Value | None = None
    #: whether the library converts its default too (attrs runs converters on defaults;
    #: pydantic does not validate defaults)
    convert_default: bool = False
    kw_only: bool = False


@dataclass(frozen=True)
class Record:
    """A record class's fields and what its library offers on it (`RecordMethod`)."""

    library: str
    fields: tuple[Field, ...]
    #: whether the constructor takes positional arguments (attrs: yes; pydantic: keywords)
    positional: bool
    #: the library's methods read from an instance or the class, by name
    methods: Mapping[str, Callable[..., Value]] = field(default_factory=dict)
    #: a method the library calls once the fields are set (`__attrs_post_init__`)
    post_init: str | None = None

    def named(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True, eq=False)
class RecordMethod:
    """`obj.model_dump` / `Cls.model_validate` read but not yet called: `receiver` is the
    instance or the class."""

    name: str
    receiver: Value
    cls: ClassObj


def base_fields(bases: list[Value], library: str) -> list[Field]:
    """The fields a record class inherits from its bases of the same library, in order."""
    out: list[Field] = []
    for b in bases:
        for f in b.fns:
            if isinstance(f, ClassObj) and isinstance(f.record, Record) and (
                    f.record.library == library):
                out = merge_fields(out, list(f.record.fields))
    return out


def merge_fields(inherited: list[Field], own: list[Field]) -> list[Field]:
    """`own` after `inherited`, a field redefined replacing the inherited one in place."""
    names = {f.name: f for f in own}
    out = [names.pop(f.name, f) for f in inherited]
    return out + [f for f in own if f.name in names]


def inherited_record(bases: list[Value]) -> Record | None:
    """The record of a base class of the workspace that is one (a subclass's fields start
    with its)."""
    for b in bases:
        for f in b.fns:
            if isinstance(f, ClassObj) and isinstance(f.record, Record):
                return f.record
    return None


def has_own_init(cls: ClassObj) -> bool:
    """Whether the class (or a base of the workspace) defines `__init__` in Python."""
    found = cls.lookup("__init__")
    return found is not None and any(isinstance(f, Closure) for f in found.fns)


def construct(ev: Evaluator, cls: ClassObj, obj: Value, args: Args, node: ast.AST | None) -> bool:
    """Set the fields of `obj` (a new instance of `cls`) as the library's constructor does
    with `args`; False (the fields set unknown) where the class's own `__init__` must run."""
    record: Record = cls.record
    inst: Instance = obj.fns[0]
    given = args.all_values()
    if has_own_init(cls):
        for f in record.fields:  # whatever it leaves unset is not the class's default
            inst.attrs[f.name] = derived(given) if given else Value()
        return False
    bound = bind(record, args)
    if bound is None:  # `*args`, `**kw` not known, or arguments the constructor rejects
        for f in record.fields:
            inst.attrs[f.name] = unknown(derived(given)) if given else Value()
        return True
    for f in record.fields:
        inst.attrs[f.name] = field_value(ev, f, bound.get(f.name), node)
    if record.post_init is not None:
        post = cls.lookup(record.post_init)
        if post is not None:
            ev.call_value(ev._bind(post, obj), Args.of(), node)
    return True


def bind(record: Record, args: Args) -> dict[str, Value] | None:
    """The values `args` give each field, by field name; None where they are not known."""
    if args.star is not None or args.dstar is not None:
        return None
    taking = [f for f in record.fields if f.init is not None]
    positional = [f for f in taking if not f.kw_only] if record.positional else []
    if len(args.pos) > len(positional):
        return None
    out = {f.name: v for f, v in zip(positional, args.pos)}
    by_init = {f.init: f for f in taking}
    for k, v in args.kw.items():
        f = by_init.get(k)
        if f is None:
            if record.positional:
                return None  # (attrs: an unexpected keyword raises)
            continue  # (pydantic ignores a keyword that names no field)
        if f.name in out:
            return None
        out[f.name] = v
    return out


def field_value(ev: Evaluator, f: Field, given: Value | None, node: ast.AST | None) -> Value:
    """What the field `f` holds once made: `given` converted, else its default."""
    if given is not None:
        return f.convert(ev, given, node)
    if f.default is not None:
        return f.convert(ev, f.default, node) if f.convert_default else f.default
    if f.factory is not None:
        made = empty_made(f.factory) or ev.call_value(f.factory, Args.of(), node)
        return f.convert(ev, made, node) if f.convert_default else made
    return Value()  # a required field not given: the construction raises


#: what a builtin called with no arguments makes (a `default_factory`)
_EMPTY = {
    "builtins.list": Value(items=()), "builtins.tuple": Value(items=()),
    "builtins.dict": Value(items=(), keys=()), "builtins.int": Value(const=0, intish=True),
    "builtins.float": Value(const=0.0), "builtins.str": Value(const=""),
    "builtins.bool": Value(const=False, intish=True),
}


def empty_made(factory: Value) -> Value | None:
    """The value a builtin factory makes (`list` -> `[]`); None for another factory."""
    fns = factory.fns
    return _EMPTY.get(fns[0].name) if len(fns) == 1 and isinstance(fns[0], Api) else None


def as_dict(ev: Evaluator, inst: Instance, names: list[str], nested: Callable[[Value], Value]
            ) -> Value:
    """A dict of an instance's fields `names` (each value through `nested`), as a dict display
    makes it."""
    items = tuple(nested(inst.attrs.get(n, Value())) for n in names)
    return Value(
        tan=frozenset().union(*(v.tan for v in items)) if items else frozenset(),
        items=items,
        keys=tuple(names),
        traced=any(v.traced for v in items),
    )


def copied(inst: Instance, changes: Mapping[str, Value]) -> Value:
    """A new instance of the same class holding `inst`'s attributes, `changes` applied."""
    new = Instance(inst.cls)
    new.attrs.update(inst.attrs)
    new.attrs.update(changes)
    return Value(fns=(new,))


def record_attribute(ev: Evaluator, me: Value, owner: Any, name: str) -> Value | None:
    """`HOOKS.record_attribute`: a library method of a record class or its instance."""
    cls = owner if isinstance(owner, ClassObj) else owner.cls
    record = cls.record
    if not isinstance(record, Record) or name not in record.methods:
        return None
    return Value(fns=(RecordMethod(name, me, cls),))


def call_method(ev: Evaluator, method: RecordMethod, args: Args, node: ast.AST | None) -> Value:
    """`HOOKS.calls[RecordMethod]`: the library method's result, as its model computes it."""
    return method.cls.record.methods[method.name](ev, method, args, node)


def python_value(obj: Any) -> Value:
    """The value of a Python object made of constants, lists and dicts (a parsed JSON text)."""
    if isinstance(obj, dict):
        return Value(items=tuple(python_value(v) for v in obj.values()), keys=tuple(obj))
    if isinstance(obj, (list, tuple)):
        return Value(items=tuple(python_value(v) for v in obj))
    return Value(const=obj, intish=type(obj) in (int, bool))


def known_dict(v: Value) -> dict[Any, Value] | None:
    """The entries of a dict value whose keys are all known; None otherwise."""
    if v.keys is None or v.items is None or any(k is NOCONST for k in v.keys):
        return None
    return dict(zip(v.keys, v.items))
