"""Errors found anywhere in a paste, through the wrappings people paste them in.

These texts are written for the tests (re-expressions of common paste shapes); the real pastes
used to measure `explain` are kept apart from the repository.
"""

from __future__ import annotations

import json

import pytest

from jax_lsp.catalog import Catalog, CatalogError, explain
from jax_lsp.catalog.loader import parse_entry
from jax_lsp.catalog.locate import clean_paste, locate
from jax_lsp.catalog.render import explanation_json, explanation_text

TRANSPOSE = "Transpose rule (for reverse-mode differentiation) for 'my_prim' not implemented"
GRAD_INT = (
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of "
    "np.inexact), but got int32. If you want to use Boolean- or integer-valued inputs, use vjp "
    "or set allow_int to True."
)


def _ids(text: str, catalog: Catalog) -> list[str]:
    return [f.entry.id for f in locate(text, catalog)]


def test_message_inside_a_sentence_keeps_the_users_prose_out(catalog: Catalog) -> None:
    result = explain(f"When I call it I get the error TypeError: {GRAD_INT} Code below.", catalog)
    assert result.match is not None and result.match.entry.id == "grad-integer-input"
    assert dict(result.match.values) == {"transform": "grad", "dtype": "int32"}


def test_quoted_message_ends_at_its_closing_quote(catalog: Catalog) -> None:
    text = f'It reported "NotImplementedError: {TRANSPOSE}". Now I should write the rule.'
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "transpose-rule-missing"
    assert dict(result.match.values) == {"primitive": "my_prim"}


def test_backticked_message_cut_short_matches_without_values(catalog: Catalog) -> None:
    text = "the result is `ValueError: Pure callbacks do not support transpose. ...`. (More.)"
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "pure-callback-transpose"
    assert result.match.truncated and result.match.values == ()


def test_pytest_prefix_and_jax_chain_header(catalog: Catalog) -> None:
    text = (
        "    out = f(x)\n"
        "E   jax._src.source_info_util.JaxStackTraceBeforeTransformation: "
        f"NotImplementedError: {TRANSPOSE}\n"
        "E   \n"
        "E   The preceding stack trace is the source of the JAX operation that, once "
        "transformed by JAX, triggered the following exception.\n"
    )
    found = locate(text, catalog)
    assert [f.entry.id for f in found] == ["transpose-rule-missing"]
    assert found[0].exception == "NotImplementedError"
    assert dict(found[0].values) == {"primitive": "my_prim"}


def test_comment_wrapped_over_lines_in_an_older_wording(catalog: Catalog) -> None:
    text = (
        "f_vjp(1.)  # TypeError: Type of cotangent input to vjp pullback function (float16) "
        "is not the\n"
        "           # expected tangent type (float32) of corresponding primal output with "
        "dtype float32.\n"
    )
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "vjp-cotangent-type"
    assert result.match.versions == "0.2.10 - 0.4.23"
    assert dict(result.match.values)["got"] == "float16"
    assert "older wording, printed by JAX 0.2.10 - 0.4.23" in explanation_text(result)


def test_json_string_with_escapes_is_decoded(catalog: Catalog) -> None:
    tb = (
        'Traceback (most recent call last):\n  File "a.py", line 3\n'
        f"NotImplementedError: {TRANSPOSE}"
    )
    text = json.dumps({"ename": "NotImplementedError", "traceback": tb})
    assert "\\n" in text
    assert _ids(text, catalog) == ["transpose-rule-missing"]


def test_ansi_colours_are_ignored(catalog: Catalog) -> None:
    text = f"\x1b[0;31mNotImplementedError\x1b[0m: \x1b[1m{TRANSPOSE}\x1b[0m"
    assert "\x1b" not in clean_paste(text)
    result = explain(text, catalog)
    assert result.match is not None and dict(result.match.values) == {"primitive": "my_prim"}


def test_two_errors_in_one_paste_are_both_explained(catalog: Catalog) -> None:
    text = (
        "First I got\n```\nValueError: IO callbacks do not support JVP.\n```\n"
        f"and after a fix:\n```\nTypeError: {GRAD_INT}\n```\n"
    )
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "io-callback-jvp"
    assert [m.entry.id for m in result.more] == ["grad-integer-input"]
    data = explanation_json(result)
    assert data["more"][0]["entry"] == "grad-integer-input"
    assert "holds 1 more error" in explanation_text(result)


def test_hard_wrapped_message_cut_off_mid_value(catalog: Catalog) -> None:
    text = (
        "This gives:\n  UnexpectedTracerError: Encountered an unexpected tracer. A function "
        "transformed by JAX\n  had a side effect, allowing for a reference to an intermediate "
        "value with type flo"
    )
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "unexpected-tracer"
    assert result.match.truncated


def test_message_quoted_as_python_source(catalog: Catalog) -> None:
    text = (
        'raise ValueError("Reverse-mode differentiation does not work for lax.while_loop. "\n'
        '                 "Try using lax.scan, or lax.fori_loop with constant bounds.")'
    )
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "while-loop-reverse-mode"
    assert result.match.versions == "0.1.66"


def test_short_generic_messages_are_not_found_in_prose(catalog: Catalog) -> None:
    assert explain("In my loop I expected 3, got 4 and then it hung.", catalog).match is None
    obj = explain("AttributeError: 'ArrayImpl' object has no attribute 'foo'", catalog)
    assert obj.match is None
    with_class = explain("TypeError: expected PyTreeDef((*, *)), got PyTreeDef((*,))", catalog)
    assert with_class.match is not None
    assert with_class.match.entry.id == "linearize-tree-mismatch"


def test_unexpected_tracer_header_is_not_a_runtime_error_prefix(catalog: Catalog) -> None:
    text = (
        "crashes with `jax._src.errors.UnexpectedTracerError: Encountered an unexpected tracer. "
        "A function transformed by JAX had a side effect, allowing for a reference to an "
        "intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the "
        "scope of the transformation.`"
    )
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "unexpected-tracer"
    assert dict(result.match.values)["type"] == "float32[]"


def test_user_frame_is_where_jax_says_the_operation_was_written(catalog: Catalog) -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/train.py", line 25, in <module>\n    jax.grad(f)(1., 1.)\n'
        '  File "/home/u/train.py", line 11, in f_jvp\n    return x + y, g(tx, ty)\n'
        "jax._src.source_info_util.JaxStackTraceBeforeTransformation: NotImplementedError: "
        "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not "
        "implemented\n\nThe preceding stack trace is the source of the JAX operation that, "
        "once transformed by JAX, triggered the following exception.\n\n--------------------\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        "Traceback (most recent call last):\n"
        '  File "/home/u/train.py", line 25, in <module>\n    jax.grad(f)(1., 1.)\n'
        "NotImplementedError: Transpose rule (for reverse-mode differentiation) for "
        "'custom_vjp_call' not implemented\n"
    )
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "custom-vjp-transpose"
    frame = result.parsed.user_frame
    assert frame is not None and (frame.lineno, frame.function) == (11, "f_jvp")


def test_older_pinned_wording(catalog: Catalog) -> None:
    text = (
        "NotImplementedError: Transpose rule (for reverse-mode differentiation) for "
        "'custom_vjp_call_jaxpr' not implemented"
    )
    result = explain(text, catalog)
    assert result.match is not None and result.match.entry.id == "custom-vjp-transpose"
    assert result.match.versions == "0.1.63 - 0.6.0"


def _minimal(**extra: object) -> dict[str, object]:
    data: dict[str, object] = {
        "id": "x-entry",
        "title": "t",
        "codes": [],
        "exception": "ValueError",
        "message": "some message {value} here",
        "raised_in": ["jax/_src/api.py:grad"],
        "verified": "source-only",
        "jax_versions": ["0.10.2"],
        "meaning": "m",
        "triggers": ["t"],
        "solutions": [{"title": "s", "detail": "d"}],
        "related": [],
    }
    data.update(extra)
    return data


@pytest.mark.parametrize(
    "extra",
    [
        {"message_versions": "0.10"},
        {"variants": [{"message": "old {x}"}]},
        {"variants": [{"message": "old {x}", "versions": "new"}]},
        {"variants": [{"message": "old {x}", "versions": "0.1.0", "extra": "y"}]},
    ],
)
def test_loader_rejects_bad_wordings(extra: dict[str, object]) -> None:
    with pytest.raises(CatalogError):
        parse_entry(_minimal(**extra), "x.toml")


def test_loader_reads_wordings() -> None:
    entry = parse_entry(
        _minimal(
            message_versions="0.4.0 - 0.10.2",
            variants=[{"message": "old {value}", "versions": "0.1.0 - 0.3.0", "raised_in": "a"}],
        ),
        "x.toml",
    )
    assert entry.wordings == (
        ("some message {value} here", "0.4.0 - 0.10.2"),
        ("old {value}", "0.1.0 - 0.3.0"),
    )


def test_values_are_whole_or_absent(catalog: Catalog) -> None:
    """A dot inside a value does not end it; a repr over several lines is read whole; a value
    cut inside its brackets is left out."""
    text = (
        "TypeError: Gradient only defined for scalar-output functions. Output was "
        "(Array(0.04, dtype=float32), Array([-0.1], dtype=float32))."
    )
    result = explain(text, catalog)
    assert result.match is not None
    assert dict(result.match.values)["description"] == (
        "was (Array(0.04, dtype=float32), Array([-0.1], dtype=float32))"
    )
    lin = (
        "ValueError: linearized function called on tangent values inconsistent with the "
        "original primal values: got ConcreteArray([[1. 2.]\n [3. 4.]]) for primal aval "
        "ConcreteArray([[1. 2.]\n [3. 4.]])"
    )
    result = explain(lin, catalog)
    assert result.match is not None
    assert dict(result.match.values)["primal"] == "ConcreteArray([[1. 2.]\n [3. 4.]])"
    cut = "UnexpectedTracerError: " + lin.split(": ", 1)[1][:-4]
    result = explain(cut, catalog)
    assert result.match is not None and "primal" not in dict(result.match.values)
