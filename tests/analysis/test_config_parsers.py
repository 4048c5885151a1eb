"""`python/config_parsers` against configparser itself: each read below is made by Python and
by the evaluator on the same INI text, and the answers compared."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import NOCONST

TEXT = "[DEFAULT]\nlevel = 2\n[callback]\nordered = yes\nrows = 4\nscale = 0.5\nname = sink\n"
READS = ['cfg["callback"]["ordered"]', 'cfg.getboolean("callback", "ordered")',
         'cfg["callback"].getboolean("ordered")', 'cfg.getint("callback", "rows")',
         'cfg.getfloat("callback", "scale")', 'cfg["callback"]["level"]',
         'cfg.get("callback", "missing", fallback="x")',
         'cfg["callback"].get("missing", "y")',
         'cfg["callback"].getboolean("missing", fallback=False)']


def _interpreted(source: str) -> object:
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source)
    interp.run()
    return interp.module_scope.vars["got"].const


@pytest.mark.parametrize("read", READS)
def test_the_answer_is_configparsers(read: str) -> None:
    source = (f"import configparser\ncfg = configparser.ConfigParser()\n"
              f"cfg.read_string({TEXT!r})\ngot = {read}\n")
    scope: dict[str, object] = {}
    exec(compile(source, "<program>", "exec"), scope)  # noqa: S102
    assert _interpreted(source) == scope["got"]


@pytest.mark.parametrize("reading", ['cfg.read("site.ini")',
                                     'cfg.read_string(sys.stdin.read())',
                                     'cfg.read_string(os.environ.get("INI", sys.argv[1]))',
                                     'cfg.read_dict(os.environ)'])
def test_a_text_not_known_gives_nothing_known(reading: str) -> None:
    source = (f"import configparser\nimport os\nimport sys\ncfg = configparser.ConfigParser()\n"
              f"cfg.read_string({TEXT!r})\n{reading}\n"
              "got = cfg.getboolean('callback', 'ordered')\n")
    assert _interpreted(source) is NOCONST


def test_a_text_from_an_unset_variable_is_its_default() -> None:
    """The program is analysed with its environment variables unset (`run_environment`):
    `os.environ.get("INI", "")` reads nothing more, as configparser does with `INI` unset."""
    source = (f"import configparser\nimport os\ncfg = configparser.ConfigParser()\n"
              f"cfg.read_string({TEXT!r})\n"
              "cfg.read_string(os.environ.get('JAX_LSP_TEST_UNSET_INI', '[callback]\\nrows = 9'))\n"
              "got = cfg.getint('callback', 'rows')\n")
    scope: dict[str, object] = {}
    exec(compile(source, "<program>", "exec"), scope)  # noqa: S102
    assert _interpreted(source) == scope["got"] == 9
