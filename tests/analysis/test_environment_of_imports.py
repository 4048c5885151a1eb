"""An imported module's writes to the environment (`run_environment.written_in_lines`) are read
off the tree its load parsed, not parsed again, and answer as its text's own parse does."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jax_lsp.analysis import run_environment
from jax_lsp.analysis.engine import interpreter, parse
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.analysis.values import NOCONST
from jax_lsp.analysis.workspace import Workspace

MAIN = "import lib\na = lib.read_a()\nb = lib.read_b()\n"


def _got(root: Path, ws: Workspace) -> tuple[object, object]:
    source = MAIN
    interp = interpreter(parse(source), source, str(root / "main.py"), AnalysisConfig(), ws)
    interp.run()
    scope = interp.module_scope.vars
    return scope["a"].const, scope["b"].const


def _lib(root: Path, writes: str) -> None:
    (root / "lib.py").write_text(
        "import os\n"
        f"{writes}\n"
        "def read_a():\n    return os.environ.get('A', 'x')\n"
        "def read_b():\n    return os.environ.get('B', 'y')\n")


def test_an_imported_module_is_not_parsed_again_for_its_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _lib(tmp_path, "os.environ['A'] = '1'")
    parsed: list[str] = []
    real = ast.parse

    def counting(source: str, *args: object, **kwargs: object) -> ast.AST:
        if isinstance(source, str) and "def read_a" in source:
            parsed.append(source)
        return real(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", counting)
    run_environment.written.cache_clear()
    assert _got(tmp_path, Workspace([tmp_path])) == (NOCONST, "y")
    assert len(parsed) == 1  # the load's parse (the environment read parsed it again)


@pytest.mark.parametrize(("writes", "expected"), [
    ("os.environ['A'] = '1'", (NOCONST, "y")),
    ("os.environ.clear()", (NOCONST, NOCONST)),
    ("x = os.environ.get('A')", ("x", "y")),
    ("s = 'no environ here'", ("x", "y")),
    # a form feed inside a string: `splitlines` breaks there, so the lines joined do not
    # parse (the text's own parse does): every variable is taken as written, as before
    ("s = 'a\fb'\nos.environ['A'] = '1'", (NOCONST, NOCONST)),
    # newer syntax (PEP 695: rewritten for a 3.11 parse): as the lines' plain parse says
    ("type T = int\nos.environ['A'] = '1'", None),
])
def test_the_tree_answers_as_the_text(tmp_path: Path, writes: str, expected: object) -> None:
    _lib(tmp_path, writes)
    text = "\n".join((tmp_path / "lib.py").read_text().splitlines())
    by_text = run_environment.written(text)
    got = _got(tmp_path, Workspace([tmp_path]))
    a = NOCONST if by_text.every or "A" in by_text.keys else "x"
    b = NOCONST if by_text.every or "B" in by_text.keys else "y"
    assert got == (a, b)
    if expected is not None:
        assert got == expected
