"""Output formats for other tools' readers: JSON lines, JUnit XML, GitLab Code Quality, pylint,
reviewdog's rdjson and Azure Pipelines logging commands, shaped like ruff's formats of the same
names so that a pipeline written for ruff reads them unchanged.

Positions are 1-based rows and columns, as in the other formats (see `formats`). A finding in
a notebook is placed as ruff places it (`notebook_layout`): at row 1, column 1 in the pylint,
azure and gitlab formats, nowhere in junit, in rows of ruff's concatenated cells in rdjson.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from jax_lsp.analysis.findings import Finding, Severity, Span
from jax_lsp.checker.notebook_layout import NotebookLayout, notebook_layouts
from jax_lsp.checker.results import FileResult, each_finding, rule_url

__all__ = ["CI_FORMATS"]

_TOOL = "jax-lsp"
#: characters XML 1.0 cannot hold, even escaped
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    return escape(_NOT_XML.sub("\ufffd", text))


def _xml_attr(text: str) -> str:
    return quoteattr(_NOT_XML.sub("\ufffd", text))


def format_json_lines(results: Sequence[FileResult]) -> str:
    """One JSON object a line, each the object `--output-format json` puts in its array
    (keys sorted at every level, as ruff's)."""
    from jax_lsp.checker.formats import json_items

    return "".join(json.dumps(item, ensure_ascii=False, separators=(",", ":"),
                              sort_keys=True) + "\n"
                   for item in json_items(results))


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _one_line(text: str) -> str:
    """Text for a line-based format: line breaks as spaces, control characters (a terminal
    escape sequence from a path or a message) made harmless."""
    return _CONTROL.sub("\ufffd", text.replace("\r\n", " ").replace("\n", " "))


_FILE_START = Span(1, 0, 1, 0)


def _file_spans(results: Sequence[FileResult]) -> list[tuple[FileResult, Finding, Span]]:
    """Each finding with the span the line-based formats give it: a notebook's findings at
    row 1, column 1 (the rows of an `.ipynb` file are its JSON's), as ruff places them; the
    message says the cell and row."""
    layouts = notebook_layouts(results)
    return [(r, f, f.span if layouts[id(r)] is None else _FILE_START)
            for r, f in each_finding(results)]


def format_pylint(results: Sequence[FileResult]) -> str:
    """``path:row: [CODE] message``, as pylint's parseable output (and ruff's `pylint`)."""
    return "".join(
        f"{_one_line(r.path)}:{span.line}: [{f.code}] {_one_line(f.message)}\n"
        for r, f, span in _file_spans(results)
    )


def format_azure(results: Sequence[FileResult]) -> str:
    """Azure Pipelines ``##vso[task.logissue ...]`` logging commands, one a finding."""
    out = []
    for r, f, span in _file_spans(results):
        kind = "warning" if f.severity is Severity.WARNING else "error"
        props = (
            f"type={kind};sourcepath={_vso(r.abspath)};linenumber={span.line};"
            f"columnnumber={span.col + 1};code={f.code};"
        )
        out.append(f"##vso[task.logissue {props}]{_vso(f.message)}\n")
    return "".join(out)


def _vso(text: str) -> str:
    """Escape a logging command's value (Azure's `%AZP25`, `;`, `]`, CR and LF)."""
    return (
        _CONTROL.sub("\ufffd", text)
        .replace("%", "%AZP25")
        .replace(";", "%3B")
        .replace("\r", "%0D")
        .replace("\n", "%0A")
        .replace("]", "%5D")
    )


def _fingerprint(r: FileResult, f: Finding, seen: dict[str, int]) -> str:
    """A stable id for GitLab: the file, the code, the message and the source line's text
    (not its number, so that an edit above does not make every finding look new)."""
    lines = (r.source or "").splitlines()
    text = lines[f.span.line - 1].strip() if 0 < f.span.line <= len(lines) else ""
    base = hashlib.sha256(f"{r.path}\0{f.code}\0{f.message}\0{text}".encode()).hexdigest()
    seen[base] = seen.get(base, 0) + 1
    return hashlib.sha256(f"{base}\0{seen[base]}".encode()).hexdigest()[:32]


def format_gitlab(results: Sequence[FileResult]) -> str:
    """A GitLab Code Quality report (a JSON array of issues)."""
    seen: dict[str, int] = {}
    issues = [
        {
            "check_name": f.code,
            "description": f"{f.code}: {f.message}",
            "severity": "major" if f.severity is Severity.ERROR else "minor",
            "fingerprint": _fingerprint(r, f, seen),
            "location": {
                "path": r.path,
                "positions": {
                    "begin": {"line": span.line, "column": span.col + 1},
                    "end": {"line": span.end_line, "column": span.end_col + 1},
                },
            },
        }
        for r, f, span in _file_spans(results)
    ]
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


def format_rdjson(results: Sequence[FileResult]) -> str:
    """reviewdog's Diagnostic Format (rdjson), with the fix of each finding as its
    `suggestions` (as ruff's: the fix `--fix --unsafe-fixes` would apply), the tool's `url`
    and the keys sorted as ruff's; each diagnostic has its own severity (jax-lsp has warnings,
    ruff only errors, which it calls WARNING)."""
    from jax_lsp.checker.fix_objects import rdjson_suggestions

    diagnostics: list[dict[str, Any]] = []
    layouts = notebook_layouts(results)
    for r, f in each_finding(results):
        code: dict[str, str] = {"value": f.code}
        url = rule_url(f.code)
        if url:
            code["url"] = url
        layout: NotebookLayout | None = layouts[id(r)]
        span = f.span if layout is None else layout.in_ruff_text(f.span)
        diagnostics.append(
            {
                "message": f.message,
                "location": {
                    "path": r.abspath,  # absolute, as ruff's
                    "range": {
                        "start": {"line": span.line, "column": span.col + 1},
                        "end": {"line": span.end_line, "column": span.end_col + 1},
                    },
                },
                "code": code,
                "severity": "WARNING" if f.severity is Severity.WARNING else "ERROR",
            }
        )
        suggestions = rdjson_suggestions(r, f, layout)
        if suggestions:
            diagnostics[-1]["suggestions"] = suggestions
    from jax_lsp.checker.formats import TOOL_URI

    report = {"source": {"name": _TOOL, "url": TOOL_URI}, "severity": "ERROR",
              "diagnostics": diagnostics}
    return json.dumps(report, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def format_junit(results: Sequence[FileResult]) -> str:
    """JUnit XML laid out as ruff's: a test suite a checked file with findings (its absolute
    path), a failing test case a finding (`org.jax_lsp.CODE`, the class the path without its
    suffix), the failure saying ``line L, col C, message`` (a notebook's: the message alone,
    as ruff's); a clean run is one passing suite, so that CI shows that the check ran."""
    by_file: dict[str, list[tuple[Finding, bool]]] = {}
    layouts = notebook_layouts(results)
    for r, f in each_finding(results):
        by_file.setdefault(r.abspath, []).append((f, layouts[id(r)] is None))
    total = sum(len(fs) for fs in by_file.values())
    package = 'package="org.jax_lsp"'
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<testsuites name={_xml_attr(_TOOL)} tests="{max(total, 1)}" skipped="0" '
        f'failures="{total}" errors="0">',
    ]
    if not by_file:
        out.append(f'    <testsuite name={_xml_attr(_TOOL)} tests="1" skipped="0" errors="0" '
                   f'failures="0" {package}>')
        out.append(f'        <testcase name="No errors found" classname={_xml_attr(_TOOL)}/>')
        out.append("    </testsuite>")
    for path, findings in by_file.items():
        out.append(
            f"    <testsuite name={_xml_attr(path)} tests=\"{len(findings)}\" skipped=\"0\" "
            f"errors=\"0\" failures=\"{len(findings)}\" {package}>"
        )
        classname = re.sub(r"\.(py|pyi|ipynb)$", "", path)
        for f, located in findings:
            where = f"line {f.span.line}, col {f.span.col + 1}, " if located else ""
            place = f' line="{f.span.line}" column="{f.span.col + 1}"' if located else ""
            out.append(
                f"        <testcase name={_xml_attr(f'org.jax_lsp.{f.code}')} "
                f"classname={_xml_attr(classname)}{place}>"
            )
            out.append("            <properties>")
            out.append(f"                <property name=\"severity\" "
                       f"value={_xml_attr(f.severity.value)}/>")
            out.append("            </properties>")
            out.append(
                f"            <failure message={_xml_attr(f.message)}>"
                f"{_xml_text(where)}{_xml_text(f.message)}</failure>"
            )
            out.append("        </testcase>")
        out.append("    </testsuite>")
    out.append("</testsuites>")
    return "\n".join(out) + "\n"


CI_FORMATS = {
    "json-lines": format_json_lines,
    "junit": format_junit,
    "gitlab": format_gitlab,
    "pylint": format_pylint,
    "rdjson": format_rdjson,
    "azure": format_azure,
}
