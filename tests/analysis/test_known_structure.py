"""What a value's known structure decides, checked against Python, NumPy and JAX themselves:
`isinstance` of an array and a builtin container, `tree_map` over a tree known to its
leaves, a comprehension's first iterable read where the comprehension is (a class body), and
a `for` over a short constant `range` run once per int."""

from __future__ import annotations

import ast

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import NOCONST, Value


def _evaluated(source: str) -> dict[str, Value]:
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    return interp.module_scope.vars


_ARRAYS = {"np.zeros((2, 3))": np.zeros((2, 3)), "jnp.ones(3)": jnp.ones(3),
           "jax.ShapeDtypeStruct((2,), jnp.float32)": jax.ShapeDtypeStruct((2,), jnp.float32)}
_CONTAINERS = ["dict", "list", "tuple", "set", "frozenset", "(dict, list)"]


@pytest.mark.parametrize("made", sorted(_ARRAYS))
def test_an_array_is_no_builtin_container(made: str) -> None:
    head = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
    text = head + "".join(f"r{i} = isinstance({made}, {t})\n" for i, t in enumerate(_CONTAINERS))
    scope = _evaluated(text)
    for i, t in enumerate(_CONTAINERS):
        want = isinstance(_ARRAYS[made], eval(t))  # noqa: S307
        assert scope[f"r{i}"].const is want is False, (made, t)
    # a scalar type is not decided: NumPy's float64 scalar is a `float`
    assert _evaluated(head + f"r = isinstance({made}, float)\n")["r"].const is NOCONST


def test_tree_map_over_known_leaves_keeps_the_structure() -> None:
    text = ("import jax\nimport jax.numpy as jnp\n"
            "T = {'b': jnp.zeros(2), 'a': {'w': jnp.ones((2, 2))}}\n"
            "r = jax.tree_util.tree_map(lambda p: 2.0 * p, T)\n")
    r = _evaluated(text)["r"]
    want = jax.tree_util.tree_map(lambda p: 2.0 * p, {"b": jnp.zeros(2),
                                                      "a": {"w": jnp.ones((2, 2))}})
    assert r.keys == tuple(want) == ("a", "b")
    assert r.items is not None and r.items[0].keys == ("w",)
    assert r.items[0].items[0].arr.shape == (2, 2) and r.items[1].arr.shape == (2,)


@pytest.mark.parametrize("tree", ["{'a': UNSEEN}", "[jnp.zeros(2), OTHER]"])
def test_tree_map_over_a_leaf_not_known_is_not_followed_by_leaf(tree: str) -> None:
    text = ("import jax\nimport jax.numpy as jnp\n"
            f"r = jax.tree_util.tree_map(lambda p: 2.0 * p, {tree})\n")
    assert _evaluated(text)["r"].items is None


def test_tree_map_over_a_tree_of_no_leaf_is_the_tree() -> None:
    """`None` is an empty subtree: JAX maps nothing and gives the tree back (rules13d's
    leafless trees, checked here beside the leaf-by-leaf mapping)."""
    text = ("import jax\nimport jax.numpy as jnp\n"
            "r = jax.tree_util.tree_map(lambda p: 2.0 * p, {'a': None})\n")
    assert jax.tree_util.tree_map(lambda p: 2.0 * p, {"a": None}) == {"a": None}
    r = _evaluated(text)["r"]
    assert r.keys == ("a",) and r.items is not None and r.items[0].const is None


def test_a_class_body_comprehension_reads_the_class_only_in_its_first_iterable() -> None:
    text = ("xp = 'module'\nk = 'module'\n"
            "class C:\n    xp = 'class'\n    k = 'class'\n"
            "    firsts = [m for m in [xp]]\n    inner = [xp for _ in [k]]\n"
            "r1 = C.firsts\nr2 = C.inner\n")
    scope = _evaluated(text)
    ns: dict = {}
    exec(text, ns)  # noqa: S102
    assert scope["r1"].const == tuple(ns["r1"]) == ("class",)
    assert scope["r2"].const == tuple(ns["r2"]) == ("module",)


def test_a_for_over_a_short_constant_range_runs_once_per_int() -> None:
    text = "seen = ()\nfor k in range(2 + 1):\n    seen = seen + (k * 10,)\n"
    assert _evaluated(text)["seen"].const == (0, 10, 20)


_SLICES = ["[::2]", "[1:]", "[0:-2:2]", "[2::3]", "[-3:]", "[5:1]", "[::-1]", "[:100]"]
_PADS = ["1", "(0, 2)", "((1, 0), (2, 3))"]


@pytest.mark.parametrize("mod", ["np", "jnp"])
def test_a_padded_then_sliced_array_has_numpys_shape(mod: str) -> None:
    cases = [(p, s) for p in _PADS for s in _SLICES]
    text = "import jax.numpy as jnp\nimport numpy as np\n" + "".join(
        f"r{i} = {mod}.pad({mod}.zeros((3, 4)), {p}){s}\n" for i, (p, s) in enumerate(cases))
    scope = _evaluated(text)
    ns = {"np": np, "jnp": jnp}
    for i, (p, s) in enumerate(cases):
        want = eval(f"{mod}.pad({mod}.zeros((3, 4)), {p}){s}", ns).shape  # noqa: S307
        got = scope[f"r{i}"].arr
        assert got is not None and got.shape == want, (p, s, got, want)


@pytest.mark.parametrize("lib", ["optax", "equinox"])
def test_apply_updates_keeps_the_first_trees_structure(lib: str) -> None:
    mod = pytest.importorskip(lib)
    text = (f"import {lib}\nimport jax.numpy as jnp\n"
            "P = {'w': jnp.ones(2), 'b': 0.5}\n"
            f"r = {lib}.apply_updates(P, {{'w': jnp.ones(2), 'b': 0.25}})\n")
    r = _evaluated(text)["r"]
    want = mod.apply_updates({"w": jnp.ones(2), "b": 0.5}, {"w": jnp.ones(2), "b": 0.25})
    assert r.keys == tuple(want) and r.items is not None
    assert r.items[0].const is NOCONST  # (0.75 now, not the 0.5 it was)
    assert r.items[1].arr is not None and r.items[1].arr.shape == want["w"].shape


def test_isinstance_of_an_instance_of_the_analysed_code_follows_the_mro() -> None:
    """`isinstance(o, C)` of an instance of the analysed code's class is Python's answer
    along the class's MRO (a subclass's instance is one of its base's), and undecided for
    a class with a metaclass of the workspace (its `__instancecheck__` may answer)."""
    from jax_lsp.analysis.python.dynamic_classes import is_instance_of
    from jax_lsp.analysis.values import ClassObj, Instance, Value

    base = ClassObj("Base", ast.ClassDef())
    sub = ClassObj("Sub", ast.ClassDef(), bases=[Value(fns=(base,))])
    other = ClassObj("Other", ast.ClassDef())
    of = lambda c: Value(fns=(Instance(c),))  # noqa: E731
    assert is_instance_of(of(sub), Value(fns=(base,))).const is True
    assert is_instance_of(of(base), Value(fns=(sub,))).const is False
    either = Value(items=(Value(fns=(other,)), Value(fns=(base,))))
    assert is_instance_of(of(base), either).const is True
    assert is_instance_of(Value(fns=(Instance(base), Instance(other))), Value(fns=(base,))) is None
    meta = ClassObj("Meta", ast.ClassDef())
    checked = ClassObj("Checked", ast.ClassDef(), metaclass=meta)
    assert is_instance_of(of(checked), Value(fns=(checked,))) is None
