"""pydantic (2.x): a `BaseModel` subclass is a record class (`record_classes`). Its
constructor takes keywords; a field not given takes its annotated default or `Field(default=
...)` (not validated, as pydantic leaves defaults), or calls a builtin `default_factory`; a
value given is validated: the plain scalar types (`bool`, `int`, `float`, `str`, `Literal`,
their `Optional`) are converted as pydantic's lax mode converts them (`_coerce`, checked
against pydantic by tests/analysis/test_record_libraries.py); a field's one `field_validator`
in mode "after" is then called on that value, as the evaluator calls any method. A field
another validator reads (mode before/wrap/plain, several, an `Annotated` type), a type the
model does not know is unknown once given (a model with a `model_config` is read as strict:
only a value of the field's own type is known); a model validator
or `model_post_init` makes every field unknown, defaults too. `text_field`/`text_given` give
callback_hosts' text pass the same reading without an evaluator. `BaseSettings` (pydantic-settings)
reads the environment: its fields are unknown.

Methods: `model_validate(dict)`, `model_validate_json(constant text)` construct; `model_copy(
update={...})` copies, the update not validated; `model_dump()` is the dict of the fields.
"""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.interp_state import Args

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator
from jax_lsp.analysis import record_classes as rc
from jax_lsp.analysis.values import NOCONST, Api, ClassObj, Decorator, Instance, Value

#: the bases whose subclasses are pydantic models
MODEL_BASES = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})
#: decorators making a dataclass whose fields pydantic validates
DATACLASS_DECORATORS = frozenset({"pydantic.dataclasses.dataclass"})
#: bases whose fields the environment may set (pydantic-settings)
SETTINGS_BASES = frozenset({"pydantic_settings.BaseSettings", "pydantic.BaseSettings"})
#: decorators of a method validating fields (pydantic 2 and 1): the fields named, "*" all
_FIELD_VALIDATORS = frozenset({"field_validator", "validator"})
_MODEL_VALIDATORS = frozenset({"model_validator", "root_validator", "model_serializer",
                               "field_serializer"})
#: `Field(...)` keywords that change no value and no constructor keyword
_PLAIN_FIELD_KEYWORDS = frozenset({"default", "default_factory", "description", "title",
                                   "examples", "json_schema_extra", "repr", "exclude", "gt",
                                   "ge", "lt", "le", "min_length", "max_length", "frozen",
                                   "deprecated", "kw_only", "init"})
_BOOL_WORDS = {"0": False, "off": False, "f": False, "false": False, "n": False, "no": False,
               "1": True, "on": True, "t": True, "true": True, "y": True, "yes": True}


def record_of(ev: Evaluator, cls: ClassObj, stmt: ast.ClassDef, scope: Any) -> rc.Record | None:
    """`HOOKS.record_class` for pydantic: the fields of a model class, or None."""
    names = {f.name for b in cls.bases for f in b.fns if isinstance(f, Api)}
    inherited = rc.inherited_record(cls.bases)
    settings = bool(names & SETTINGS_BASES)
    dataclass = _pydantic_dataclass(ev, stmt, scope)
    if not (names & (MODEL_BASES | SETTINGS_BASES)) and not dataclass and not (
            inherited is not None and inherited.library in ("pydantic", "pydantic-settings")):
        return None
    library = "pydantic-settings" if settings or (
        inherited is not None and inherited.library == "pydantic-settings") else "pydantic"
    validated = _validated_fields(stmt)
    configured = any(_assigns(s, "model_config") for s in stmt.body) or any(
        _configured(f) for b in cls.bases for f in b.fns)
    whole_model = _whole_model_changed(stmt, validated) or library == "pydantic-settings"
    own: list[rc.Field] = []
    for s in stmt.body:
        if not (isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)):
            continue
        name = s.target.id
        if name.startswith("_") or _is_classvar(s.annotation):
            continue
        after = None if whole_model else _after_validator(stmt, name)
        made = _field(ev, name, s, scope, (whole_model or name in validated) and not after,
                      configured, library)
        if after is not None and made.convert is not rc.opaque:
            made = replace(made, convert=_then_validated(cls, after, made.convert))
        elif after is not None:
            made = _field(ev, name, s, scope, True, configured, library)
        own.append(made)
    fields = rc.merge_fields(rc.base_fields(cls.bases, library), own)
    if whole_model:  # (a model validator or `model_post_init` may set a defaulted field too)
        fields = [rc.Field(f.name, f.init, rc.opaque, Value()) for f in fields]
    if dataclass:  # (positions too; no `model_*` methods)
        return rc.Record(library, tuple(fields), positional=True)
    return rc.Record(library, tuple(fields), positional=False, methods=METHODS)


def _pydantic_dataclass(ev: Evaluator, stmt: ast.ClassDef, scope: Any) -> bool:
    """Whether the class is decorated `@pydantic.dataclasses.dataclass` (its fields validated
    as a model's)."""
    return any(
        isinstance(f, Api) and f.name in DATACLASS_DECORATORS
        for d in stmt.decorator_list
        for f in ev.eval(d.func if isinstance(d, ast.Call) else d, scope).fns
    )


def _whole_model_changed(stmt: ast.ClassDef, validated: set[str]) -> bool:
    """Whether code of the class may set any field, a defaulted one too: a model validator
    (or a field validator of every field), `model_post_init`."""
    return "*" in validated or _defines(stmt, "model_post_init")


def _plain_field_call(s: ast.AnnAssign) -> bool:
    """Whether the field's `Field(...)`, if any, has only keywords that change no value and
    no constructor keyword (an alias renames its keyword; a validator...)."""
    return not (isinstance(s.value, ast.Call) and _named(s.value.func) == "Field" and any(
        k.arg not in _PLAIN_FIELD_KEYWORDS for k in s.value.keywords))


def _declared_kind(s: ast.AnnAssign, validated: bool) -> Any:
    """What a value given to the field becomes (`coerce`'s kind), from its declaration; None
    where the model cannot know (a validator reads it, an unknown type, a `Field` keyword)."""
    return None if validated or not _plain_field_call(s) else _kind(s.annotation)


def text_field(stmt: ast.ClassDef, attr: str) -> tuple[Any, bool, bool] | None:
    """The model's reading of field `attr` of the pydantic model class `stmt` from its text
    alone (callback_hosts' JAX011/JAX012 pass, which runs no evaluator): (the kind a given
    value is converted as, None where unknown; strict, for a configured model; whether the
    default is kept as written). None where `attr` is not a field the class declares. The
    evaluator's `record_of` reads each field through the same helpers."""
    s = next((st for st in stmt.body if isinstance(st, ast.AnnAssign)
              and isinstance(st.target, ast.Name) and st.target.id == attr), None)
    if s is None or attr.startswith("_") or _is_classvar(s.annotation):
        return None
    validated = _validated_fields(stmt)
    whole = _whole_model_changed(stmt, validated)
    configured = any(_assigns(st, "model_config") for st in stmt.body)
    return (_declared_kind(s, whole or attr in validated), configured,
            not whole and _plain_field_call(s))


def text_given(stmt: ast.ClassDef, attr: str, value: Any) -> Any:
    """The constant the model stores for `value` given to field `attr` of the class `stmt`
    (`coerce`); NOCONST where it is not known."""
    field = text_field(stmt, attr)
    if field is None or field[0] is None:
        return NOCONST
    return coerce(field[0], value, strict=field[1])


def _field(ev: Evaluator, name: str, s: ast.AnnAssign, scope: Any, validated: bool,
           configured: bool, library: str) -> rc.Field:
    kind = _declared_kind(s, validated)
    convert = rc.opaque if kind is None else _converter(kind, strict=configured)
    default: Value | None = None
    factory: Value | None = None
    if isinstance(s.value, ast.Call) and _named(s.value.func) == "Field":
        call = s.value
        if not _plain_field_call(s):
            return rc.Field(name, name, rc.opaque)
        given = call.args[0] if call.args else next(
            (k.value for k in call.keywords if k.arg == "default"), None)
        made = next((k.value for k in call.keywords if k.arg == "default_factory"), None)
        if given is not None and not (isinstance(given, ast.Constant) and given.value is ...):
            default = ev.eval(given, scope)
        elif made is not None:
            fv = ev.eval(made, scope)
            if all(isinstance(f, Api) and f.name.startswith("builtins.") for f in fv.fns) and (
                    fv.fns):
                factory = fv
            else:
                default = Value()  # (a factory of the workspace: not followed)
    elif s.value is not None:
        default = ev.eval(s.value, scope)
    # (a configured model may validate its defaults: `validate_default=True`)
    return rc.Field(name, name, convert, default, factory, convert_default=configured)


def _named(e: ast.expr) -> str:
    return e.id if isinstance(e, ast.Name) else e.attr if isinstance(e, ast.Attribute) else ""


def _assigns(s: ast.stmt, name: str) -> bool:
    targets = s.targets if isinstance(s, ast.Assign) else [s.target] if isinstance(
        s, ast.AnnAssign) else []
    return any(isinstance(t, ast.Name) and t.id == name for t in targets)


def _defines(stmt: ast.ClassDef, name: str) -> bool:
    return any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name
               for s in stmt.body)


def _configured(f: Any) -> bool:
    """Whether a model class of the workspace (or its bases) sets `model_config`."""
    if not isinstance(f, ClassObj) or not isinstance(f.record, rc.Record):
        return False
    return any(_assigns(s, "model_config") for s in f.node.body) or any(
        _configured(g) for b in f.bases for g in b.fns)


def _is_classvar(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return _named(target) == "ClassVar"


def _validated_fields(stmt: ast.ClassDef) -> set[str]:
    """The fields a validator of the class reads ("*": every field)."""
    out: set[str] = set()
    for s in stmt.body:
        if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for d in s.decorator_list:
            call = d if isinstance(d, ast.Call) else None
            name = _named(call.func if call else d)
            if name in _MODEL_VALIDATORS:
                out.add("*")
            elif name in _FIELD_VALIDATORS:
                named = [a.value for a in (call.args if call else [])
                         if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                if not named or any(not isinstance(a, ast.Constant) for a in call.args):  # type: ignore[union-attr]
                    out.add("*")
                out.update(named)
    return out


def validator_method(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a method's decorators make it one of pydantic's validators (with
    `classmethod`/`staticmethod`), whose effect `_validated_fields` reads."""
    names = [_named(d.func if isinstance(d, ast.Call) else d) for d in fn.decorator_list]
    return any(n in _FIELD_VALIDATORS | _MODEL_VALIDATORS for n in names) and all(
        n in _FIELD_VALIDATORS | _MODEL_VALIDATORS | {"classmethod", "staticmethod"}
        for n in names)


def _after_validator(stmt: ast.ClassDef, name: str) -> str | None:
    """The method of the one `@field_validator(...)` of the class that reads field `name`,
    when it runs after pydantic's own conversion (mode "after", the default) and no other
    validator reads the field: its name; None otherwise."""
    found: list[str] = []
    for st in stmt.body:
        if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for d in st.decorator_list:
            call = d if isinstance(d, ast.Call) else None
            kind = _named(call.func if call else d)
            if kind not in _FIELD_VALIDATORS | _MODEL_VALIDATORS:
                continue
            names = [a.value for a in call.args if isinstance(a, ast.Constant)] if call else []
            if name not in names and "*" not in names and kind in _FIELD_VALIDATORS:
                continue
            plain = kind == "field_validator" and call is not None and all(
                k.arg == "mode" and isinstance(k.value, ast.Constant)
                and k.value.value == "after" for k in call.keywords)
            found.append(st.name if plain and isinstance(st, ast.FunctionDef) else "")
    return found[0] if len(found) == 1 and found[0] else None


def _then_validated(cls: ClassObj, method: str, convert: rc.Convert) -> rc.Convert:
    """pydantic's conversion, then the class's after-mode validator called on its result as
    the evaluator calls any method (`v.strip().lower()` of a known string is known); what
    it returns is stored. Unknown where either is not a known scalar."""
    def validated(ev: Evaluator, v: Value, node: ast.AST | None) -> Value:
        c = convert(ev, v, node)
        if c.const is NOCONST or c.fns or c.items is not None:
            return rc.unknown(v)
        found = cls.lookup(method)
        fns = () if found is None else tuple(f for f in found.fns
                                             if not isinstance(f, Decorator))
        if not fns:
            return rc.unknown(v)
        # (pydantic makes every field validator a classmethod)
        out = ev.call_value(Value(fns=fns), Args.of(Value(fns=(cls,)), c), node)
        if out.const is NOCONST or out.fns or out.items is not None or out.traced or type(
                out.const) not in (bool, int, float, str, type(None)):
            return rc.unknown(v)
        return out

    return validated


def _kind(annotation: ast.expr) -> Any:
    """What the model knows of a field's type: "bool", "int", "float", "str", "any",
    ("literal", values), ("optional", kind); None for any other type."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return None
    if isinstance(annotation, ast.Name) and annotation.id in ("bool", "int", "float", "str"):
        return annotation.id
    if _named(annotation) == "Any":
        return "any"
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [annotation.left, annotation.right]
        nones = [s for s in sides if isinstance(s, ast.Constant) and s.value is None]
        rest = [s for s in sides if s not in nones]
        if len(nones) == 1 and len(rest) == 1:
            inner = _kind(rest[0])
            return None if inner is None else ("optional", inner)
        return None
    if isinstance(annotation, ast.Subscript):
        head = _named(annotation.value)
        if head == "Literal":
            elts = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [
                annotation.slice]
            if all(isinstance(e, ast.Constant) for e in elts):
                return ("literal", tuple(e.value for e in elts))  # type: ignore[attr-defined]
        if head == "Optional":
            inner = _kind(annotation.slice)
            return None if inner is None else ("optional", inner)
    return None


def coerce(kind: Any, value: Any, strict: bool = False) -> Any:
    """The value pydantic stores for a constant `value` given to a field of type `kind`
    (lax mode; `strict`: only a value of the exact type); NOCONST where it is not known or
    pydantic rejects it."""
    t = type(value)
    if kind == "any":
        return value
    if isinstance(kind, tuple) and kind[0] == "optional":
        return None if value is None else coerce(kind[1], value, strict)
    if isinstance(kind, tuple) and kind[0] == "literal":
        return value if any(type(c) is t and c == value for c in kind[1]) else NOCONST
    if kind == "bool":
        if t is bool:
            return value
        if strict:
            return NOCONST
        if t is int and value in (0, 1):
            return bool(value)
        if t is float and value in (0.0, 1.0):
            return bool(value)
        if t is str:
            return _BOOL_WORDS.get(value.lower(), NOCONST)
        return NOCONST
    if kind == "int":
        if t is int:
            return value
        if strict:
            return NOCONST
        if t is bool:
            return int(value)
        if t is float and value.is_integer():
            return int(value)
        return NOCONST
    if kind == "float":
        if t is float:
            return value
        if strict:
            return NOCONST if t is not int else float(value)
        if t in (int, bool):
            return float(value)
        return NOCONST
    if kind == "str":
        return value if t is str else NOCONST
    return NOCONST


def _converter(kind: Any, strict: bool) -> rc.Convert:
    def convert(ev: Evaluator, v: Value, node: ast.AST | None) -> Value:
        if kind == "any":
            return v
        if v.const is NOCONST or v.fns or v.items is not None:
            return rc.unknown(v)
        c = coerce(kind, v.const, strict)
        if c is NOCONST:
            return rc.unknown(v)
        return Value(const=c, intish=type(c) in (int, bool))

    return convert


# ---------------------------------------------------------------------- methods

def _instance(method: rc.RecordMethod) -> Instance | None:
    fns = method.receiver.fns
    return fns[0] if len(fns) == 1 and isinstance(fns[0], Instance) else None


def _construct_from(ev: Evaluator, cls: ClassObj, entries: dict[Any, Value] | None,
                    node: ast.AST | None) -> Value:
    inst = Instance(cls)
    obj = Value(fns=(inst,))
    if entries is None or not all(isinstance(k, str) for k in entries):
        rc.construct(ev, cls, obj, Args([], {}, [], {}, None, Value()), node)
    else:
        rc.construct(ev, cls, obj, Args([], dict(entries), [], {}), node)
    return obj


def model_validate(ev: Evaluator, method: rc.RecordMethod, args: Args, node: ast.AST | None
                   ) -> Value:
    """`Model.model_validate(data)`: constructed from a dict's entries."""
    data = args.get(0, "obj")
    if data is None:
        return Value()
    return _construct_from(ev, method.cls, rc.known_dict(data), node)


def model_validate_json(ev: Evaluator, method: rc.RecordMethod, args: Args, node: ast.AST | None
                        ) -> Value:
    """`Model.model_validate_json(text)`: constructed from a constant JSON object's entries."""
    text = args.get(0, "json_data")
    entries = None
    if text is not None and isinstance(text.const, (str, bytes)):
        try:
            parsed = json.loads(text.const)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            entries = rc.known_dict(rc.python_value(parsed))
    return _construct_from(ev, method.cls, entries, node)


def model_copy(ev: Evaluator, method: rc.RecordMethod, args: Args, node: ast.AST | None) -> Value:
    """`obj.model_copy(update={...})`: a copy, the update's values stored unvalidated."""
    inst = _instance(method)
    update = args.get(0, "update")
    changes = {} if update is None or update.const is None else rc.known_dict(update)
    if inst is None or changes is None:
        return Value()
    return rc.copied(inst, changes)


def model_dump(ev: Evaluator, method: rc.RecordMethod, args: Args, node: ast.AST | None) -> Value:
    """`obj.model_dump()`: the dict of its fields (a nested model's dumped too);
    `exclude_none=True` drops the fields holding None. Other options: not known."""
    inst = _instance(method)
    if inst is None or args.pos or args.star is not None or args.dstar is not None:
        return Value()
    exclude_none = False
    for k, v in args.kw.items():
        if k == "exclude_none" and isinstance(v.const, bool):
            exclude_none = v.const
        elif not (k == "mode" and v.const == "python"):
            return Value()
    names = [f.name for f in inst.cls.record.fields]
    if exclude_none:
        held = [inst.attrs.get(n, Value()) for n in names]
        if any(v.const is NOCONST and not v.fns and v.items is None for v in held):
            return Value()  # (whether it is None is not known)
        names = [n for n, v in zip(names, held) if v.const is not None]

    def nested(v: Value) -> Value:
        inner = v.fns[0] if len(v.fns) == 1 and isinstance(v.fns[0], Instance) else None
        if inner is not None and isinstance(inner.cls.record, rc.Record) and (
                inner.cls.record.library.startswith("pydantic")):
            return rc.as_dict(ev, inner, [f.name for f in inner.cls.record.fields], nested)
        return v

    return rc.as_dict(ev, inst, names, nested)


METHODS = {
    "model_validate": model_validate,
    "model_validate_json": model_validate_json,
    "model_copy": model_copy,
    "model_dump": model_dump,
}
