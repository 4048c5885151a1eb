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
from collections import Counter
from collections.abc import Callable, Sequence
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
from jax_lsp.checker.snippet import Style, render
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
    "would_fix",
]

TOOL_NAME = "jax-lsp"
TOOL_URI = "https://github.com/jax-lsp/jax-lsp"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

_SUMMARY_NOUN = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def summary_line(results: Sequence[FileResult], *, color: bool = False) -> str:
    """``Found 2 errors.``, ``Found 1 warning.``, ``Found 3 findings (1 error, 2 warnings).``,
    then, in ruff's words, how many `--fix` can fix and how many more `--unsafe-fixes` would
    (`color`: ruff's cyan star)."""
    found_line = found(results)
    fixable = sum(1 for r, f in each_finding(results) if is_fixable(r, f))
    hidden = sum(1 for r, f in each_finding(results)
                 if not r.unsafe_fixes and fix_applicability(r, f) == "unsafe")
    unsafe = f"{hidden} unsafe fix{'' if hidden == 1 else 'es'} available with " \
             "`--fix --unsafe-fixes`"
    star = f"[{_paint('*', _CYAN, color)}]"
    if fixable and hidden:
        return f"{found_line}\n{star} {fixable} fixable with `--fix` ({unsafe})."
    if fixable:
        return f"{found_line}\n{star} {fixable} fixable with `--fix`."
    if hidden:
        return f"{found_line}\n{unsafe}."
    return found_line


def would_fix(fixes: int, hidden: int) -> str:
    """ruff's last line of `--diff`: ``Would fix 2 errors.``, with the unsafe fixes that
    `--unsafe-fixes` would add (``... (1 additional fix available with `--unsafe-fixes`).``),
    or ``No errors would be fixed (1 fix available with `--unsafe-fixes`).``; empty when there
    is neither."""
    es = "" if hidden == 1 else "es"
    if fixes:
        line = f"Would fix {fixes} error{'' if fixes == 1 else 's'}"
        return f"{line} ({hidden} additional fix{es} available with `--unsafe-fixes`)." \
            if hidden else f"{line}."
    if hidden:
        return f"No errors would be fixed ({hidden} fix{es} available with `--unsafe-fixes`)."
    return ""


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
# ruff's own SGR sequences, so that the two tools' reports look alike in a terminal

_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_CYAN = "\x1b[36m"
_UNDERLINE = "\x1b[4m"
_SEVERITY_COLOR = {Severity.ERROR: "\x1b[1m\x1b[91m", Severity.WARNING: "\x1b[1m\x1b[33m",
                   Severity.INFO: "\x1b[1m\x1b[96m"}
#: the code in the concise and grouped formats
_CODE_COLOR = {Severity.ERROR: "\x1b[1m\x1b[31m", Severity.WARNING: "\x1b[1m\x1b[33m",
               Severity.INFO: "\x1b[1m\x1b[36m"}
_STATISTICS_CODE = "\x1b[1;31m"
_GUTTER = "\x1b[1m\x1b[94m"
_HELP = "\x1b[1m\x1b[96m"
_NOTE = "\x1b[1m\x1b[33m"


def _paint(text: str, style: str, color: bool) -> str:
    return f"{style}{text}{_RESET}" if color and text else text


def _marker(fixable: bool, color: bool, star: str = _CYAN) -> str:
    """ruff's `[*]` (the star coloured) after the code of a fixable finding."""
    return f" [{_paint('*', star, color)}]" if fixable else ""


# -- notebooks -------------------------------------------------------------------------------


def _without_cell_prefix(message: str, number: int, row: int) -> str:
    """A notebook finding's message without the `cell N, line L: ` the location now says."""
    return message.removeprefix(f"cell {number}, line {row}: ")


# -- concise ---------------------------------------------------------------------------------


def _header(r: FileResult, f: Finding, color: bool, layout: NotebookLayout | None = None) -> str:
    """``path:row:col: CODE [*] message``; in a notebook ``path:cell N:row:col:``, rows and
    columns in the cell, as ruff writes them (and colours them)."""
    message = f.message
    if layout is None:
        where = [printable(r.path), str(f.span.line), str(f.span.col + 1)]
    else:
        number, span = layout.place(f.span)
        where = [printable(r.path), f"cell {number}", str(span.line), str(span.col + 1)]
        message = _without_cell_prefix(message, number, span.line)
    colon = _paint(":", _CYAN, color)
    loc = _paint(where[0], _BOLD, color) + colon + colon.join(where[1:]) + colon
    code = _paint(f.code, _CODE_COLOR.get(f.severity, _BOLD), color)
    return f"{loc} {code}{_marker(is_fixable(r, f), color)} {printable(message)}"


def format_concise(results: Sequence[FileResult], *, color: bool = False) -> str:
    """``path:row:col: CODE message``, one finding a line, then the summary."""
    layouts = notebook_layouts(results)
    lines = [_header(r, f, color, layouts[id(r)]) for r, f in each_finding(results)]
    lines.append(summary_line(results, color=color))
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
        lines = [f"{_paint(printable(r.path), _UNDERLINE, color)}:"]  # as ruff's
        for row, where, col, f, message in rows:
            code = _paint(f.code, _CODE_COLOR.get(f.severity, _BOLD), color)
            fixable = _marker(is_fixable(r, f), color)
            pad = " " * (2 + row_width - len(str(row)))
            colon = _paint(":", _CYAN, color)
            lines.append(f"{pad}{where.replace(':', colon)}{colon}{col:<{col_width}} {code}"
                         f"{fixable} {printable(message)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks) + ("\n" if blocks else "") + summary_line(results, color=color) \
        + "\n"


# -- full ------------------------------------------------------------------------------------


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


def fix_title(r: FileResult, f: Finding) -> str | None:
    """What ruff's `help:` line says: the title of the fix offered first (as editors list
    it, before any fix is computed), also when the configuration makes the code unfixable,
    as ruff shows it then; None when no fix is offered."""
    if f.code == PARSE_ERROR_CODE:
        return None
    from jax_lsp.fixes.offers import listed_title, offered_kinds

    kinds = offered_kinds(f)
    return listed_title(kinds[0], f) if kinds else None


def _full_block(r: FileResult, f: Finding, lines: Sequence[str], color: bool,
                layout: NotebookLayout | None) -> str:
    """One finding as ruff 0.17's `full` format shows one: ``CODE [*] message``, the
    ``--> path:row:col`` location, the excerpt (`snippet`), then its `note:` lines (the path
    from the differentiation site) and the `help:` line (the fix's title). ruff also shows
    the fix as a diff under `help:`; that would mean building and analysing each fix (the
    `json` format's fix objects cost 4.0 s instead of 2.4 s on examples/): `--diff` shows it."""
    message, span = f.message, f.span
    if layout is None:
        where = f"{printable(r.path)}:{span.line}:{span.col + 1}"
    else:  # the finding's cell, its own lines (magics included), as ruff shows it
        number, span = layout.place(f.span)
        lines = layout.lines(number)
        where = f"{printable(r.path)}:cell {number}:{span.line}:{span.col + 1}"
        message = _without_cell_prefix(message, number, span.line)
    mark = _SEVERITY_COLOR.get(f.severity, _BOLD)
    style = Style(_GUTTER, mark) if color else Style()
    excerpt, gutter = render(lines, span, style)
    head = _paint(f.code, mark, color) + _marker(is_fixable(r, f), color, _HELP) + \
        _paint(f" {printable(message)}", _BOLD, color)
    out = [head, f"{' ' * gutter}{_paint('--> ', _GUTTER, color)}{where}", *excerpt]
    for step in f.path:
        out.append(_paint("note", _NOTE, color) + _paint(
            f": {_step_where(r, step, layout)}: {printable(step.label)}", _BOLD, color))
    title = fix_title(r, f)
    if title is not None:
        out.append(_paint("help", _HELP, color) + _paint(f": {printable(title)}", _BOLD, color))
    return "\n".join(out)


def format_full(results: Sequence[FileResult], *, color: bool = False) -> str:
    """Each finding laid out as ruff 0.17's `full` format lays out one (`_full_block`), an
    empty line after each; then the summary."""
    blocks = []
    lines_cache: dict[int, list[str]] = {}
    layouts = notebook_layouts(results)
    for r, f in each_finding(results):
        lines = lines_cache.setdefault(id(r), split_lines(r.source) if r.source else [])
        blocks.append(_full_block(r, f, lines, color, layouts[id(r)]))
    blocks.append(summary_line(results, color=color))
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
    """An array of objects shaped like ruff's JSON output, plus `related` (the path); keys
    sorted at every level, as ruff sorts them."""
    return json.dumps(json_items(results), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


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
    rows of an `.ipynb` file are its JSON's); the message says the cell and row. The path
    follows as `note:` lines and the fix's title as a `help:` line, as ruff ends its own."""
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
        title = fix_title(r, f)
        if title is not None:  # as ruff's annotations end
            text += f"\n  help: {printable(title, keep=_GH_ENCODED)}"
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


def _statistics(results: Sequence[FileResult]) -> list[tuple[str, int, int]]:
    """(code, findings, fixable findings) a code, most frequent first, as ruff orders them."""
    counts: Counter[str] = Counter()
    fixable: Counter[str] = Counter()
    for r, f in each_finding(results):
        counts[f.code] += 1
        fixable[f.code] += is_fixable(r, f)
    return sorted(((code, n, fixable[code]) for code, n in counts.items()),
                  key=lambda item: (-item[1], item[0]))


def format_statistics(results: Sequence[FileResult], *, color: bool = False) -> str:
    """ruff's `--statistics`: one line a code, its count right-aligned, the code padded to the
    widest, `[*]` or `[ ]` when any code has a fix `--fix` applies, and the rule's name; then
    the summary. Nothing when nothing was found, as ruff."""
    stats = _statistics(results)
    if not stats:
        return ""
    width = max(len(str(n)) for _, n, _ in stats)
    code_width = max(len(code) for code, _, _ in stats)
    marks = any(fixable for _, _, fixable in stats)
    lines = []
    for code, n, fixable in stats:
        mark = (f"[{_paint('*', _CYAN, color)}] " if fixable else "[ ] ") if marks else ""
        lines.append(f"{_paint(f'{n:>{width}}', _BOLD, color)}\t"
                     f"{_paint(f'{code:<{code_width}}', _STATISTICS_CODE, color)}\t"
                     f"{mark}{rule_name(code)}")
    lines.append(summary_line(results, color=color))
    return "\n".join(lines) + "\n"


def format_statistics_json(results: Sequence[FileResult]) -> str:
    """ruff's JSON statistics: code, name, count and how many of them `--fix` fixes."""
    stats = [
        {"code": code, "name": rule_name(code), "count": n, "fixable": fixable > 0,
         "fixable_count": fixable}
        for code, n, fixable in _statistics(results)
    ]
    return json.dumps(stats, indent=2) + "\n"


Formatter = Callable[[Sequence[FileResult], bool], str]


def _ci_formatter(format: Callable[[Sequence[FileResult]], str]) -> Formatter:
    """A CI format (no colour) as a `Formatter`."""
    return lambda results, color: format(results)

#: output format name -> formatter(results, color)
FORMATS: dict[str, Formatter] = {
    "full": lambda results, color: format_full(results, color=color),
    "concise": lambda results, color: format_concise(results, color=color),
    "grouped": lambda results, color: format_grouped(results, color=color),
    "json": lambda results, color: format_json(results),
    "github": lambda results, color: format_github(results),
    "sarif": lambda results, color: format_sarif(results),
    **{
        name: _ci_formatter(format)
        for name, format in CI_FORMATS.items()
    },
}
