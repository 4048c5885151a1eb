"""The JAX011/JAX012 pass's findings reused across edits (`callback_hosts_memo`) are those a
fresh pass finds: every edit of the corpus's host programs and of a generated module (a
character typed on each line, `np.` made `jnp.`, a callback's name written) gives, after
the original version was kept, what the pass gives with nothing kept."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from jax_lsp.analysis import callback_hosts_memo
from jax_lsp.analysis.callback_hosts import check_module

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate  # noqa: E402

# the programs of the two codes this pass reports (tests/rules/<CODE>/{fires,clean})
PROGRAMS = sorted(p for code in ("JAX011", "JAX012")
                  for p in (ROOT / "tests" / "rules" / code).glob("*/*.py"))


def _edits(text: str):
    """Versions of `text`, each one edit away from it."""
    lines = text.split("\n")
    for n, line in enumerate(lines):
        for edit in (line + "x", line.replace("np.", "jnp.", 1),
                     line.replace("return ", "return pure_callback and ", 1),
                     line + "  # io_callback", line.replace("def ", "def _", 1),
                     line.replace("jnp.", "np.", 1)):
            if edit != line:
                yield "\n".join([*lines[:n], edit, *lines[n + 1:]])


def _fresh(tree: ast.Module, text: str):
    return sorted(check_module(tree, text, remember=False), key=repr)


def _kept_then(text: str, edited: str):
    callback_hosts_memo.forget()
    check_module(ast.parse(text), text)
    return sorted(check_module(ast.parse(edited), edited), key=repr)


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_every_edit_of_a_host_program_finds_what_a_fresh_pass_finds(path: Path) -> None:
    text = path.read_text()
    for edited in _edits(text):
        try:
            tree = ast.parse(edited)
        except SyntaxError:
            continue
        assert _kept_then(text, edited) == _fresh(tree, edited), edited


def test_a_generated_module_is_reused_where_the_edit_is_not_read() -> None:
    text = generate(600)
    lines = text.split("\n")
    reused = 0
    for n in range(0, len(lines), 7):
        edited = "\n".join([*lines[:n], lines[n] + "x" if lines[n].strip() else lines[n],
                            *lines[n + 1:]])
        try:
            tree = ast.parse(edited)
        except SyntaxError:
            continue
        callback_hosts_memo.forget()
        check_module(ast.parse(text), text)
        before = len(callback_hosts_memo._KEPT)
        got = sorted(check_module(tree, edited), key=repr)
        assert got == _fresh(tree, edited)
        reused += len(callback_hosts_memo._KEPT) == before and edited != text
    assert reused > 0  # the memo is used at all (an edit inside an unread function)


def test_findings_are_found_again_when_a_read_statement_changes() -> None:
    text = ("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"
            "def host(x):\n    return np.sin(np.asarray(x))\n\n"
            "def f(x):\n"
            "    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n")
    callback_hosts_memo.forget()
    assert check_module(ast.parse(text), text) == []
    edited = text.replace("np.sin(np.asarray(x))", "jnp.sin(np.asarray(x))")
    assert [f.code for f in check_module(ast.parse(edited), edited)] == ["JAX011"]


def test_an_edited_star_import_is_not_reused() -> None:
    """The module a bare name comes from is its one star import's: changing that import
    changes what the host computes with, though no statement the pass walked changed."""
    program = ROOT / "tests" / "rules" / "JAX011" / "fires" / "star_import_jax_numpy_in_host.py"
    text = program.read_text()
    edited = text.replace("from jax.numpy import *", "from numpy import *  ")
    assert edited != text
    tree = ast.parse(edited)
    assert _fresh(tree, edited) == []
    assert _kept_then(text, edited) == _fresh(tree, edited)
