"""`python/config_strings` against json and tomllib themselves: each document below is
loaded by Python and by the evaluator, and the values compared."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import NOCONST, Value

DOCUMENTS = {
    "json": ('json.loads', '{"a": 1, "b": [true, null, 2.5], "c": {"d": "x"}}'),
    "toml": ('tomllib.loads', '[sink]\nordered = true\nrows = [1, 2]\n[sink.inner]\nk = "v"\n'),
}


def _plain(v: Value) -> object:
    if v.keys is not None:
        return {k: _plain(i) for k, i in zip(v.keys, v.items or (), strict=True)}
    if v.items is not None:
        return [_plain(i) for i in v.items]
    assert v.const is not NOCONST
    return v.const


def _interpreted(source: str) -> Value:
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    return interp.module_scope.vars["cfg"]


@pytest.mark.parametrize("kind", sorted(DOCUMENTS))
def test_the_value_is_the_librarys(kind: str) -> None:
    loader, text = DOCUMENTS[kind]
    source = f"import json\nimport tomllib\nTEXT = {text!r}\ncfg = {loader}(TEXT)\n"
    scope: dict[str, object] = {}
    exec(compile(source, "<program>", "exec"), scope)  # noqa: S102
    assert _plain(_interpreted(source)) == scope["cfg"]


@pytest.mark.parametrize("call", ['json.loads("{broken")', 'json.loads(open("c.json").read())',
                                  'json.loads("{}", object_hook=dict)',
                                  'tomllib.loads(sys.argv[1])',
                                  'tomllib.loads(os.environ.get("CFG", sys.argv[1]))'])
def test_a_text_not_known_or_refused_gives_nothing_known(call: str) -> None:
    cfg = _interpreted(f"import json\nimport os\nimport sys\nimport tomllib\ncfg = {call}\n")
    assert cfg.keys is None and cfg.const is NOCONST


def test_a_text_from_an_unset_variables_default_is_the_default() -> None:
    """The program is analysed with its environment variables unset (`run_environment`): the
    document is the default text, as Python loads it with `CFG` unset."""
    source = 'import os\nimport tomllib\ncfg = tomllib.loads(os.environ.get("CFG", "a = 1"))\n'
    assert _plain(_interpreted(source)) == {"a": 1}
