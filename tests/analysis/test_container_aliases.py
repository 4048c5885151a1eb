"""`python/container_aliases.py`: the module name a function's local certainly is (the
evaluator's must-alias), read through `dict_aliases`' scope model."""

from __future__ import annotations

import ast

from jax_lsp.analysis.python import container_aliases

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
