"""Source written for a newer Python than the one running jax-lsp parses, with positions that
point into the user's text; text no Python accepts is still a syntax error.

The snippets re-express, minimised, constructs seen in real repositories where jax-lsp on 3.11
reported false syntax errors: PEP 695 generics over several lines (jax's pallas
`interpret/shared_memory.py`), `type` aliases (jax `_src/core.py`), PEP 701 f-strings with
nested quotes (pennylane `ops/op_math/controlled_ops.py`, scico examples)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.syntax import downlevel, parse_module

NEWER = {
    "type alias": "type Vec = list[float]\n",
    "generic type alias": "type Pair[T] = tuple[T, T]\n",
    "generic function": "def first[T](xs: list[T]) -> T:\n    return xs[0]\n",
    "generic async function": "async def first[T](xs: list[T]) -> T:\n    return xs[0]\n",
    "generic class": "class Box[T: (int, float) = int]:\n    value: T\n",
    "generic class over lines": "class Store[\n    K, V: int\n](dict):\n    pass\n",
    "generic class over lines, no bases": "class Store[\n    K\n]:\n    pass\n",
    "generic function over lines": "def pick[\n    T\n](x: T) -> T:\n    return x\n",
    "nested quotes in f-string": 'd = {"a": 1}\ns = f"{d["a"]}"\n',
    "backslash in f-string": "xs = ['a']\ns = f\"{'\\n'.join(xs)}\"\n",
    "f-string expression over lines": 'x = 1\ns = f"{\n    x + 1\n}"\n',
    "t-string": 'x = 1\ns = t"value {x}"\n',
    "except without parentheses": "try:\n    pass\nexcept ValueError, TypeError:\n    pass\n",
    "compound header then alias": "if True: type X = int\n",
}


def _accepted_by_running_python(source: str) -> bool:
    try:
        ast.parse(source)
    except SyntaxError:
        return False
    return True


@pytest.mark.parametrize("name", sorted(NEWER))
def test_newer_syntax_parses(name: str) -> None:
    source = NEWER[name]
    if _accepted_by_running_python(source):
        pytest.skip("this Python parses it natively")
    tree = parse_module(source)
    assert isinstance(tree, ast.Module)
    assert analyze_source(source).error is None


@pytest.mark.parametrize("name", sorted(NEWER))
def test_rewrite_keeps_every_name_where_it_was(name: str) -> None:
    """Every name of the rewritten tree sits at the same line and column in the user's text."""
    source = NEWER[name]
    lines = source.splitlines()
    for node in ast.walk(parse_module(source)):
        if isinstance(node, ast.Name):
            line = lines[node.lineno - 1]
            if node.id == "_" and line[node.col_offset :].startswith("type"):
                continue  # the alias's binding: `type X = v` reads `_ =  X = v`
            assert line[node.col_offset : node.end_col_offset] == node.id, (name, node.id)


GENUINE_ERRORS = {
    "unclosed bracket after generics": ("def f[T](x:\n    return x\n", 1),
    "bad statement after an alias": ("type X = int\nx = = 1\n", 2),
    "broken f-string": ('x = f"{1 +}"\n', 1),
    "broken f-string with nested quotes": ('d = {}\nx = f"{d["a"] +}"\n', 2),
    "empty f-string field": ('x = f"{}"\n', 1),
    "generic with a missing colon": ("class C[T]\n    pass\n", 1),
    "unterminated string": ('type X = int\ns = "abc\n', 2),
}


@pytest.mark.parametrize("name", sorted(GENUINE_ERRORS))
def test_text_no_python_accepts_is_still_a_syntax_error(name: str) -> None:
    source, line = GENUINE_ERRORS[name]
    result = analyze_source(source)
    assert result.error is not None
    assert result.error.line == line


def test_finding_inside_a_generic_function_points_at_the_callback() -> None:
    source = textwrap.dedent(
        """\
        import jax
        import jax.numpy as jnp
        import numpy as np

        type Scalar = float

        def host[T](x: T) -> T:
            return np.sin(x)

        def model[T](x: T) -> T:
            label = f"{ {"k": 1}["k"] }"
            return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)

        jax.jacfwd(model)(1.0)
        """
    )
    result = analyze_source(source)
    assert result.error is None
    codes = {(f.code, f.span.line, f.span.col) for f in result.findings}
    assert ("JAX001", 12, 11) in codes


def test_downlevel_leaves_text_it_cannot_follow() -> None:
    assert downlevel('s = "unterminated\n') is None


def test_plain_source_is_parsed_once_without_rewriting() -> None:
    source = "def f(x):\n    return x\n"
    assert ast.dump(parse_module(source)) == ast.dump(ast.parse(source))


def test_newer_syntax_found_line_by_line_as_in_the_whole_text() -> None:
    """`newer_syntax_in` (line by line, remembered) answers as the search of the joined text,
    on the samples of newer syntax, the text that no Python accepts, and lines around them."""
    from jax_lsp.analysis.syntax import _NEWER_SYNTAX, newer_syntax_in

    texts = [
        *NEWER.values(),
        *(t for t, _ in GENUINE_ERRORS.values()),
        "x = 1\ny = t\n",
        "a = t'x'\n",
        "except:\n",
    ]
    known: dict[str, bool] = {}
    for text in texts:
        for cut in range(0, len(text), 7):
            part = text[cut:]
            lines = part.split("\n")
            assert newer_syntax_in(lines, known) == bool(_NEWER_SYNTAX.search(part)), part
