"""`fresh_dicts.followed`: a dict built where its name is bound (or a function's `**kwargs`),
changed only by constant-key stores and `setdefault` in that code, and otherwise only read,
has the keys the evaluator follows; any other change or alias makes it not followed."""

from __future__ import annotations

import ast
import textwrap

import pytest

from jax_lsp.analysis.python.fresh_dicts import followed


def _function(src: str) -> ast.FunctionDef:
    node = ast.parse(textwrap.dedent(src)).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


@pytest.mark.parametrize("body", [
    "kw = {}\nkw['vectorized'] = True\nreturn f(**kw)",
    "kw = dict(a=1)\nif 'b' not in kw:\n    kw.setdefault('b', 2)\nreturn f(**kw)",
    "kw = {k: 1 for k in 'ab'}\nx = kw.get('a')\nfor k in kw:\n    print(k)\nreturn kw",
])
def test_followed(body: str) -> None:
    fn = _function("def g(f):\n" + textwrap.indent(body, "    "))
    assert followed(fn, "kw")


@pytest.mark.parametrize("body", [
    "kw = {}\nfill(kw)\nreturn f(**kw)",                 # handed to a function
    "kw = {}\nother = kw\nother['a'] = 1\nreturn f(**kw)",  # an alias
    "kw = {}\nkw[name] = 1\nreturn f(**kw)",             # a computed key
    "kw = {}\nkw.update(a=1)\nreturn f(**kw)",            # a change not followed
    "kw = {}\ndel kw['a']\nreturn f(**kw)",
    "kw = {}\nkw = {}\nreturn f(**kw)",                   # bound twice
    "kw = make()\nkw['a'] = 1\nreturn f(**kw)",           # not built here
    "kw = {}\ndef h():\n    kw['a'] = 1\nh()\nreturn f(**kw)",  # changed by a nested function
])
def test_not_followed(body: str) -> None:
    fn = _function("def g(f, name, fill, make):\n" + textwrap.indent(body, "    "))
    assert not followed(fn, "kw")


def test_a_functions_own_kwargs_is_fresh() -> None:
    fn = _function("def g(*a, **kw):\n    kw.setdefault('v', 1)\n    return f(*a, **kw)\n")
    assert followed(fn, "kw")
    rebound = _function("def g(**kw):\n    kw = dict(kw)\n    return kw\n")
    assert not followed(rebound, "kw")


def test_a_module_dict_changed_by_its_own_statements() -> None:
    tree = ast.parse("cfg = {'a': 1}\ncfg['v'] = 2\ndef f():\n    return cfg.get('v')\n")
    assert followed(tree, "cfg")
    stored_in_function = ast.parse("cfg = {}\ndef f():\n    cfg['v'] = 2\n")
    assert not followed(stored_in_function, "cfg")
