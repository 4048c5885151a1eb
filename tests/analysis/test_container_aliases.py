"""`python/container_aliases.py`: the module name a function's local certainly is (the
evaluator's must-alias), read through `dict_aliases`' scope model."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis.python import container_aliases
from jax_lsp.analysis.python.container_aliases import module_source, source

SOURCE = '''
BASE = {"ordered": False}


def make_strict(options):
    options["ordered"] = True


def tweak():
    cfg = BASE
    cfg["ordered"] = True


if __name__ == "__main__":
    opts = BASE
    make_strict(opts)
'''


def _source(source: str, fn_name: str, local: str) -> str | None:
    tree = ast.parse(source)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == fn_name)
    return container_aliases.source(tree, fn, local)


def test_a_parameter_given_a_main_block_name_is_that_name() -> None:
    assert _source(SOURCE, "make_strict", "options") == "opts"
    assert _source(SOURCE, "tweak", "cfg") == "BASE"


def test_a_copy_or_a_function_local_of_the_same_name_is_no_alias() -> None:
    assert _source(SOURCE.replace("make_strict(opts)", "make_strict(dict(opts))"),
                   "make_strict", "options") is None
    # the caller's `opts` is its own parameter, not the module's name of that spelling
    wrapped = SOURCE + '''

def again(opts):
    make_strict(opts)
'''
    assert _source(wrapped, "make_strict", "options") is None
    # a name the module binds by a `for` (not only assignments) is not followed
    assert _source(SOURCE.replace("    opts = BASE\n", "    for opts in [BASE]:\n        pass\n"),
                   "make_strict", "options") is None


@pytest.mark.parametrize("src", [
    "R = {}\nactive = R\n",
    "R = {}\nif __name__ == '__main__':\n    active = R\n",
    "R = {}\nwith ctx():\n    active = R\n",
    # a function's or class's own name of that spelling is another name (the scope model)
    "R = {}\nactive = R\ndef f():\n    active = 3\n    return active\n",
    "R = {}\nactive = R\ndef f():\n    R = {}\n    return R\n",
    "R = {}\nactive = R\nclass C:\n    active = 1\n",
])
def test_module_level_alias(src):
    assert module_source(ast.parse(src), "active") == "R"


@pytest.mark.parametrize("src", [
    "R = {}\nactive = R.copy()\n",
    "R = {}\nactive = dict(R)\n",
    "R = {}\nactive = R\nactive = {}\n",  # bound twice
    "R = {}\nactive = R\nR = {}\n",  # the other name rebound after the alias
    "R = {}\nactive = R\ndef f():\n    global active\n    active = {}\n",
    "R = {}\nactive = R\ndef f():\n    global R\n    R = {}\n",
    "def f():\n    R = {}\n    active = R\n",  # no module-level binding
    "from registry import active\nR = {}\nactive = R\n",  # an import binds it too
    "R = {}\nactive = R\ndef active():\n    pass\n",  # and a def
    "R = {}\nactive = R\ndef f():\n    global R\n    return R\n",  # `global R`, unbound
])
def test_not_a_module_level_alias(src):
    assert module_source(ast.parse(src), "active") is None


def test_parameter_passed_a_name_of_the_main_block():
    tree = ast.parse("R = {}\ndef put(t):\n    t['k'] = 1\n"
                     "if __name__ == '__main__':\n    active = R\n    put(active)\n")
    assert source(tree, tree.body[1], "t") == "active"


def test_parameter_passed_a_local_of_the_same_name():
    """A call in a function passing its own local of the module name's spelling: not the
    module's object."""
    tree = ast.parse("active = {}\ndef put(t):\n    t['k'] = 1\n"
                     "def main():\n    active = {}\n    put(active)\n")
    assert source(tree, tree.body[1], "t") is None
