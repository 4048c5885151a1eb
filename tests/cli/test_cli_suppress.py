"""Suppression comments: `# jax-lsp: ignore[...]` and `# noqa`, read from comments only."""

from __future__ import annotations

import tokenize

import pytest

from jax_lsp.analysis.findings import Finding, Span
from jax_lsp.analysis.suppress import Suppression, filter_suppressed, parse_suppressions

ALL = None


def codes(source: str) -> dict[int, frozenset[str] | None]:
    return {line: s.codes for line, s in parse_suppressions(source).items()}


@pytest.mark.parametrize(
    ("comment", "expected"),
    [
        ("# noqa", ALL),
        ("# NOQA", ALL),
        ("#noqa", ALL),
        ("# noqa:", ALL),
        ("# noqa: JAX001", {"JAX001"}),
        ("# noqa:JAX001,JAX004", {"JAX001", "JAX004"}),
        ("# noqa: JAX001, E501 W291", {"JAX001", "E501", "W291"}),
        ("# noqa: jax001", {"JAX001"}),
        ("# noqa: JAX001 -- the callback is a constant", {"JAX001"}),
        ("# jax-lsp: ignore", ALL),
        ("# jax-lsp:ignore", ALL),
        ("# jax-lsp: ignore[JAX001]", {"JAX001"}),
        ("# jax-lsp: ignore[JAX001, jax004]", {"JAX001", "JAX004"}),
        ("# jax-lsp: ignore [JAX002]", {"JAX002"}),
        ("# jax-lsp: ignore[]", set()),
        ("# type: ignore  # noqa: JAX003", {"JAX003"}),
        ("# explanation first # jax-lsp: ignore[JAX005]", {"JAX005"}),
    ],
)
def test_comment_forms(comment: str, expected: set[str] | None) -> None:
    got = codes(f"x = f(y)  {comment}\n")
    assert got == {1: None if expected is None else frozenset(expected)}


@pytest.mark.parametrize(
    "comment",
    ["# noqa-ish", "# jax-lsp: ignored", "# jax-lsp: ignore_this", "# not a noqa", "# jax-lsp"],
)
def test_not_a_suppression(comment: str) -> None:
    assert codes(f"x = 1  {comment}\n") == {}


def test_merging_directives_in_one_comment() -> None:
    assert codes("x = 1  # noqa: E501  # jax-lsp: ignore[JAX001]\n") == {
        1: frozenset({"E501", "JAX001"})
    }
    assert codes("x = 1  # noqa: E501  # jax-lsp: ignore\n") == {1: None}
    assert codes("x = 1  # jax-lsp: ignore[JAX001]  # noqa\n") == {1: None}


def test_suppression_merged() -> None:
    a = Suppression(3, frozenset({"JAX001"}))
    assert a.merged(Suppression(3, frozenset({"JAX002"}))).codes == frozenset({"JAX001", "JAX002"})
    assert a.merged(Suppression(3, None)).codes is None
    assert Suppression(3, None).suppresses("JAX009")
    assert a.suppresses("jax001") and not a.suppresses("JAX002")


def test_strings_are_not_comments() -> None:
    src = (
        's = "# noqa"\n'
        "t = '# jax-lsp: ignore[JAX001]'\n"
        'u = f"{s} # noqa: JAX001"\n'
        'doc = """\n'
        "# noqa\n"
        '"""\n'
        "v = 1  # noqa: JAX002\n"
    )
    assert codes(src) == {7: frozenset({"JAX002"})}


def test_mentions_give_the_columns_of_each_code() -> None:
    src = "yé = 1  # noqa: JAX001, jax004\n"
    (s,) = parse_suppressions(src).values()
    assert s.mentions == (("JAX001", 16, 22), ("JAX004", 24, 30))
    assert src[16:22] == "JAX001"


def test_line_numbers_with_crlf_and_cr() -> None:
    assert codes("a = 1\r\nb = 2  # noqa\r\n") == {2: None}
    assert codes("a = 1\rb = 2\rc = 3  # noqa: JAX001\r") == {3: frozenset({"JAX001"})}


def test_source_that_does_not_tokenize_keeps_earlier_comments() -> None:
    src = "a = 1  # noqa: JAX001\nb = (\n"  # unclosed paren: tokenize fails at EOF
    assert codes(src) == {1: frozenset({"JAX001"})}
    assert codes("x = '''never closed  # noqa\n") == {}


def test_fast_path_does_not_tokenize(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> object:
        raise AssertionError("tokenize was called")

    monkeypatch.setattr(tokenize, "generate_tokens", boom)
    src = "x = f(y)  # a comment\n" * 50
    f = Finding("JAX001", "m", Span(1, 4, 1, 8))
    assert parse_suppressions(src) == {}
    assert filter_suppressed(src, [f]) == [f]
    assert filter_suppressed("x = 1  # noqa\n", []) == []


# -- filtering findings ----------------------------------------------------------------------

SRC = (
    "a = cb(x)  # jax-lsp: ignore[JAX001]\n"  # 1
    "b = cb(x)  # noqa: JAX002\n"  # 2
    "c = cb(\n"  # 3: a range over three lines
    "    x,\n"  # 4
    ")  # noqa\n"  # 5: not the first line of the range
    "d = cb(x)  # noqa\n"  # 6
    "e = cb(x)\n"  # 7
)


def finding(code: str, line: int, end_line: int | None = None) -> Finding:
    return Finding(code, "m", Span(line, 4, end_line or line, 9))


def test_filter_suppressed() -> None:
    kept = filter_suppressed(
        SRC,
        [
            finding("JAX001", 1),  # listed: suppressed
            finding("JAX004", 1),  # not listed: kept
            finding("JAX002", 2),  # no-qa with the code: suppressed
            finding("JAX001", 2),  # no-qa with another code: kept
            finding("JAX001", 3, 5),  # the comment is on the last line only: kept
            finding("JAX003", 4, 6),  # first line 4 has no comment: kept
            finding("JAX005", 6),  # bare noqa: suppressed
            finding("JAX001", 7),  # no comment: kept
        ],
    )
    assert [(f.code, f.span.line) for f in kept] == [
        ("JAX004", 1), ("JAX001", 2), ("JAX001", 3), ("JAX003", 4), ("JAX001", 7),
    ]


def test_filter_suppressed_accepts_any_iterable() -> None:
    f = finding("JAX001", 7)
    assert filter_suppressed(SRC, iter([f])) == [f]


def test_filter_suppressed_counts_lines_as_the_tokenizer() -> None:
    # a form feed is a line break to `str.splitlines`, not to Python: the comment on line 2
    # suppresses the finding on line 2 (a split at the form feed looked at line 3)
    src = "a = 1  \x0c# spacing\nb = cb(x)  # noqa\n"
    f = finding("JAX001", 2)
    assert filter_suppressed(src, [f]) == []
    assert filter_suppressed(src, [f], src.split("\n")) == []
    # lines given by the caller spare the split; lone carriage returns count as breaks
    assert filter_suppressed("a = 1\rb = cb(x)  # noqa\r", [f]) == []
    assert filter_suppressed(SRC, [finding("JAX005", 6)], SRC.split("\n")) == []
