"""What `jax-lsp check` prints for people never carries a repository's control characters to
the terminal (issue 13): file names, messages, path labels and source lines are shown with
visible stand-ins (ESC as U+241B), as ruff does."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import Ran, write_tree

from jax_lsp.analysis.findings import Finding, PathStep, Span
from jax_lsp.checker.formats import FORMATS
from jax_lsp.checker.results import FileResult

ESC = "\x1b"
#: anything that would act on a terminal: C0 but newline, DEL, C1, bidi controls
_ACTIVE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

SOURCE = (
    "import jax\n"
    "def f(x):\n"
    "    s = '\x1b[2J\x1b]0;pwned\x07\u202e'\n"
    "    return jax.pure_callback(lambda x: x, x, x)\n"
    "jax.grad(f)(1.0)\n"
)


def test_check_output_escapes_file_names_and_source(
    tmp_path: Path, run_cli: Callable[..., Ran]
) -> None:
    name = f"a{ESC}[31m\rfake.py"
    write_tree(tmp_path, {name: SOURCE})
    for fmt in ("full", "concise", "github"):
        ran = run_cli(["check", "--no-cache", "--output-format", fmt, "."], tmp_path)
        assert ran.code == 1 and "JAX001" in ran.out
        assert not _ACTIVE.search(ran.out), (fmt, ran.out)
        assert "\u241b[31m\u240dfake.py" in ran.out  # ESC and CR shown, not acted on
    full = run_cli(["check", "--no-cache", "."], tmp_path).out
    assert "\u241b[2J\u241b]0;pwned\u2407\ufffd" in full


@pytest.mark.parametrize("fmt", ["full", "concise", "github"])
def test_messages_and_labels_from_a_cache_or_analysis_are_escaped(fmt: str) -> None:
    span = Span(3, 4, 3, 9)
    finding = Finding("JAX001", f"msg{ESC}]8;;http://x{ESC}\\\nfake line", span,
                      path=(PathStep(span, f"label\n{ESC}[1A"),))
    result = FileResult(f"p{ESC}[0m.py", (finding,), SOURCE, f"/abs/p{ESC}.py")
    text = FORMATS[fmt]([result], False)
    assert ESC not in text and not _ACTIVE.search(text)
    assert "fake line" in text and "\nfake line" not in text


def test_fix_on_standard_input_is_escaped_only_on_a_terminal(
    tmp_path: Path, run_cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--fix -` prints the fixed source: exactly when piped (it replaces the input), with
    control characters made visible when a terminal shows it."""
    import io
    import sys

    from test_cli_parity import LOGGING_PROGRAM

    source = LOGGING_PROGRAM + f"# {ESC}]0;title{ESC}\\ {ESC}[2J\n"

    def fix() -> Ran:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(source.encode())))
        return run_cli(["check", "--no-cache", "--fix", "-"], tmp_path)

    piped = fix()
    assert piped.code == 0 and ESC in piped.out and "stop_gradient(x)" in piped.out
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    shown = fix()
    assert ESC not in shown.out and "\u241b[2J" in shown.out and "stop_gradient(x)" in shown.out
