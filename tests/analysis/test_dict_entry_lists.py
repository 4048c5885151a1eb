"""A list a dict holds under a known key, changed in place (`python/keyed_lists.py`), and
sequences whose length the evaluator must not take as known."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import Closure


def _module(source: str) -> dict:
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    return interp.module_scope.vars


def _names(v) -> list[str]:
    return [i.fns[0].func.name for i in v.items if len(i.fns) == 1 and isinstance(
        i.fns[0], Closure)]


REGISTRY = '''
HOOKS = {}


def on(event):
    def register(fn):
        HOOKS.setdefault(event, []).append(fn)
        return fn
    return register


@on("setup")
def first():
    pass


@on("setup")
def second():
    pass


class Bus:
    def __init__(self):
        self.handlers = {"tick": []}

    def on(self, topic, fn):
        self.handlers[topic].append(fn)



bus = Bus()
bus.on("tick", first)
bus.on("tick", second)
SETUP = HOOKS["setup"]
TICK = bus.handlers["tick"]
'''


def test_entry_lists_follow_append() -> None:
    got = _module(REGISTRY)
    assert _names(got["SETUP"]) == ["first", "second"]
    assert _names(got["TICK"]) == ["first", "second"]


@pytest.mark.parametrize("iterable", ["zip(keys, WIDTHS)", "enumerate(keys)"])
def test_zip_of_unknown_length_is_no_one_item_list(iterable: str) -> None:
    source = (f"import jax\nWIDTHS = [1, 2, 3]\nkeys = jax.random.split(jax.random.PRNGKey(0), 3)\n"
              f"OUT = [a for a, b in {iterable}]\n")
    assert _module(source)["OUT"].items is None
