"""`python/container_aliases.py`: which module-level name a name is bound to the object of."""

import ast

import pytest

from jax_lsp.analysis.python.container_aliases import module_source, source


@pytest.mark.parametrize("src", [
    "R = {}\nactive = R\n",
    "R = {}\nif __name__ == '__main__':\n    active = R\n",
    "R = {}\nwith ctx():\n    active = R\n",
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
