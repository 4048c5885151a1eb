"""The models of pydantic's and attrs' record classes (`analysis/record_classes.py`,
`libraries/pydantic_models`, `libraries/attrs_classes`) against the libraries themselves: each
program runs under Python with the real library, and every field the model knows must hold
what the library stored; where the library may change a value the model cannot see (a
validator, a converter of another library), the model must not know it."""

from __future__ import annotations

import textwrap
from typing import Any, Literal

import pytest

pydantic = pytest.importorskip("pydantic")
attrs = pytest.importorskip("attrs")

from jax_lsp.analysis.engine import parse  # noqa: E402
from jax_lsp.analysis.interp import Interpreter  # noqa: E402
from jax_lsp.analysis.libraries.pydantic_models.model import (  # noqa: E402
    _validated_fields,
    coerce,
    text_given,
)
from jax_lsp.analysis.values import NOCONST, Instance, Value  # noqa: E402

PYDANTIC = """
from typing import Literal, Optional
import pydantic.dataclasses
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

class Cfg(BaseModel):
    ordered: bool = True
    scale: float = 2.0
    steps: int = Field(default=3, ge=1)
    mode: Literal["fast", "slow"] = "fast"
    tag: Optional[str] = None
    names: list = Field(default_factory=list)

class Checked(BaseModel):
    ordered: bool = True
    scale: float = 1.0

    @field_validator("ordered")
    @classmethod
    def off(cls, v):
        return not v

class Before(BaseModel):
    ordered: bool = True

    @field_validator("ordered", mode="before")
    @classmethod
    def flip(cls, v):
        return not v

class Tidy(BaseModel):
    label: str = "run"

    @field_validator("label")
    @classmethod
    def tidy(cls, v):
        return v.strip().lower().replace("-", "_")

class Whole(BaseModel):
    ordered: bool = True

    @model_validator(mode="before")
    @classmethod
    def fill(cls, data):
        return {"ordered": False, **data}

class Strict(BaseModel):
    model_config = ConfigDict(strict=True)
    ordered: bool = True

class Child(Cfg):
    extra: bool = False

@pydantic.dataclasses.dataclass
class Plain:
    ordered: bool = True
    n: int = 1
"""

ATTRS = """
import attr
import attrs

def pick(name):
    return name.upper()

@attrs.frozen
class Spec:
    scale: float = attrs.field(default=2, converter=float)
    _ordered: bool = attrs.field(default="", converter=bool)
    kernel: str = attrs.field(default="box", converter=pick)
    sizes: tuple = attrs.field(factory=tuple)
    depth: int = attrs.field(default=1, validator=attrs.validators.instance_of(int))
    mode: str = attrs.field(default="a", kw_only=True)
    other: int = attrs.field(default=5, converter=attrs.converters.optional(int))

@attr.s
class Old:
    a = attr.ib(default=1)
    b = attr.ib(default="x", converter=str)

@attrs.define
class Named:
    _x: int = attrs.field(default=0, alias="given")

class Sub(Spec):
    level: int = 3
"""

#: (library source, construction, fields the model must know)
CASES = [
    (PYDANTIC, "Cfg()", {"ordered", "scale", "steps", "mode", "tag"}),
    (PYDANTIC, "Cfg(ordered=False, scale=3, steps=2.0, mode='slow', tag='t')",
     {"ordered", "scale", "steps", "mode", "tag"}),
    (PYDANTIC, "Cfg(ordered='no', scale=True, unknown_key=1)", {"ordered", "scale"}),
    (PYDANTIC, "Cfg.model_validate({'ordered': 0, 'mode': 'slow'})", {"ordered", "mode"}),
    (PYDANTIC, "Cfg.model_validate_json('{\"ordered\": \"on\", \"steps\": 7}')",
     {"ordered", "steps"}),
    (PYDANTIC, "Cfg(ordered=False).model_copy(update={'scale': 9.5})", {"ordered", "scale"}),
    (PYDANTIC, "Checked(ordered=True)", {"scale", "ordered"}),
    (PYDANTIC, "Before(ordered=True)", set()),
    (PYDANTIC, "Tidy(label=' Mass-Action ')", {"label"}),
    (PYDANTIC, "Strict(ordered=True)", {"ordered"}),
    (PYDANTIC, "Whole()", set()),
    (PYDANTIC, "Child(ordered='yes', extra=1)", {"ordered", "extra", "scale"}),
    (PYDANTIC, "Plain('no', 2.0)", {"ordered", "n"}),
    (ATTRS, "Spec()", {"scale", "_ordered", "kernel", "depth", "mode"}),
    (ATTRS, "Spec(7, ordered='x', kernel='gauss', mode='b')",
     {"scale", "_ordered", "kernel", "mode"}),
    (ATTRS, "attrs.evolve(Spec(), ordered=1, scale='4.5')", {"scale", "_ordered", "kernel"}),
    (ATTRS, "Old(b=3)", {"a", "b"}),
    (ATTRS, "Named(given=4)", {"_x"}),
    (ATTRS, "Sub(1, 'y')", {"scale", "_ordered", "kernel"}),
]

#: fields the model must not know (a validator before pydantic's conversion or of the whole
#: model reads them, a converter of attrs' own)
UNKNOWN = {("Before(ordered=True)", "ordered"), ("Spec()", "other"), ("Whole()", "ordered")}


def _analysed(source: str) -> dict[str, Value]:
    tree = parse(source, "m.py")
    it = Interpreter(tree, source.splitlines(), path="m.py")  # type: ignore[arg-type]
    it.exec_block(tree.body, it.module_scope)  # type: ignore[union-attr]
    return dict(it.module_scope.vars)


@pytest.mark.parametrize(("library", "made", "known"), CASES, ids=[c[1] for c in CASES])
def test_known_fields_hold_what_the_library_stores(library: str, made: str,
                                                   known: set[str]) -> None:
    source = textwrap.dedent(library) + f"\nobj = {made}\n"
    real: dict[str, Any] = {}
    exec(compile(source, "m.py", "exec"), real)
    v = _analysed(source)["obj"]
    assert len(v.fns) == 1 and isinstance(v.fns[0], Instance), v
    inst = v.fns[0]
    for name in known:
        got = inst.attrs[name].const
        want = getattr(real["obj"], name)
        assert got is not NOCONST, (made, name)
        assert got == want and type(got) is type(want), (made, name, got, want)
    for case, name in UNKNOWN:
        if case == made:
            assert inst.attrs[name].const is NOCONST, (made, name)


def test_dumps_are_dicts_of_the_fields() -> None:
    source = textwrap.dedent(PYDANTIC) + textwrap.dedent(ATTRS) + (
        "\nd = Cfg(ordered='off').model_dump()\nn = Cfg().model_dump(exclude_none=True)\n"
        "a = attrs.asdict(Spec(ordered='y'))\n")
    real: dict[str, Any] = {}
    exec(compile(source, "m.py", "exec"), real)
    found = _analysed(source)
    for name in ("d", "n", "a"):
        v = found[name]
        assert v.keys is not None and v.items is not None, name
        assert list(v.keys) == list(real[name]), name
        for key, item in zip(v.keys, v.items):
            if item.const is not NOCONST:
                assert item.const == real[name][key], (name, key)
        assert found[name].keys is not None


KINDS: list[tuple[Any, Any]] = [
    ("bool", bool), ("int", int), ("float", float), ("str", str),
    (("literal", ("a", 1)), Literal["a", 1]), (("optional", "bool"), bool | None),
]
VALUES = [True, False, 0, 1, 2, -1, 0.0, 1.0, 1.5, 3.0, "0", "1", "yes", "No", " off ",
          "true", "T", "maybe", "", "a", "3", "2.5", None, b"1"]
#: a few the model must convert (so that the test can fail)
MUST_KNOW = [("bool", "yes"), ("bool", 0), ("int", 3.0), ("int", True), ("float", 2),
             (("literal", ("a", 1)), "a"), (("optional", "bool"), None)]


@pytest.mark.parametrize(("kind", "annotation"), KINDS, ids=[str(k[0]) for k in KINDS])
def test_scalar_coercion_matches_pydantic(kind: Any, annotation: Any) -> None:
    model = pydantic.create_model("M", v=(annotation, ...))
    for value in VALUES:
        try:
            stored = model(v=value).v
        except pydantic.ValidationError:
            stored = NOCONST
        got = coerce(kind, value)
        if got is not NOCONST:
            assert got == stored and type(got) is type(stored), (kind, value, got, stored)
        if (kind, value) in MUST_KNOW:
            assert got is not NOCONST, (kind, value)


@pytest.mark.parametrize("model", ["Cfg", "Checked", "Strict", "Whole", "Before", "Tidy"])
def test_the_text_reading_is_the_evaluators(model: str) -> None:
    """callback_hosts' text pass reads a model's fields through `text_given`: for every field
    and literal it answers what the evaluator's model stores for `Model(field=literal)`, or
    (for a field a validator reads, which only the evaluator can run) nothing."""
    import ast

    source = textwrap.dedent(PYDANTIC)
    stmt = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)
                and n.name == model)
    fields = [st.target.id for st in stmt.body if isinstance(st, ast.AnnAssign)
              and isinstance(st.target, ast.Name)]
    made = [(f, v) for f in fields for v in VALUES]
    validated = _validated_fields(stmt)
    program = source + "".join(f"obj{i} = {model}({f}={v!r})\n" for i, (f, v) in enumerate(made))
    scope = _analysed(program)
    for i, (f, v) in enumerate(made):
        inst = scope[f"obj{i}"].fns[0]
        stored = inst.attrs[f].const
        said = text_given(stmt, f, v)
        if said is NOCONST and f in validated:
            continue
        assert said == stored and type(said) is type(stored), (model, f, v, said, stored)
