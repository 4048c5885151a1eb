"""The keys `argparse_namespaces` reads off a parser's code are those argparse gives the
namespace: each case is run through argparse itself (`parse_args([])`) and compared."""
import argparse
import ast

import pytest

from jax_lsp.analysis.argparse_namespaces import parsed_keys
from jax_lsp.analysis.static_names import ModuleNames

CASES = [
    'ap.add_argument("--vectorized", action="store_true", default=True)',
    'ap.add_argument("--vectorized", action="store_true")',
    'ap.add_argument("--off", action="store_false")',
    'ap.add_argument("--vmap-method", default="sequential")',
    'ap.add_argument("-n", "--num-steps", type=int, default=3)',
    'ap.add_argument("--a-b", "-c")',
    'ap.add_argument("-v")',
    'ap.add_argument("my-pos", nargs="?")',
    'ap.add_argument("--x", dest="other")',
    'ap.add_argument("--sup", action="store_true", default=argparse.SUPPRESS)',
    'ap.add_argument("--ver", action="version", version="1")',
    'ap.add_argument("--hlp", action="help")',
    'ap.add_argument("--c", action="store_const", const=5)',
    'ap.set_defaults(vectorized=False, other=1)',
]


def _source(parser_args: str, lines: list[str]) -> str:
    body = "\n    ".join(lines)
    return (f"import argparse\n\n\ndef build():\n    ap = argparse.ArgumentParser({parser_args})"
            f"\n    {body}\n    return ap\n\n\nns = build().parse_args([])\n")


@pytest.mark.parametrize("parser_args", ["", "argument_default=argparse.SUPPRESS"])
@pytest.mark.parametrize("line", CASES)
def test_keys_are_argparses(line, parser_args):
    src = _source(parser_args, [line])
    scope: dict = {}
    exec(compile(src, "<case>", "exec"), scope)  # our own case: argparse's answer
    tree = ast.parse(src)
    call = tree.body[-1].value
    read = [k for k, _ in parsed_keys(ModuleNames(tree), call)]
    assert sorted(read) == sorted(vars(scope["ns"])), line
    assert isinstance(scope["ns"], argparse.Namespace)


def test_parser_with_other_prefix_chars_is_not_read():
    src = _source('prefix_chars="+"', ['ap.add_argument("+v")'])
    tree = ast.parse(src)
    assert list(parsed_keys(ModuleNames(tree), tree.body[-1].value)) == []
