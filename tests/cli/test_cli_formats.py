"""Each output format, on hand-built findings: positions are 1-based rows and 1-based columns
counted in characters, whatever precedes the range on its line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from jax_lsp.analysis.findings import Finding, PathStep, Severity, Span
from jax_lsp.checker.formats import (
    FORMATS,
    format_concise,
    format_full,
    format_github,
    format_grouped,
    format_json,
    format_sarif,
    format_statistics,
    format_statistics_json,
)
from jax_lsp.checker.results import FileResult, split_lines
from jax_lsp.codes import RULES

# line 4 has two-byte (é) and wide (日本) characters before the range
SOURCE = (
    "import jax\n"
    "\n"
    "def loss(x):\n"
    '    é = "日本"; y = jax.pure_callback(f, s, x)\n'
    "    return y\n"
    "\n"
    "g = jax.grad(loss)\n"
)
LINE4 = SOURCE.splitlines()[3]
COL = LINE4.index("jax.pure_callback")  # in characters
END = len(LINE4)
CALLBACK = Finding(
    "JAX001",
    "`jax.pure_callback` is reached by `jax.grad`",
    Span(4, COL, 4, END),
    path=(
        PathStep(Span(7, 4, 7, 18), "`jax.grad` differentiates `loss`"),
        PathStep(Span(4, COL, 4, END), "calls `jax.pure_callback`"),
    ),
)
LOOP = Finding("JAX009", "reverse mode through a loop", Span(3, 0, 5, 12), Severity.WARNING)
RESULT = FileResult("pkg/a.py", (CALLBACK, LOOP), SOURCE, "/abs/pkg/a.py")


def test_columns_are_characters_not_bytes() -> None:
    assert COL == 18 and len(LINE4[:COL].encode("utf-8")) == 23


# -- concise ---------------------------------------------------------------------------------


def test_concise() -> None:
    assert format_concise([RESULT]) == (
        "pkg/a.py:4:19: JAX001 `jax.pure_callback` is reached by `jax.grad`\n"
        "pkg/a.py:3:1: JAX009 reverse mode through a loop\n"
        "Found 2 findings (1 error, 1 warning).\n"
    )


def test_summary_names_warnings_as_warnings() -> None:
    assert format_concise([FileResult("a.py", (LOOP,), SOURCE)]).endswith("Found 1 warning.\n")
    twice = FileResult("a.py", (CALLBACK, CALLBACK), SOURCE)
    assert format_concise([twice]).endswith("Found 2 errors.\n")


def test_concise_singular_and_clean() -> None:
    one = FileResult("a.py", (LOOP,), SOURCE)
    assert format_concise([one]).endswith("\nFound 1 warning.\n")
    assert format_concise([]) == "All checks passed!\n"


def test_grouped_aligns_rows_and_columns_per_file_as_ruff() -> None:
    """ruff's `grouped`, e.g. for findings at 1:8, 11:8 and 13:41 of one file:
    ``   1:8  F401 ...``, ``  11:8  F401 ...``, ``  13:41 F401 ...``."""
    at = [Span(1, 7, 1, 9), Span(11, 7, 11, 9), Span(13, 40, 13, 42)]
    many = FileResult("pkg/b.py", tuple(replace(LOOP, span=s) for s in at), SOURCE)
    assert format_grouped([RESULT, many]) == (
        "pkg/a.py:\n"
        "  4:19 JAX001 `jax.pure_callback` is reached by `jax.grad`\n"
        "  3:1  JAX009 reverse mode through a loop\n"
        "\n"
        "pkg/b.py:\n"
        "   1:8  JAX009 reverse mode through a loop\n"
        "  11:8  JAX009 reverse mode through a loop\n"
        "  13:41 JAX009 reverse mode through a loop\n"
        "\n"
        "Found 5 findings (1 error, 4 warnings).\n"
    )
    assert format_grouped([]) == "All checks passed!\n"


# -- full ------------------------------------------------------------------------------------


def test_full_shows_source_carets_and_path() -> None:
    """ruff 0.17's layout (tests/cli/test_cli_ruff_side_by_side.py compares it with ruff's):
    the blank context line above trimmed, no label after the carets, the path as notes."""
    out = format_full([FileResult("pkg/a.py", (CALLBACK,), SOURCE)])
    assert out == (
        "JAX001 `jax.pure_callback` is reached by `jax.grad`\n"
        " --> pkg/a.py:4:19\n"
        "  |\n"
        "3 | def loss(x):\n"
        '4 |     é = "日本"; y = jax.pure_callback(f, s, x)\n'
        # 18 characters precede the call, and 日本 take two cells each on a terminal
        "  | " + " " * 20 + "^" * len("jax.pure_callback(f, s, x)") + "\n"
        "5 |     return y\n"
        "  |\n"
        "note: pkg/a.py:7:5: `jax.grad` differentiates `loss`\n"
        "note: pkg/a.py:4:19: calls `jax.pure_callback`\n"
        "\n"
        "Found 1 error.\n"
    )


def test_full_help_line_names_the_fix_offered_first() -> None:
    """ruff's `help:` line: the title of the fix (shown also when the code is unfixable)."""
    from jax_lsp.analysis.findings import FixKind
    from jax_lsp.fixes.offers import listed_title

    f = replace(CALLBACK, fixes=(FixKind.CUSTOM_JVP, FixKind.SUPPRESS))
    title = listed_title(FixKind.CUSTOM_JVP, f)
    for r in (FileResult("a.py", (f,), SOURCE), FileResult("a.py", (f,), SOURCE,
                                                          unfixable=frozenset({"JAX001"}))):
        block = format_full([r]).split("\n\n")[0]
        assert block.endswith(f"\nhelp: {title}"), block
    assert format_full([FileResult("a.py", (f,), SOURCE)]).startswith("JAX001 [*] ")


def test_full_multiline_range_is_drawn_with_an_arm() -> None:
    out = format_full([FileResult("a.py", (LOOP,), SOURCE)])
    assert out.split("\n") == [
        "JAX009 reverse mode through a loop",
        " --> a.py:3:1",
        "  |",
        "1 |   import jax",
        "2 |",
        "3 | / def loss(x):",
        '4 | |     é = "日本"; y = jax.pure_callback(f, s, x)',
        "5 | |     return y",
        "  | |____________^",  # under the last character, column 12
        "6 |",
        "7 |   g = jax.grad(loss)",
        "  |",
        "",
        "Found 1 warning.",
        "",
    ]


def test_full_tabs_and_empty_range() -> None:
    src = "\tx = f(y)\n"
    f = Finding("JAX001", "m", Span(1, 5, 1, 5))  # empty range: one caret
    out = format_full([FileResult("t.py", (f,), src)])
    assert "1 |     x = f(y)\n" in out
    assert "  |         ^\n\n" in out  # the excerpt ends with its carets: no closing bar


def test_full_long_range_is_shown_whole_as_ruff() -> None:
    src = "".join(f"line{i}\n" for i in range(1, 21))
    f = Finding("JAX001", "m", Span(2, 0, 15, 6))
    out = format_full([FileResult("t.py", (f,), src)])
    assert " 2 | / line2\n" in out and " 8 | | line8\n" in out and "   | |______^\n" in out
    assert "17 |   line17\n" in out and "18 |" not in out


def test_full_without_source_or_out_of_range_has_header_and_notes_only() -> None:
    f = Finding("JAX001", "m", Span(40, 0, 40, 3), path=(PathStep(Span(1, 0, 1, 1), "site"),))
    for r in (FileResult("t.py", (f,), None), FileResult("t.py", (f,), "x = 1\n")):
        assert format_full([r]) == (
            "JAX001 m\n--> t.py:40:1\nnote: t.py:1:1: site\n\nFound 1 error.\n"
        )


def test_full_step_in_another_file() -> None:
    f = Finding("JAX001", "m", Span(1, 0, 1, 1),
                path=(PathStep(Span(3, 2, 3, 5), "differentiated here", "/abs/other.py"),))
    assert "\nnote: /abs/other.py:3:3: differentiated here" in format_full(
        [FileResult("t.py", (f,), "x\n")]
    )


def test_full_colour_only_when_asked() -> None:
    assert "\x1b[" not in format_full([RESULT])
    coloured = format_full([RESULT], color=True)
    # ruff's sequences: the code bold and bright red (yellow for a warning), the message bold
    assert "\x1b[1m\x1b[91mJAX001\x1b[0m\x1b[1m `jax.pure_callback`" in coloured
    assert "\x1b[1m\x1b[33mJAX009\x1b[0m" in coloured
    assert " \x1b[1m\x1b[94m--> \x1b[0mpkg/a.py:4:19\n" in coloured
    assert "\x1b[1m\x1b[33mnote\x1b[0m\x1b[1m: pkg/a.py:7:5: " in coloured


def test_full_clean() -> None:
    assert format_full([]) == "All checks passed!\n"


def test_split_lines_matches_python_line_numbers() -> None:
    # form feed and U+2028 do not end a line for Python (str.splitlines would split there)
    assert split_lines("a\x0cb\r\nc\rd\u2028e\n") == ["a\x0cb", "c", "d\u2028e", ""]


# -- json ------------------------------------------------------------------------------------


def test_json_shape_like_ruff() -> None:
    # a fix object is the fix `--fix` would apply: one that removes the finding from the
    # analysis of the file, so the gradient is taken here (a transform never called raises
    # nothing, and has nothing to fix)
    called_source = SOURCE.replace("g = jax.grad(loss)\n", "g = jax.grad(loss)(1.0)\n")
    called = replace(RESULT, source=called_source)
    data = json.loads(format_json([called]))
    assert len(data) == 2
    first = data[0]
    fix = first.pop("fix")  # the fix --fix would apply (test_cli_parity checks it works)
    assert set(fix) == {"applicability", "message", "edits"}
    assert data[1]["fix"] is None  # a made-up loop finding in this source has no fix
    assert first == {
        "cell": None,
        "code": "JAX001",
        "name": "pure-callback-jvp",
        "message": "`jax.pure_callback` is reached by `jax.grad`",
        "filename": "/abs/pkg/a.py",
        "location": {"row": 4, "column": 19},
        "end_location": {"row": 4, "column": END + 1},
        "url": RULES["JAX001"].url,
        "noqa_row": 4,
        "severity": "error",
        "related": [
            {
                "message": "`jax.grad` differentiates `loss`",
                "filename": "/abs/pkg/a.py",
                "location": {"row": 7, "column": 5},
                "end_location": {"row": 7, "column": 19},
            },
            {
                "message": "calls `jax.pure_callback`",
                "filename": "/abs/pkg/a.py",
                "location": {"row": 4, "column": 19},
                "end_location": {"row": 4, "column": END + 1},
            },
        ],
    }
    assert data[1]["severity"] == "warning" and data[1]["related"] == []


def test_json_column_indexes_characters() -> None:
    data = json.loads(format_json([RESULT]))
    col = data[0]["location"]["column"]
    assert LINE4[col - 1 :].startswith("jax.pure_callback")


def test_json_parse_error_has_no_noqa_row_and_keeps_unicode() -> None:
    f = Finding("JAX000", "SyntaxError: invalid syntax «here»", Span(2, 3, 2, 4))
    text = format_json([FileResult("b.py", (f,), None)])
    assert "«here»" in text  # not \u-escaped
    (item,) = json.loads(text)
    assert item["noqa_row"] is None and item["name"] == "syntax-or-decode-error"
    assert item["filename"] == "b.py"  # no absolute path known: the shown one


def test_json_empty() -> None:
    assert json.loads(format_json([])) == []


# -- github ----------------------------------------------------------------------------------


def test_github_workflow_commands() -> None:
    lines = format_github([RESULT]).splitlines()
    assert lines == [
        (
            f"::error title=jax-lsp (JAX001),file=/abs/pkg/a.py,line=4,col=19,endLine=4,"
            f"endColumn={END + 1}::pkg/a.py:4:19: JAX001 `jax.pure_callback` is reached by "
            "`jax.grad`%0A  note: pkg/a.py:7:5: `jax.grad` differentiates `loss`"
            "%0A  note: pkg/a.py:4:19: calls `jax.pure_callback`"
        ),
        (
            "::warning title=jax-lsp (JAX009),file=/abs/pkg/a.py,line=3,col=1,endLine=5,"
            "endColumn=13::pkg/a.py:3:1: JAX009 reverse mode through a loop"
        ),
    ]


def test_github_escapes() -> None:
    f = Finding("JAX001", "100% sure\nreally", Span(1, 0, 1, 1), Severity.INFO)
    out = format_github([FileResult("a,b:c.py", (f,), None)])
    assert out == (
        "::notice title=jax-lsp (JAX001),file=a%2Cb%3Ac.py,line=1,col=1,endLine=1,endColumn=2"
        "::a,b:c.py:1:1: JAX001 100%25 sure%0Areally\n"
    )


def test_github_empty() -> None:
    assert format_github([]) == ""


# -- sarif -----------------------------------------------------------------------------------


def test_sarif_log() -> None:
    log = json.loads(format_sarif([RESULT]))
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    (run,) = log["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    driver = run["tool"]["driver"]
    assert driver["name"] == "jax-lsp"
    ids = [r["id"] for r in driver["rules"]]
    assert ids == ["JAX000", *sorted(RULES)]
    for r in driver["rules"]:
        if r["id"] in RULES:
            assert r["name"] == RULES[r["id"]].name
            assert r["helpUri"] == RULES[r["id"]].url
            assert r["shortDescription"]["text"] == RULES[r["id"]].summary

    first, second = run["results"]
    assert first["ruleId"] == "JAX001" and ids[first["ruleIndex"]] == "JAX001"
    assert first["level"] == "error" and second["level"] == "warning"
    assert first["message"]["text"] == CALLBACK.message
    (loc,) = first["locations"]
    assert loc["physicalLocation"]["artifactLocation"] == {"uri": "file:///abs/pkg/a.py"}
    assert loc["physicalLocation"]["region"] == {
        "startLine": 4, "startColumn": 19, "endLine": 4, "endColumn": END + 1,
    }
    related = first["relatedLocations"]
    assert [r["id"] for r in related] == [1, 2]
    assert related[0]["message"]["text"] == "`jax.grad` differentiates `loss`"
    assert related[0]["physicalLocation"]["region"]["startLine"] == 7
    flow = first["codeFlows"][0]["threadFlows"][0]["locations"]
    assert [s["location"]["message"]["text"] for s in flow] == [
        "`jax.grad` differentiates `loss`", "calls `jax.pure_callback`",
    ]
    assert "relatedLocations" not in second and "codeFlows" not in second


def test_sarif_relative_path_uses_base_id() -> None:
    r = FileResult("dir with space/a.py", (LOOP,), None)
    (res,) = json.loads(format_sarif([r]))["runs"][0]["results"]
    art = res["locations"][0]["physicalLocation"]["artifactLocation"]
    assert art == {"uri": "dir%20with%20space/a.py", "uriBaseId": "%SRCROOT%"}


def test_sarif_empty_run_still_lists_rules() -> None:
    run = json.loads(format_sarif([]))["runs"][0]
    assert run["results"] == [] and len(run["tool"]["driver"]["rules"]) == len(RULES) + 1


# -- statistics and the registry -------------------------------------------------------------


def test_statistics() -> None:
    results = [RESULT, FileResult("b.py", (CALLBACK,), None)]
    assert format_statistics(results) == (
        "2\tJAX001\tpure-callback-jvp\n1\tJAX009\treverse-mode-dynamic-loop\n"
        "Found 3 findings (2 errors, 1 warning).\n"
    )
    assert json.loads(format_statistics_json(results)) == [
        {"code": "JAX001", "name": "pure-callback-jvp", "count": 2, "fixable": False,
         "fixable_count": 0},
        {"code": "JAX009", "name": "reverse-mode-dynamic-loop", "count": 1, "fixable": False,
         "fixable_count": 0},
    ]


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_format_is_pure_and_handles_empty_input(name: str, tmp_path: Path) -> None:
    fmt = FORMATS[name]
    assert fmt([RESULT], False) == fmt([RESULT], False)
    assert isinstance(fmt([], False), str)
    assert list(tmp_path.iterdir()) == []


def test_a_huge_line_is_shown_as_a_window_around_the_finding() -> None:
    """A megabyte of minified code on one line prints as one screen line, carets in place."""
    before = "x = 1; " * 150_000
    line = before + "y = jax.pure_callback(f, s, x)"
    col = line.index("jax.pure_callback")
    finding = Finding("JAX001", "m", Span(1, col, 1, col + len("jax.pure_callback")))
    out = format_full([FileResult("big.py", (finding,), line + "\n")])
    assert len(out) < 2_000
    shown = next(row for row in out.splitlines() if row.startswith("1 | "))
    carets = next(row for row in out.splitlines() if "^" in row)
    at = carets.index("^")
    assert shown[at:].startswith("jax.pure_callback")
    assert shown.startswith("1 | …") and not shown.endswith("…")  # the line ends in view
