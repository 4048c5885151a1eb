"""absl's flags as a script reads them (`libraries/absl_flags`): `FLAGS.<name>` in the `main`
that `app.run` runs holds the default unless the command line sets it; `app.run` calls
`main`. The parse is checked against absl's own."""

from __future__ import annotations

import pytest
from absl import flags as absl_flags

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.libraries.absl_flags import model
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.analysis.values import literal

PROGRAM = '''
import sys

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags
from jax.experimental import io_callback

FLAGS = flags.FLAGS
flags.DEFINE_boolean("in_order", True, "keep the ledger in order")
flags.DEFINE_integer("frames", 3, "frames")


def write(x):
    return np.asarray(x)


def step(frame):
    return io_callback(write, jax.ShapeDtypeStruct((), jnp.float32), frame.sum(),
                       ordered=FLAGS.in_order)


def main(argv):
    del argv
    print(jax.vmap(step)(jnp.ones((FLAGS.frames, 4))))


if __name__ == "__main__":
    RUN
'''


def _codes(run: str, extra: str = "") -> list[tuple[str, int]]:
    source = PROGRAM.replace("RUN", run).replace("def main", extra + "def main")
    return [(f.code, f.span.line) for f in analyze_source(source, "<absl>").findings]


@pytest.mark.parametrize(("run", "fires"), [
    ("app.run(main)", True),
    ("app.run(main, argv=None)", True),
    ('app.run(main, argv=[sys.argv[0], "--frames=2"])', True),
    ('app.run(main, argv=[sys.argv[0], "--noin_order"])', False),
    ('app.run(main, argv=[sys.argv[0], "--in_order=false"])', False),
    ('app.run(main, [sys.argv[0], "--in_order", "--frames", "2"])', True),
])
def test_a_flag_holds_its_default_unless_the_command_line_sets_it(run: str, fires: bool) -> None:
    assert _codes(run) == ([("JAX013", 20)] if fires else [])


@pytest.mark.parametrize("extra", [
    "FLAGS.in_order = False\n\n\n",
    'flags.FLAGS.set_default("in_order", False)\n\n\n',
])
def test_a_module_changing_flags_otherwise_leaves_them_unknown(extra: str) -> None:
    assert _codes("app.run(main)", extra) == []


@pytest.mark.parametrize(("argv", "fires"), [
    ((), True), (("--noin_order",), False), (("--frames=2",), True),
    (("--in_order=false",), False)])
def test_the_process_command_line_is_the_declared_one(argv: tuple[str, ...],
                                                       fires: bool) -> None:
    """`app.run(main)` parses `sys.argv`: the words the project declares
    (`[tool.jax-lsp] argv`), none unless it does (the flags' defaults)."""
    source = PROGRAM.replace("RUN", "app.run(main)")
    config = AnalysisConfig(argv=argv)
    found = [(f.code, f.span.line) for f in analyze_source(source, "<absl>", config).findings]
    assert found == ([("JAX013", 20)] if fires else [])


def test_a_command_line_not_written_out_leaves_them_unknown() -> None:
    assert _codes("app.run(main, argv=sys.argv)") == []


@pytest.mark.parametrize("words", [
    ["--frames=5"], ["--frames", "7"], ["--noin_order"], ["--in_order=false"],
    ["-frames=0x10", "--in_order"], ["pos", "--frames=2", "--", "--frames=9"],
])
def test_the_parse_is_absls(words: list[str]) -> None:
    values = absl_flags.FlagValues()
    absl_flags.DEFINE_boolean("in_order", True, "", flag_values=values)
    absl_flags.DEFINE_integer("frames", 3, "", flag_values=values)
    values(["prog", *words])
    table = {"in_order": model._Flag("bool", literal(True)),
             "frames": model._Flag("integer", literal(3))}
    got = model._set_by(words, table)
    assert got is not None
    for name in table:
        expected = values[name].value
        assert got.get(name, table[name].default.const) == expected, name


def test_a_word_absl_refuses_is_no_command_line() -> None:
    table = {"frames": model._Flag("integer", literal(3))}
    assert model._set_by(["--frames=x"], table) is None
    assert model._set_by(["--other=1"], table) is None


def test_an_incremental_analysis_follows_an_edited_default() -> None:
    from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer

    analyzer = IncrementalAnalyzer()
    source = PROGRAM.replace("RUN", "app.run(main)")
    first = [(f.code, f.span.line) for f in analyzer.analyze(source, "<absl>").findings]
    edited = source.replace('"in_order", True', '"in_order", False')
    again = [(f.code, f.span.line) for f in analyzer.analyze(edited, "<absl>").findings]
    assert first == [("JAX013", 20)]
    assert again == [(f.code, f.span.line) for f in analyze_source(edited, "<absl>").findings]
    assert again == []
