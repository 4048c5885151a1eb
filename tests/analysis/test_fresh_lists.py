"""`len(xs)` of a list built where it is bound and only read is its length
(`python/fresh_lists.py`); any way an alias could change it keeps it unknown."""
import ast

import pytest

from jax_lsp.analysis.python.fresh_lists import unaliased


def _fn(src: str) -> ast.AST:
    return ast.parse(src).body[0]


@pytest.mark.parametrize("body", [
    "names = list(variables)\n    return tuple(0 for i in range(len(names)))",
    "names = [v for v in variables]\n    for i, n in enumerate(names):\n        print(n)\n"
    "    return len(names), names[0]",
    "names = ['a', 'b']\n    return [len(names) for _ in names]",
])
def test_read_only_list_keeps_its_length(body):
    assert unaliased(_fn(f"def f(variables):\n    {body}\n"), "names")


@pytest.mark.parametrize("body", [
    "names = list(variables)\n    other = names\n    other.append(1)\n    return len(names)",
    "names = list(variables)\n    names.append('c')\n    return len(names)",
    "names = list(variables)\n    helper(names)\n    return len(names)",
    "names = variables\n    return len(names)",  # an alias of the caller's list
    "names = []\n    names = list(variables)\n    return len(names)",
    "names = list(variables)\n    names[0] = 1\n    return len(names)",
    "names = list(variables)\n    del names[0]\n    return len(names)",
    "names = list(variables)\n    len = print\n    len(names)",
    "names = list(variables)\n    def g():\n        nonlocal names\n    return len(names)",
])
def test_list_an_alias_may_change_is_not(body):
    assert not unaliased(_fn(f"def f(variables):\n    {body}\n"), "names")


def test_generated_in_axes_read_from_the_length():
    """The analysis reads `in_axes` generated from `range(len(names))`: the ordered callback
    is batched (JAX013); with an alias appending to the list, the length is not known."""
    from jax_lsp.analysis.engine import analyze_source

    src = '''
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def log(v):
    return np.int32(0)


def f(a, b):
    io_callback(log, jax.ShapeDtypeStruct((), jnp.int32), a, ordered=True)
    return a + b


def grid(fn, variables):
    names = list(variables)
    ALIAS
    return jax.vmap(fn, in_axes=tuple(0 for i in range(len(names))))


print(grid(f, ["a", "b"])(jnp.ones(3), jnp.ones(3)))
'''
    codes = [f.code for f in analyze_source(src.replace("ALIAS", "pass")).findings]
    assert codes == ["JAX013"]
    aliased = src.replace("ALIAS", "more = names; more.append('c'); more.pop()")
    assert "JAX013" not in [f.code for f in analyze_source(aliased).findings]


def test_a_name_of_a_tree_is_walked_once(monkeypatch):
    """`len(names)` in a loop is asked on every turn, and a module-level name's answer walks
    the whole module: the answer is kept for as long as the tree lives (its nodes are never
    changed in place)."""
    from jax_lsp.analysis.engine import analyze_source
    from jax_lsp.analysis.python import fresh_lists

    walks = []
    walk = fresh_lists.iter_nodes

    def counting(node):
        walks.append(node)
        return walk(node)

    monkeypatch.setattr(fresh_lists, "iter_nodes", counting)
    src = ("import jax\n\nNAMES = ['a', 'b']\n\n\n@jax.grad\ndef f(x):\n"
           "    for _ in range(3):\n        for _ in range(2):\n"
           "            x = x * len(NAMES)\n    return x\n\n\nf(1.0)\n")
    analyze_source(src)
    assert len(walks) == 1
    tree = ast.parse("names = [1]\nlen(names)\n")
    assert unaliased(tree, "names") and unaliased(tree, "names")
    assert len(walks) == 2


MODULE_ALIAS = '''
PARAMS = list(names_of(f))
NONDIFF = tuple(PARAMS.index(n) for n in ("b",))


def bwd(res, g):
    names = PARAMS
    return tuple(g for p in names)
'''


def test_read_only_methods_and_a_read_only_alias_keep_the_length():
    """`PARAMS.index(n)` reads the list, and a function's `names = PARAMS` that is only
    iterated changes nothing."""
    assert unaliased(ast.parse(MODULE_ALIAS), "PARAMS")


@pytest.mark.parametrize("body", [
    "    names = PARAMS\n    names.append(g)\n    return names",
    "    names = PARAMS\n    other = names\n    return other",
    "    names = PARAMS\n    names = []\n    return names",
    "    names = PARAMS\n    return helper(names)",
])
def test_an_alias_that_may_change_the_list_is_not_read_only(body):
    src = f"PARAMS = list(names_of(f))\n\n\ndef bwd(res, g):\n{body}\n"
    assert not unaliased(ast.parse(src), "PARAMS")
