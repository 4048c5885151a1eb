"""attrs: a class decorated `@attrs.define` / `@attrs.frozen` / `@attr.s` (and their aliases)
is a record class (`record_classes`). Its fields are its annotated attributes (`define`,
unless an unannotated `attrs.field()` says otherwise) or its `attr.ib()` / `attrs.field()`
assignments; its constructor takes them by position then keyword, under their alias (the name
without its leading underscores unless `alias=` says). `default=`, `factory=` (a builtin) and
`attrs.Factory(builtin)` give a default; a `converter=` runs on the given value and on the
default: a builtin (`float`, `bool`, `int`, `str`, `tuple`, `list`) is applied to a constant,
a function of the workspace is called as the evaluator calls any function, any other
converter makes the value unknown. Validators change no value. `attrs.evolve(obj, **changes)`
constructs again (converters run again, as attrs runs them); `attrs.asdict(obj)` is the dict
of the fields, nested attrs instances as dicts. `__attrs_post_init__` runs once made.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.interp_state import Args

if TYPE_CHECKING:
    from collections.abc import Callable

    from jax_lsp.analysis.host import Evaluator
from jax_lsp.analysis import record_classes as rc
from jax_lsp.analysis.values import NOCONST, Api, ClassObj, Closure, Instance, Value

#: class decorators making an attrs class; whether their fields default to the annotations
DECORATORS = {
    "attrs.define": True, "attrs.frozen": True, "attrs.mutable": True,
    "attr.define": True, "attr.frozen": True, "attr.mutable": True,
    "attr.s": False, "attr.attrs": False, "attr.attributes": False, "attr.dataclass": True,
}
#: field functions (`attrs.field`, `attr.ib`)
FIELD_FUNCTIONS = frozenset({"attrs.field", "attr.field", "attr.ib", "attr.attr",
                             "attr.attrib"})
FACTORIES = frozenset({"attrs.Factory", "attr.Factory"})
#: builtins applied to a constant as a converter
_BUILTIN_CONVERTERS = {"builtins.float": float, "builtins.int": int, "builtins.bool": bool,
                       "builtins.str": str}
_SEQUENCE_CONVERTERS = frozenset({"builtins.tuple", "builtins.list"})


def record_of(ev: Evaluator, cls: ClassObj, stmt: ast.ClassDef, scope: Any) -> rc.Record | None:
    """`HOOKS.record_class` for attrs: the fields of an attrs class, or None."""
    found = None
    for d in stmt.decorator_list:
        head = d.func if isinstance(d, ast.Call) else d
        names = {f.name for f in ev.eval(head, scope).fns if isinstance(f, Api)}
        kind = next((n for n in names if n in DECORATORS), None)
        if kind is not None:
            found = (kind, d)
    if found is None:
        # an undecorated subclass of an attrs class: the base's `__init__`, its fields
        inherited = rc.inherited_record(cls.bases)
        return inherited if inherited is not None and inherited.library == "attrs" else None
    kind, dec = found
    options = {k.arg: k.value for k in dec.keywords} if isinstance(dec, ast.Call) else {}
    if any(k not in ("frozen", "kw_only", "slots", "eq", "order", "repr", "hash",
                     "auto_attribs", "weakref_slot", "unsafe_hash", "cache_hash",
                     "auto_exc", "getstate_setstate", "match_args", "str")
           for k in options):
        return None  # (`init=False`, `auto_detect`, `field_transformer`...: not modelled)
    kw_only = _true(options.get("kw_only"))
    auto = DECORATORS[kind]
    if "auto_attribs" in options:
        auto = _true(options["auto_attribs"])
    calls = [s for s in stmt.body if _field_call(ev, _assigned(s), scope) is not None]
    if auto and any(isinstance(s, ast.Assign) for s in calls):
        auto = False  # (an unannotated `attrs.field()`: only the fields so made count)
    own: list[rc.Field] = []
    for s in stmt.body:
        target = s.target if isinstance(s, ast.AnnAssign) else (
            s.targets[0] if isinstance(s, ast.Assign) and len(s.targets) == 1 else None)
        if not isinstance(target, ast.Name):
            continue
        call = _field_call(ev, _assigned(s), scope)
        if call is None and not (auto and isinstance(s, ast.AnnAssign)):
            continue
        if isinstance(s, ast.AnnAssign) and _classvar(s.annotation):
            continue
        own.append(_field(ev, target.id, s, call, scope, kw_only))
    fields = rc.merge_fields(rc.base_fields(cls.bases, "attrs"), own)
    return rc.Record("attrs", tuple(fields), positional=True, methods={},
                     post_init="__attrs_post_init__")


def _true(e: ast.expr | None) -> bool:
    return isinstance(e, ast.Constant) and e.value is True


def _assigned(s: ast.stmt) -> ast.expr | None:
    return s.value if isinstance(s, (ast.Assign, ast.AnnAssign)) else None


def _classvar(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return (target.id if isinstance(target, ast.Name) else
            target.attr if isinstance(target, ast.Attribute) else "") == "ClassVar"


def _field_call(ev: Evaluator, e: ast.expr | None, scope: Any) -> ast.Call | None:
    if not isinstance(e, ast.Call):
        return None
    fv = ev.eval(e.func, scope)
    return e if any(isinstance(f, Api) and f.name in FIELD_FUNCTIONS for f in fv.fns) else None


def _field(ev: Evaluator, name: str, s: ast.stmt, call: ast.Call | None, scope: Any,
           kw_only: bool) -> rc.Field:
    init_name: str | None = name.lstrip("_") or name
    default: Value | None = None
    factory: Value | None = None
    convert: rc.Convert = rc.kept
    if call is None:
        value = _assigned(s)
        if value is not None:
            default = ev.eval(value, scope)
        return rc.Field(name, init_name, convert, default, factory, True, kw_only)
    kws = {k.arg: k.value for k in call.keywords}
    if None in kws or call.args:  # (`**options`, positional `attr.ib(3)`: not modelled)
        return rc.Field(name, init_name, rc.opaque, Value(), None, True, kw_only)
    if "kw_only" in kws:
        kw_only = _true(kws["kw_only"])
    if "alias" in kws:
        alias = ev.eval(kws["alias"], scope).const
        init_name = alias if isinstance(alias, str) else None
        if init_name is None:
            return rc.Field(name, name, rc.opaque, Value(), None, True, kw_only)
    if "init" in kws:
        if not isinstance(kws["init"], ast.Constant):
            return rc.Field(name, init_name, rc.opaque, Value(), None, True, kw_only)
        if kws["init"].value is False:
            init_name = None
    if "default" in kws:
        dv = kws["default"]
        made = _factory_call(ev, dv, scope)
        if made is not None:
            factory = made if made.fns else None
            default = None if made.fns else Value()
        else:
            default = ev.eval(dv, scope)
    if "factory" in kws:
        factory = _builtin_factory(ev.eval(kws["factory"], scope))
        if factory is None:
            default = Value()
    if "converter" in kws:
        convert = _converter(ev.eval(kws["converter"], scope))
    return rc.Field(name, init_name, convert, default, factory, True, kw_only)


def _builtin_factory(fv: Value) -> Value | None:
    return fv if fv.fns and all(
        isinstance(f, Api) and f.name.startswith("builtins.") for f in fv.fns) else None


def _factory_call(ev: Evaluator, e: ast.expr, scope: Any) -> Value | None:
    """`attrs.Factory(list)`: the builtin it calls (an unknown Value where it is not one)."""
    if not isinstance(e, ast.Call) or not any(
            isinstance(f, Api) and f.name in FACTORIES for f in ev.eval(e.func, scope).fns):
        return None
    if len(e.args) != 1 or e.keywords:
        return Value(fns=())
    return _builtin_factory(ev.eval(e.args[0], scope)) or Value(fns=())


def _converter(cv: Value) -> rc.Convert:
    fns = cv.fns
    if len(fns) != 1:
        return rc.opaque
    f = fns[0]
    if isinstance(f, Api) and f.name in _BUILTIN_CONVERTERS:
        apply = _BUILTIN_CONVERTERS[f.name]

        def builtin(ev: Evaluator, v: Value, node: ast.AST | None) -> Value:
            if v.const is NOCONST or v.fns or v.items is not None or not isinstance(
                    v.const, (int, float, str, bool, type(None))):
                return rc.unknown(v)
            try:
                c = apply(v.const)
            except (TypeError, ValueError, OverflowError):
                return rc.unknown(v)
            return Value(const=c, intish=type(c) in (int, bool))

        return builtin
    if isinstance(f, Api) and f.name in _SEQUENCE_CONVERTERS:
        def sequence(ev: Evaluator, v: Value, node: ast.AST | None) -> Value:
            return v if v.items is not None and v.keys is None else rc.unknown(v)

        return sequence
    if isinstance(f, Closure):
        def workspace_function(ev: Evaluator, v: Value, node: ast.AST | None) -> Value:
            return ev.call_value(cv, Args.of(v), node)

        return workspace_function
    return rc.opaque


# ---------------------------------------------------------------------- functions

def _attrs_instance(v: Value | None) -> Instance | None:
    if v is None or len(v.fns) != 1 or not isinstance(v.fns[0], Instance):
        return None
    inst = v.fns[0]
    record = inst.cls.record
    return inst if isinstance(record, rc.Record) and record.library == "attrs" else None


def evolve(ev: Evaluator, args: Args, node: ast.AST | None) -> Value:
    """`attrs.evolve(obj, **changes)`: the class constructed again from `obj`'s fields
    (under their constructor keywords), `changes` replacing them."""
    inst = _attrs_instance(args.get(0, "inst"))
    if inst is None or len(args.pos) != 1 or args.star is not None or args.dstar is not None:
        return Value()
    record: rc.Record = inst.cls.record
    kw = {f.init: inst.attrs.get(f.name, Value()) for f in record.fields if f.init is not None}
    kw.update({k: v for k, v in args.kw.items() if k != "inst"})
    new = Instance(inst.cls)
    obj = Value(fns=(new,))
    rc.construct(ev, inst.cls, obj, Args([], kw, [], {}), node)
    return obj


def asdict(ev: Evaluator, args: Args, node: ast.AST | None) -> Value:
    """`attrs.asdict(obj)`: the dict of its fields by attribute name (nested attrs
    instances as dicts). Its options (`filter=`, `recurse=False`...): not modelled."""
    inst = _attrs_instance(args.get(0, "inst"))
    if inst is None or len(args.pos) != 1 or args.kw or args.star is not None or (
            args.dstar is not None):
        return Value()

    def nested(v: Value) -> Value:
        inner = _attrs_instance(v)
        if inner is None:
            return v
        return rc.as_dict(ev, inner, [f.name for f in inner.cls.record.fields], nested)

    return rc.as_dict(ev, inst, [f.name for f in inst.cls.record.fields], nested)


#: the library's functions this model computes
FUNCTIONS: dict[str, Callable[[Any, Args, ast.AST | None], Value]] = {
    "attrs.evolve": evolve, "attr.evolve": evolve, "attrs.asdict": asdict, "attr.asdict": asdict}
