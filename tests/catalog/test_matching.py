"""Unit tests of templates, traceback parsing and matching (no JAX runs)."""

from __future__ import annotations

import pytest

from jax_lsp.catalog import Catalog, explain, match_message, parse_error_text
from jax_lsp.catalog.templates import compile_template, display_text, normalize_message

J = (
    "Pure callbacks do not support JVP. Please use `jax.custom_jvp` to use callbacks while "
    "taking gradients."
)

TRACEBACK = f"""\
some log line printed by the program
Traceback (most recent call last):
  File "/home/me/project/train.py", line 42, in <module>
    main()
  File "/home/me/project/train.py", line 37, in main
    grads = jax.grad(loss)(params)
            ^^^^^^^^^^^^^^^^^^^^^^
  File "/home/me/project/model.py", line 12, in loss
    y = jax.pure_callback(host_fn, spec, x)
        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.11/contextlib.py", line 81, in inner
    return func(*args, **kwds)
           ^^^^^^^^^^^^^^^^^^^
  File "/venv/lib/python3.11/site-packages/jax/_src/callback.py", line 117, in pure_callback_jvp_rule
    raise ValueError(
ValueError: {J}
--------------------
For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.
"""


def test_template_placeholders_and_backreferences() -> None:
    t = compile_template("rule {rule} for {function} (again {function}) got {value}.")
    assert t.placeholders == ("rule", "function", "value")
    assert t.match("rule r for f (again f) got 3.") == {"rule": "r", "function": "f", "value": "3"}
    assert t.match("rule r for f (again g) got 3.") is None


def test_template_whitespace_and_braces() -> None:
    t = compile_template("a {{literal}}  b\n{x}")
    assert t.static_parts == ("a {literal}  b\n",)
    assert t.match("a {literal} b   zzz") == {"x": "zzz"}


def test_trailing_placeholder_stops_at_line_end() -> None:
    t = compile_template("Effects not supported: {effects}")
    assert t.match("Effects not supported: [IOEffect]\nSee the docs") == {"effects": "[IOEffect]"}
    t = compile_template("Output {description}.")
    assert t.match("Output had shape: (3,).\nmore") == {"description": "had shape: (3,)"}


def test_pinned_placeholder() -> None:
    t = compile_template("rule for '{p=custom_vjp_call}' not implemented")
    assert t.match("rule for 'custom_vjp_call' not implemented") is not None
    assert t.match("rule for 'sin' not implemented") is None
    assert t.static_parts == ("rule for '", "' not implemented")
    assert display_text(t.text) == "rule for 'custom_vjp_call' not implemented"


def test_normalize_strips_jax_note_and_crlf() -> None:
    msg = f"{J}\r\n--------------------\r\nFor simplicity, JAX has removed its internal frames x"
    assert normalize_message(msg) == J


def test_truncated_messages() -> None:
    t = compile_template(J)
    assert t.match_truncated("Pure callbacks do not support JVP. Please use...") > 0
    assert t.match_truncated("Pure callbacks do not support transpose...") == 0
    assert t.match_truncated("Pure callbacks") == 0  # too short to be sure


def test_parse_traceback_finds_exception_and_user_frame() -> None:
    parsed = parse_error_text(TRACEBACK)
    assert parsed.is_traceback
    assert parsed.exception == "ValueError"
    assert parsed.message == J
    assert [f.lineno for f in parsed.frames] == [42, 37, 12, 81, 117]
    frame = parsed.user_frame
    assert frame is not None
    assert (frame.filename, frame.lineno, frame.function) == (
        "/home/me/project/model.py",
        12,
        "loss",
    )
    assert frame.source == "y = jax.pure_callback(host_fn, spec, x)"


def test_parse_chained_traceback_uses_the_last_one() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/a.py", line 1, in <module>\n'
        "KeyError: 'x'\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        + TRACEBACK.split("\n", 1)[1]
    )
    parsed = parse_error_text(text)
    assert parsed.exception == "ValueError" and parsed.message == J


def test_parse_qualified_exception_and_bare_message() -> None:
    p = parse_error_text("jax.errors.UnexpectedTracerError: Encountered an unexpected tracer.")
    assert p.exception == "jax.errors.UnexpectedTracerError"
    p = parse_error_text("INTERNAL: CpuCallback error calling callback: boom")
    assert p.exception is None and p.message.startswith("INTERNAL:")
    p = parse_error_text(J)
    assert p.exception is None and p.message == J and not p.frames


def test_explain_traceback(catalog: Catalog) -> None:
    result = explain(TRACEBACK, catalog)
    assert result.match is not None and result.match.entry.id == "pure-callback-jvp"


def test_more_specific_template_wins(catalog: Catalog) -> None:
    msg = "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not implemented"
    ids = [m.entry.id for m in match_message(msg, catalog)]
    assert ids[:2] == ["custom-vjp-transpose", "transpose-rule-missing"]
    msg = "Transpose rule (for reverse-mode differentiation) for 'sin' not implemented"
    assert [m.entry.id for m in match_message(msg, catalog)] == ["transpose-rule-missing"]


def test_exception_class_breaks_ties(catalog: Catalog) -> None:
    leak = (
        "Encountered an unexpected tracer. A function transformed by JAX had a side effect, "
        "allowing for a reference to an intermediate value with type float32[] wrapped in a "
        "LinearizeTracer to escape the scope of the transformation."
    )
    plain = explain(f"jax.errors.UnexpectedTracerError: {leak}", catalog)
    assert plain.match is not None and plain.match.entry.id == "unexpected-tracer"
    wrapped = explain(
        "jax.errors.JaxRuntimeError: INTERNAL: CpuCallback error calling callback: Traceback "
        f'(most recent call last):\n  File "/x.py", line 3, in cb\nUnexpectedTracerError: {leak}',
        catalog,
    )
    assert wrapped.match is not None and wrapped.match.entry.id == "callback-leaked-tracer"


def test_first_line_of_a_multiline_message(catalog: Catalog) -> None:
    first = (
        "Custom VJP fwd rule f_fwd for function f must produce a pair (list or tuple of length "
        "two) where the first element represents the primal output (equal to the output of the "
        "custom_vjp-decorated function f) and the second element represents residuals (i.e. "
        "values stored from the forward pass for use on the backward pass), but instead the fwd "
        "rule output's first element had shapes/dtypes of:"
    )
    result = explain(first, catalog)
    assert result.match is not None and result.match.truncated
    assert result.match.entry.id == "custom-vjp-fwd-output-type"


@pytest.mark.parametrize(
    "text",
    ["TypeError: something unrelated went wrong", "hello", "Pure callbacks are great"],
)
def test_unknown_message_suggests_closest(catalog: Catalog, text: str) -> None:
    result = explain(text, catalog)
    assert result.match is None
    assert len(result.suggestions) == 3
    sims = [s.similarity for s in result.suggestions]
    assert sims == sorted(sims, reverse=True)


def test_closest_entry_for_a_near_miss(catalog: Catalog) -> None:
    result = explain("Pure callbacks do not support JVP (jax 0.3 wording)", catalog)
    assert result.match is None
    assert result.suggestions[0].entry.id in {"pure-callback-jvp", "pure-callback-transpose"}
