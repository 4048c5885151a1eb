"""`python/class_dicts.py`: `vars(cls)` of a class of the analysed code. The layout the model
gives is checked against the running CPython's own `vars(cls)` (the model's premise), then on
a class decorator choosing the methods it wraps by name."""

from __future__ import annotations

import ast
import sys
import textwrap

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.python import class_dicts
from jax_lsp.analysis.values import UNKNOWN, Api, ClassObj, Value

_OBJECT = Value(fns=(Api("builtins.object"),))

_CLASSES = {
    "plain": "class C:\n    def f(self):\n        pass\n    x = 1\n",
    "documented": 'class C:\n    """doc"""\n    def f(self):\n        pass\n',
    "object_base": "class C(object):\n    def g(self):\n        pass\n",
}


def _model_keys(src: str, base: Value | None) -> list[str]:
    node = ast.parse(src).body[0]
    assert isinstance(node, ast.ClassDef)
    attrs = {st.name if isinstance(st, ast.FunctionDef) else st.targets[0].id: UNKNOWN  # type: ignore[attr-defined]
             for st in node.body if isinstance(st, (ast.FunctionDef, ast.Assign))}
    cls = ClassObj(node.name, node, attrs=attrs, bases=[] if base is None else [base])
    made = class_dicts.of_class(Value(fns=(cls,)))
    assert made is not None and made.keys is not None
    return list(made.keys)


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="3.13 adds __firstlineno__ and "
                    "__static_attributes__, which the model (3.11's layout) leaves out")
@pytest.mark.parametrize("name", sorted(_CLASSES))
def test_layout_is_cpythons(name: str) -> None:
    src = _CLASSES[name]
    ns: dict = {}
    exec(src, ns)
    base = _OBJECT if "(object)" in src else None
    assert _model_keys(src, base) == list(vars(ns["C"]))


def test_subclass_of_own_class_has_no_instance_dict_entries() -> None:
    src = "class B:\n    pass\nclass C(B):\n    def g(self):\n        pass\n"
    ns: dict = {}
    exec(src, ns)
    node = ast.parse(src).body[1]
    base = Value(fns=(ClassObj("B", ast.parse(src).body[0]),))  # type: ignore[arg-type]
    cls = ClassObj("C", node, attrs={"g": UNKNOWN}, bases=[base])  # type: ignore[arg-type]
    made = class_dicts.of_class(Value(fns=(cls,)))
    assert made is not None and list(made.keys or ()) == list(vars(ns["C"]))


def test_slots_and_annotations_not_modelled() -> None:
    for src in ("class C:\n    __slots__ = ('a',)\n", "class C:\n    a: int = 1\n"):
        node = ast.parse(src).body[0]
        cls = ClassObj("C", node, attrs={"__slots__": UNKNOWN} if "slots" in src else {})  # type: ignore[arg-type]
        assert class_dicts.of_class(Value(fns=(cls,))) is None


_DECORATED = '''
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def _host(v):
    return np.asarray(v)


def _wrap(fn):
    def inner(self, x):
        y = fn(self, x)
        return io_callback(_host, jax.ShapeDtypeStruct(y.shape, y.dtype), y, ordered=True)
    return inner


def tap(prefix):
    def deco(cls):
        for name, member in list(vars(cls).items()):
            if name.startswith(prefix):
                setattr(cls, name, _wrap(member))
        return cls
    return deco


@tap("PREFIX")
class Model:
    def row(self, x):
        return jnp.sin(x)

    def total(self, x):
        return jnp.sum(x)


m = Model()
jax.vmap(m.row)(jnp.ones((2, 3)))
m.total(jnp.ones(3))
'''


@pytest.mark.parametrize(("prefix", "codes"), [("row", ["JAX013"]), ("tot", [])])
def test_decorator_wraps_methods_chosen_by_name(prefix: str, codes: list[str]) -> None:
    src = textwrap.dedent(_DECORATED).replace("PREFIX", prefix)
    assert sorted({f.code for f in analyze_source(src, "tapped.py").findings}) == codes
