"""What a script's run reaches (`analysis/script_reach.py`) costs a keystroke what it edits:
each top-level statement is read once for as long as its text stays the same, and the
readings kept give the reach a fresh reading would. What the reach rules out is tested with
the host checks (tests/analysis/test_callback_hosts.py); these are the memo's tests."""

from __future__ import annotations

import ast
import textwrap

import pytest

from jax_lsp.analysis import script_reach
from jax_lsp.analysis.incremental.analyzer import Reparse, reparse

_HEAD = "import jax\nimport numpy as np\nimport dataclasses\n"

#: a part of the script, `{i}` its number
_PART = textwrap.dedent("""


    def used{i}(x):
        return np.sin(x)


    def spare{i}(x):
        y = x + 1
        return y


    @dataclasses.dataclass
    class Model{i}:
        def __init__(self):
            self.scale = 2

        def apply(self, x):
            return used{i}(x) * self.scale


    def run{i}():
        return Model{i}()
""")


def _module(n: int) -> str:
    """A script of `n` parts, each run from its `__main__` block."""
    calls = ", ".join(f"run{i}()" for i in range(n))
    return (_HEAD + "".join(_PART.format(i=i) for i in range(n))
            + '\n\nif __name__ == "__main__":\n'
            '    if _os.environ.get("X") == "1":\n        spare2(1)\n'
            f"    print({calls})\n")


def _fresh(text: str) -> list[tuple[int, int]]:
    return sorted(script_reach.unreached_lines(ast.parse(text)))


def _kept(text: str, tree: ast.Module | None = None) -> list[tuple[int, int]]:
    return sorted(script_reach.unreached_lines(tree or ast.parse(text), text))


@pytest.fixture(autouse=True)
def _forget() -> None:
    script_reach.forget()


def test_an_edit_in_a_function_body_reads_only_its_statement(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The nodes walked for a keystroke in a function's body are that statement's, not the
    module's (a 5,000-line script's reach took 80 ms a keystroke when it walked all)."""
    text = _module(40)
    edited = text.replace("    y = x + 1\n", "    y = x + 12\n", 1)
    assert edited != text
    assert _kept(text) == _fresh(text) != []
    expected = _fresh(edited)
    walked = 0
    run_nodes = script_reach._run_nodes

    def counting(stmts, env_names, held=None):  # type: ignore[no-untyped-def]
        nonlocal walked
        for node in run_nodes(stmts, env_names, held):
            walked += 1
            yield node

    monkeypatch.setattr(script_reach, "_run_nodes", counting)
    tree = ast.parse(edited)
    spare = next(st for st in tree.body if isinstance(st, ast.FunctionDef) and st.name == "spare0")
    assert sorted(script_reach.unreached_lines(tree, edited)) == expected
    assert 0 < walked <= sum(1 for _ in ast.walk(spare))


@pytest.mark.parametrize("edit", [
    # a body starts naming a function nothing reached: it is reached now
    lambda t: t.replace("return Model0()", "return spare1(Model0())"),
    # and stops naming one
    lambda t: t.replace("return Model0()", "return None"),
    # lines inserted above: every range below moves
    lambda t: t.replace("import jax\n", "import jax\n\n\n# moved\n"),
    # lines removed inside a statement: the ones after it move up
    lambda t: t.replace("    y = x + 1\n", "", 1),
    # the branch on an environment variable is decided once `os` is imported as the name it
    # reads (the statement holding the branch unchanged, on the same lines)
    lambda t: t.replace("import jax\n", "import os as _os\n"),
    # a statement sharing a line with the one before
    lambda t: t.replace("import numpy as np\n", "import numpy as np; spare3 = 1\n"),
    # a decorator: the function is handed to it
    lambda t: t.replace("def spare3(", "@jax.jit\ndef spare3("),
    # names by computed strings: everything counts as reached
    lambda t: t.replace("return Model1()", "return globals()['Model1']()"),
])
def test_kept_readings_give_a_fresh_reading(edit) -> None:  # type: ignore[no-untyped-def]
    """Each version read after the previous ones (the readings of unchanged statements
    kept) has the unreached functions a first reading of it finds, and back again."""
    text = _module(4)
    edited = edit(text)
    assert edited != text
    for version in (text, edited, text, edited):
        assert _kept(version) == _fresh(version)
    assert _fresh(edited) != _fresh(text)


@pytest.mark.parametrize("newline", ["\r", "\r\n"])
def test_lines_are_counted_as_the_parser_counts_them(newline: str) -> None:
    """A lone carriage return ends a line for the parser: the statements' texts are read
    with the lines it counts (else statements on lines it does not count share a text)."""
    text = _module(4)
    edited = text.replace("return Model0()", "return spare1(Model0())")
    for version in (text, edited, text):
        written = version.replace("\n", newline)
        assert _kept(written) == _fresh(written) == _fresh(version)


def test_kept_nodes_give_a_fresh_reading() -> None:
    """Versions built as the server builds them, the statements an edit leaves keeping their
    nodes (`reparse`, lines moved in place): each reads as a first reading of its text."""
    text = _module(4)
    edits = [
        lambda t: t.replace("    y = x + 1\n", "    y = x + 1\n    z = spare1\n", 1),
        lambda t: t.replace("import jax\n", "import jax\n\n# moved\n"),
        lambda t: t.replace("import jax\n", "import os as _os\n"),  # decides the branch
        lambda t: t.replace("return Model2()", "return Model2() or spare3()"),
        lambda t: t.replace("    z = spare1\n", ""),
    ]
    tree = ast.parse(text)
    assert _kept(text, tree) == _fresh(text)
    seen = {tuple(_fresh(text))}
    for edit in edits:
        edited = edit(text)
        assert edited != text
        rp = reparse(text.split("\n"), tree, edited.split("\n"))
        assert isinstance(rp, Reparse) and any(a is b for a, b in zip(rp.tree.body, tree.body))
        text, tree = edited, rp.tree
        assert _kept(text, tree) == _fresh(text)
        seen.add(tuple(_fresh(text)))
    assert len(seen) > 1


def test_a_library_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _module(2).split('\n\nif __name__')[0]
    monkeypatch.setattr(script_reach, "_summary", None)  # (a call would fail)
    assert script_reach.unreached_lines(ast.parse(text), text) == []


def test_the_kept_readings_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(script_reach, "MAX_KEPT", 10)
    text = _module(20)
    assert len(ast.parse(text).body) > 10
    for version in (text, text.replace("\n\n\n", "\n\n\n\n")):
        assert _kept(version) == _fresh(version)
        assert 0 < len(script_reach._KEPT) <= 10


_CLICK = textwrap.dedent("""\
    import click
    import numpy as np


    @click.group()
    def cli():
        pass


    @cli.command()
    def fit():
        return np.sin(1.0)


    @cli.command(name="report")
    def show():
        return np.cos(1.0)


    if __name__ == "__main__":
        cli.main(["report"], standalone_mode=False)
""")


@pytest.mark.parametrize("edit", [
    # the group read other than as the command line run: any command may run (the words
    # mentioned stay the same, only what is read as the group changes)
    lambda t: t.replace('standalone_mode=False)', 'standalone_mode=False) or cli'),
    # a command renamed: the command line's words stay, the name they run changes
    lambda t: t.replace('name="report"', 'name="summary"'),
])
def test_kept_readings_of_click_commands_give_a_fresh_reading(edit) -> None:  # type: ignore[no-untyped-def]
    """An edit that changes only which click commands a command line can run reaches
    again (`_part` reads each command's registration and what is read as a group)."""
    edited = edit(_CLICK)
    assert edited != _CLICK
    for version in (_CLICK, edited, _CLICK, edited):
        assert _kept(version) == _fresh(version)
    assert _fresh(edited) != _fresh(_CLICK)
