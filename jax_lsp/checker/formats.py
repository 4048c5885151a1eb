"""Output formats of `jax-lsp check`: one pure function per format, results in, text out.

The formats people read (full, concise, github, statistics) show every file name, message and
source line through `terminal.printable`: text from a repository never reaches the terminal
as control characters.

Positions shown to people and written to machine formats are 1-based rows and 1-based columns
counted in characters (Unicode code points); end columns are exclusive, as in ruff's JSON.
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import PurePath, PurePosixPath
from typing import Any
from urllib.parse import quote

from jax_lsp import __version__
from jax_lsp.analysis.findings import Finding, PathStep, Severity, Span
from jax_lsp.checker.ci_formats import CI_FORMATS
from jax_lsp.checker.fix_objects import fix_applicability, is_fixable, ruff_fix, sarif_fixes
from jax_lsp.checker.notebook_layout import NotebookLayout, notebook_layouts
from jax_lsp.checker.results import (
    PARSE_ERROR_CODE,
    FileResult,
    each_finding,
    rule_name,
    rule_summary,
    rule_url,
    split_lines,
)
from jax_lsp.codes import RULES
from jax_lsp.terminal import printable

__all__ = [
    "FORMATS",
    "format_concise",
    "format_full",
    "format_github",
    "format_grouped",
    "format_json",
    "format_sarif",
    "format_statistics",
    "format_statistics_json",
    "found",
    "summary_line",
]

TOOL_NAME = "jax-lsp"
TOOL_URI = "https://github.com/jax-lsp/jax-lsp"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

#: lines of source shown before and after a finding's range in the `full` format
CONTEXT_LINES = 2
#: a longer range shows its first and last lines only
MAX_SPAN_LINES = 6
TAB_WIDTH = 4
#: a longer source line is shown as this many characters around the finding
MAX_LINE_CHARS = 160
LINE_LEAD_CHARS = 40


_SUMMARY_NOUN = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def summary_line(results: Sequence[FileResult]) -> str:
    """``Found 2 errors.``, ``Found 1 warning.``, ``Found 3 findings (1 error, 2 warnings).``,
    then, in ruff's words, how many `--fix` can fix and how many more `--unsafe-fixes` would."""
    found_line = found(results)
    fixable = sum(1 for r, f in each_finding(results) if is_fixable(r, f))
    hidden = sum(1 for r, f in each_finding(results)
                 if not r.unsafe_fixes and fix_applicability(r, f) == "unsafe")
    unsafe = f"{hidden} unsafe fix{'' if hidden == 1 else 'es'} available with " \
             "`--fix --unsafe-fixes`"
    if fixable and hidden:
        return f"{found_line}\n[*] {fixable} fixable with `--fix` ({unsafe})."
    if fixable:
        return f"{found_line}\n[*] {fixable} fixable with `--fix`."
    if hidden:
        return f"{found_line}\n{unsafe}."
    return found_line


def found(results: Sequence[FileResult]) -> str:
    """The summary's first line: ``Found 2 errors.``, ..., or ``All checks passed!``; after
    `--fix` fixed some, as ruff says it, ``Found 3 errors (2 fixed, 1 remaining).``"""
    counts = Counter(f.severity for _, f in each_finding(results))
    fixed = sum(r.fixed for r in results)
    if fixed:
        remaining = sum(counts.values())
        total = fixed + remaining
        noun = "error" if set(counts) <= {Severity.ERROR} else "finding"
        return f"Found {total} {noun}{'' if total == 1 else 's'} ({fixed} fixed, " \
               f"{remaining} remaining)."
    if not counts:
        return "All checks passed!"
    parts = [
        f"{n} {_SUMMARY_NOUN[severity]}{'' if n == 1 else 's'}"
        for severity in Severity
        if (n := counts.get(severity, 0))
    ]
    if len(parts) == 1:
        return f"Found {parts[0]}."
    total = sum(counts.values())
    return f"Found {total} findings ({', '.join(parts)})."


# -- colour ----------------------------------------------------------------------------------

_RESET = "\x1b[0m"
_BOLD = "1"
_SEVERITY_COLOR = {Severity.ERROR: "1;31", Severity.WARNING: "1;33", Severity.INFO: "1;36"}
_GUTTER = "1;34"


def _paint(text: str, style: str, color: bool) -> str:
    return f"\x1b[{style}m{text}{_RESET}" if color and text else text


# -- notebooks -------------------------------------------------------------------------------


def _without_cell_prefix(message: str, number: int, row: int) -> str:
    """A notebook finding's message without the `cell N, line L: ` the location now says."""
    return message.removeprefix(f"cell {number}, line {row}: ")


# -- concise ---------------------------------------------------------------------------------


def _header(r: FileResult, f: Finding, color: bool, layout: NotebookLayout | None = None) -> str:
    """``path:row:col: CODE [*] message``; in a notebook ``path:cell N:row:col:``, rows and
    columns in the cell, as ruff writes them."""
    message = f.message
    if layout is None:
        loc = f"{printable(r.path)}:{f.span.line}:{f.span.col + 1}:"
    else:
        number, span = layout.place(f.span)
        loc = f"{printable(r.path)}:cell {number}:{span.line}:{span.col + 1}:"
        message = _without_cell_prefix(message, number, span.line)
    code = _paint(f.code, _SEVERITY_COLOR.get(f.severity, _BOLD), color)
    fixable = " [*]" if is_fixable(r, f) else ""
    return f"{_paint(loc, _BOLD, color)} {code}{fixable} {printable(message)}"


def format_concise(results: Sequence[FileResult], *, color: bool = False) -> str:
    """``path:row:col: CODE message``, one finding a line, then the summary."""
    layouts = notebook_layouts(results)
    lines = [_header(r, f, color, layouts[id(r)]) for r, f in each_finding(results)]
    lines.append(summary_line(results))
    return "\n".join(lines) + "\n"


# -- grouped ---------------------------------------------------------------------------------


def format_grouped(results: Sequence[FileResult], *, color: bool = False) -> str:
    """ruff's `grouped`: each file's path, then one indented line a finding, ``row:col CODE
    [*] message`` (in a notebook ``cell N:row:col``), rows right-aligned and columns padded to
    the widest of the file, as ruff aligns them (a notebook's by its rows in ruff's
    concatenated cells, `notebook_layout`); a blank line after each file; then the summary."""
    by_file: dict[int, tuple[FileResult, list[Finding]]] = {}
    for r, f in each_finding(results):
        by_file.setdefault(id(r), (r, []))[1].append(f)
    layouts = notebook_layouts(results)
    blocks = []
    for r, findings in by_file.values():
        layout = layouts[id(r)]
        rows = []  # (row aligned on, location text, column, finding, message)
        for f in findings:
            message = f.message
            if layout is None:
                rows.append((f.span.line, str(f.span.line), f.span.col + 1, f, message))
                continue
            number, span = layout.place(f.span)
            message = _without_cell_prefix(message, number, span.line)
            rows.append((layout.in_ruff_text(f.span).line, f"cell {number}:{span.line}",
                         span.col + 1, f, message))
        row_width = max(len(str(row)) for row, *_ in rows)
        col_width = max(len(str(col)) for _, _, col, *_ in rows)
        lines = [f"{_paint(printable(r.path), _BOLD, color)}:"]
        for row, where, col, f, message in rows:
            code = _paint(f.code, _SEVERITY_COLOR.get(f.severity, _BOLD), color)
            fixable = " [*]" if is_fixable(r, f) else ""
            pad = " " * (2 + row_width - len(str(row)))
            lines.append(f"{pad}{where}:{col:<{col_width}} {code}{fixable} {printable(message)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks) + ("\n" if blocks else "") + summary_line(results) + "\n"


# -- full ------------------------------------------------------------------------------------


def _char_width(c: str) -> int:
    if c == "\t":
        return TAB_WIDTH
    if unicodedata.combining(c) or c in "\u200b\u200d\ufeff":
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def _display(text: str) -> str:
    """A source line as printed: tabs as spaces, control characters made harmless (one
    column each, like the character `_char_width` counts)."""
    return printable(text.replace("\t", " " * TAB_WIDTH))


def _width(text: str) -> int:
    return sum(_char_width(c) for c in text)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t\f"))


def _underlines(lines: Sequence[str], span: Span) -> dict[int, tuple[int, int]]:
    """Line number -> (start, end) character columns to underline on that line."""
    line, col, end_line, end_col = span.line, span.col, span.end_line, span.end_col
    if end_line > line and end_col == 0:  # the range ends at the start of a line
        end_line -= 1
        end_col = len(lines[end_line - 1]) if end_line - 1 < len(lines) else 0
    end_line = min(max(end_line, line), len(lines))
    out: dict[int, tuple[int, int]] = {}
    for n in range(line, end_line + 1):
        text = lines[n - 1]
        start = col if n == line else _indent(text)
        end = end_col if n == end_line else len(text)
        out[n] = (start, max(end, start))
    return out


def _window(text: str, anchor: int) -> tuple[int, int]:
    """The characters of a source line to print: all of it, or for a line longer than
    `MAX_LINE_CHARS` (minified or generated code) a window that starts a little before
    `anchor` (the finding's column), so that a megabyte line prints as one screen line."""
    if len(text) <= MAX_LINE_CHARS:
        return 0, len(text)
    lo = max(0, min(anchor - LINE_LEAD_CHARS, len(text) - MAX_LINE_CHARS))
    return lo, lo + MAX_LINE_CHARS


def _snippet(lines: Sequence[str], f: Finding, color: bool) -> tuple[list[str], int]:
    """The source lines around the finding with carets under its range, and the gutter width."""
    if not 1 <= f.span.line <= len(lines):
        return [], 1
    marks = _underlines(lines, f.span)
    first_marked, last_marked = min(marks), max(marks)
    shown = list(range(max(1, first_marked - CONTEXT_LINES), first_marked))
    if last_marked - first_marked + 1 > MAX_SPAN_LINES:
        shown += [first_marked, first_marked + 1, -1, last_marked - 1, last_marked]
    else:
        shown += range(first_marked, last_marked + 1)
    # a final newline does not start another line
    count = len(lines) - 1 if len(lines) > 1 and lines[-1] == "" else len(lines)
    shown += range(last_marked + 1, min(count, last_marked + CONTEXT_LINES) + 1)
    width = len(str(max(shown)))
    bar = _paint(" " * width + " |", _GUTTER, color)
    style = _SEVERITY_COLOR.get(f.severity, _BOLD)
    out = [bar]
    for n in shown:
        if n == -1:
            out.append(_paint("." * width + " |", _GUTTER, color) + " ...")
            continue
        text = lines[n - 1]
        lo, hi = _window(text, marks[n][0] if n in marks else f.span.col)
        shown_text = ("…" if lo else "") + text[lo:hi] + ("…" if hi < len(text) else "")
        number = _paint(f"{n:>{width}} |", _GUTTER, color)
        out.append(f"{number} {_display(shown_text)}".rstrip())
        if n in marks:
            start, end = (min(max(c, lo), hi) for c in marks[n])
            pad = _width(text[lo:start]) + (1 if lo else 0)
            carets = "^" * max(1, _width(text[start:end]))
            label = f" {f.code}" if n == last_marked else ""
            out.append(f"{bar} {' ' * pad}{_paint(carets + label, style, color)}")
    out.append(bar)
    return out, width


def _step_location(r: FileResult, step: PathStep, *, absolute: bool = False) -> str:
    if step.filename is not None:
        return step.filename
    return r.abspath if absolute else r.path


def _step_where(r: FileResult, step: PathStep, layout: NotebookLayout | None) -> str:
    """``path:row:col`` of a path step; in the notebook itself ``path:cell N:row:col``."""
    if layout is not None and step.filename is None:
        number, span = layout.place(step.span)
        return f"{printable(r.path)}:cell {number}:{span.line}:{span.col + 1}"
    return f"{printable(_step_location(r, step))}:{step.span.line}:{step.span.col + 1}"


def _notes(r: FileResult, f: Finding, color: bool, width: int,
           layout: NotebookLayout | None = None) -> list[str]:
    out = []
    for step in f.path:
        where = _step_where(r, step, layout)
        out.append(f"{' ' * (width + 1)}= {_paint('note', _BOLD, color)}: {where}: "
                   f"{printable(step.label)}")
    return out


def format_full(results: Sequence[FileResult], *, color: bool = False) -> str:
    """Each finding with its header, the source lines with carets under the range, and the
    path from the differentiation site as notes; then the summary."""
    blocks = []
    lines_cache: dict[int, list[str]] = {}
    layouts = notebook_layouts(results)
    for r, f in each_finding(results):
        layout = layouts[id(r)]
        if layout is None:
            lines = lines_cache.setdefault(id(r), split_lines(r.source) if r.source else [])
            snippet, width = _snippet(lines, f, color)
        else:  # the finding's cell, its own lines (magics included), as ruff shows it
            number, span = layout.place(f.span)
            snippet, width = _snippet(layout.lines(number), replace(f, span=span), color)
        block = [_header(r, f, color, layout), *snippet, *_notes(r, f, color, width, layout)]
        blocks.append("\n".join(block))
    blocks.append(summary_line(results))
    return "\n\n".join(blocks) + "\n"


# -- json ------------------------------------------------------------------------------------


def _location(line: int, col: int) -> dict[str, int]:
    return {"row": line, "column": col + 1}


def _json_item(r: FileResult, f: Finding, layout: NotebookLayout | None) -> dict[str, Any]:
    """One finding; in a notebook (`layout`), like ruff: `cell` is the cell's 1-based number
    among all cells (markdown ones included) and rows count from the cell's first line."""

    def place(span: Span) -> dict[str, Any]:
        if layout is None:
            return {
                "location": _location(span.line, span.col),
                "end_location": _location(span.end_line, span.end_col),
            }
        number, in_cell = layout.place(span)
        return {
            "cell": number,
            "location": _location(in_cell.line, in_cell.col),
            "end_location": _location(in_cell.end_line, in_cell.end_col),
        }

    here = place(f.span)
    item: dict[str, Any] = {
        "cell": here.get("cell"),
        "code": f.code,
        "end_location": here["end_location"],
        "filename": r.abspath,
        "fix": ruff_fix(r, f),
        "location": here["location"],
        "message": f.message,
        "name": rule_name(f.code),
        "noqa_row": None if f.code == PARSE_ERROR_CODE else here["location"]["row"],
        "related": [],
        "severity": f.severity.value,
        "url": rule_url(f.code),
    }
    for step in f.path:
        where = place(step.span) if step.filename is None else _place_elsewhere(step.span)
        item["related"].append(
            {"message": step.label, "filename": _step_location(r, step, absolute=True), **where}
        )
    return item


def _place_elsewhere(span: Span) -> dict[str, Any]:
    return {
        "location": _location(span.line, span.col),
        "end_location": _location(span.end_line, span.end_col),
    }


def json_items(results: Sequence[FileResult]) -> list[dict[str, Any]]:
    """The findings as the objects of ruff's JSON output, plus `related` (the path)."""
    layouts = notebook_layouts(results)
    return [_json_item(r, f, layouts[id(r)]) for r, f in each_finding(results)]


def format_json(results: Sequence[FileResult]) -> str:
    """An array of objects shaped like ruff's JSON output, plus `related` (the path)."""
    return json.dumps(json_items(results), indent=2, ensure_ascii=False) + "\n"


# -- github ----------------------------------------------------------------------------------

_GITHUB_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


_GH_ENCODED = "\r\n"


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github(results: Sequence[FileResult]) -> str:
    """GitHub Actions workflow commands: one ``::error ...::message`` annotation a finding.
    A finding in a notebook is annotated at row 1, column 1 of the file, as ruff does (the
    rows of an `.ipynb` file are its JSON's); the message says the cell and row."""
    out = []
    layouts = notebook_layouts(results)
    for r, f in each_finding(results):
        layout = layouts[id(r)]
        s = f.span if layout is None else Span(1, 0, 1, 0)
        props = ",".join(
            [
                f"title={_gh_property(f'{TOOL_NAME} ({f.code})')}",
                f"file={_gh_property(printable(r.abspath))}",
                f"line={s.line}",
                f"col={s.col + 1}",
                f"endLine={s.end_line}",
                f"endColumn={s.end_col + 1}",
            ]
        )
        # newlines stay: `_gh_data` encodes them, and GitHub shows them as line breaks
        text = (f"{printable(r.path)}:{s.line}:{s.col + 1}: {f.code} "
                f"{printable(f.message, keep=_GH_ENCODED)}")
        for step in f.path:
            where = _step_where(r, step, layout)
            text += f"\n  note: {where}: {printable(step.label, keep=_GH_ENCODED)}"
        out.append(f"::{_GITHUB_LEVEL.get(f.severity, 'error')} {props}::{_gh_data(text)}")
    return "".join(line + "\n" for line in out)


# -- sarif -----------------------------------------------------------------------------------

_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _artifact(filename: str) -> dict[str, str]:
    if os.path.isabs(filename):
        return {"uri": PurePath(filename).as_uri()}
    posix = PurePosixPath(*PurePath(filename).parts).as_posix()
    return {"uri": quote(posix), "uriBaseId": "%SRCROOT%"}


def _physical(filename: str, span: Span) -> dict[str, Any]:
    return {
        "artifactLocation": _artifact(filename),
        "region": {
            "startLine": span.line,
            "startColumn": span.col + 1,
            "endLine": span.end_line,
            "endColumn": span.end_col + 1,
        },
    }


def _sarif_rules() -> list[dict[str, Any]]:
    rules = []
    for code in (PARSE_ERROR_CODE, *sorted(RULES)):
        rules.append(
            {
                "id": code,
                "name": rule_name(code),
                "shortDescription": {"text": rule_summary(code)},
                "helpUri": rule_url(code),
                "defaultConfiguration": {"level": "error"},
            }
        )
    return rules


def _sarif_result(r: FileResult, f: Finding, index: dict[str, int],
                  layout: NotebookLayout | None) -> dict[str, Any]:
    """One result; in a notebook, rows count in ruff's concatenated text of the code cells
    (`notebook_layout`), as ruff's SARIF regions do."""

    def span_of(span: Span, elsewhere: bool = False) -> Span:
        return span if layout is None or elsewhere else layout.in_ruff_text(span)

    result: dict[str, Any] = {
        "ruleId": f.code,
        "level": _SARIF_LEVEL.get(f.severity, "error"),
        "message": {"text": f.message},
        "locations": [{"physicalLocation": _physical(r.abspath, span_of(f.span))}],
    }
    if f.code in index:
        result["ruleIndex"] = index[f.code]
    fixes = sarif_fixes(r, f, _artifact(r.abspath), layout)
    if fixes:
        result["fixes"] = fixes
    if f.path:
        steps = [
            {
                "physicalLocation": _physical(_step_location(r, st, absolute=True),
                                              span_of(st.span, st.filename is not None)),
                "message": {"text": st.label},
            }
            for st in f.path
        ]
        result["relatedLocations"] = [{"id": i, **loc} for i, loc in enumerate(steps, 1)]
        result["codeFlows"] = [
            {"threadFlows": [{"locations": [{"location": loc} for loc in steps]}]}
        ]
    return result


def format_sarif(results: Sequence[FileResult]) -> str:
    """A SARIF 2.1.0 log: the rule table from `jax_lsp.codes`, one result a finding, the path as
    related locations and as a code flow."""
    rules = _sarif_rules()
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    layouts = notebook_layouts(results)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": TOOL_NAME,
                        "informationUri": TOOL_URI,
                        "version": __version__,
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_sarif_result(r, f, index, layouts[id(r)])
                            for r, f in each_finding(results)],
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


# -- statistics ------------------------------------------------------------------------------


def _statistics(results: Sequence[FileResult]) -> list[tuple[str, int]]:
    counts = Counter(f.code for _, f in each_finding(results))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def format_statistics(results: Sequence[FileResult], *, color: bool = False) -> str:
    """One line a code: count, code and rule name, most frequent first; then the summary."""
    stats = _statistics(results)
    width = max((len(str(n)) for _, n in stats), default=1)
    lines = [
        f"{n:>{width}}\t{_paint(code, _BOLD, color)}\t{rule_name(code)}" for code, n in stats
    ]
    lines.append(summary_line(results))
    return "\n".join(lines) + "\n"


def format_statistics_json(results: Sequence[FileResult]) -> str:
    stats = [
        {"code": code, "name": rule_name(code), "count": n} for code, n in _statistics(results)
    ]
    return json.dumps(stats, indent=2) + "\n"


Formatter = Callable[[Sequence[FileResult], bool], str]

#: output format name -> formatter(results, color)
FORMATS: dict[str, Formatter] = {
    "full": lambda results, color: format_full(results, color=color),
    "concise": lambda results, color: format_concise(results, color=color),
    "grouped": lambda results, color: format_grouped(results, color=color),
    "json": lambda results, color: format_json(results),
    "github": lambda results, color: format_github(results),
    "sarif": lambda results, color: format_sarif(results),
    **{
        name: (lambda results, color, _format=format: _format(results))
        for name, format in CI_FORMATS.items()
    },
}
