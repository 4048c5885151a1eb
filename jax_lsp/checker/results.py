"""What one checked file produced, as the formatters consume it: a plain value (only
`FileResult.notebook` reads a file: a notebook's cells, which the result does not keep)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding
from jax_lsp.codes import DOCS_BASE_URL, RULES
from jax_lsp.project.config import PARSE_ERROR_CODE

if TYPE_CHECKING:
    from jax_lsp.analysis.engine import AnalysisResult

__all__ = [
    "PARSE_ERROR_CODE",
    "PARSE_ERROR_NAME",
    "FileResult",
    "each_finding",
    "rule_name",
    "rule_url",
    "split_lines",
]

PARSE_ERROR_NAME = "syntax-or-decode-error"
PARSE_ERROR_SUMMARY = "the file does not parse as Python or is not valid UTF-8"

_NEWLINE = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class FileResult:
    """The findings reported in one file (already filtered, suppressed and sorted)."""

    #: the path as shown to people (relative to the working directory when inside it)
    path: str
    findings: tuple[Finding, ...] = ()
    #: the decoded text, for source snippets; None when the file could not be read or decoded
    source: str | None = None
    #: the absolute path, for machine-readable formats; None means `path`
    filename: str | None = None
    #: codes whose fixes the configuration's `fixable`/`unfixable` turn off in this file
    unfixable: frozenset[str] = frozenset()
    #: `--unsafe-fixes`: unsafe fixes count as fixable (`[*]` and the summary's hint)
    unsafe_fixes: bool = False
    #: codes whose fixes count as safe, and as unsafe, whatever their own safety (the
    #: configuration's `extend-safe-fixes`, `extend-unsafe-fixes`)
    safe_codes: frozenset[str] = frozenset()
    unsafe_codes: frozenset[str] = frozenset()
    #: a notebook's JSON text when it was not read from `filename` (standard input); the
    #: formats read a notebook's cells from the file otherwise
    notebook_text: str | None = None
    #: how many findings `--fix` fixed in this file before it was checked (ruff's summary
    #: then says ``Found 3 errors (2 fixed, 1 remaining).``)
    fixed: int = 0
    #: the analysis of `source` the findings come from (all of them, suppressed ones too),
    #: when it is the one the fix objects would make (default settings, no import followed
    #: into a file): they start from it instead of analysing the file again; else None
    analysis: AnalysisResult | None = field(default=None, compare=False, repr=False)

    def notebook(self) -> str:
        """The text of the notebook this result is about (raises OSError, UnicodeError)."""
        if self.notebook_text is not None:
            return self.notebook_text
        return Path(self.abspath).read_text(encoding="utf-8-sig")

    @property
    def abspath(self) -> str:
        return self.filename or self.path


def each_finding(results: Iterable[FileResult]) -> Iterator[tuple[FileResult, Finding]]:
    """(file result, finding) for every finding of `results`, in order."""
    for r in results:
        for f in r.findings:
            yield r, f


def rule_name(code: str) -> str:
    if code == PARSE_ERROR_CODE:
        return PARSE_ERROR_NAME
    r = RULES.get(code)
    return r.name if r else code.lower()


def rule_summary(code: str) -> str:
    if code == PARSE_ERROR_CODE:
        return PARSE_ERROR_SUMMARY
    r = RULES.get(code)
    return r.summary if r else ""


def rule_url(code: str) -> str | None:
    if code == PARSE_ERROR_CODE:
        return f"{DOCS_BASE_URL}#{code.lower()}"
    r = RULES.get(code)
    return r.url if r else None


def split_lines(source: str) -> list[str]:
    """The physical lines as Python numbers them (only \\n, \\r\\n and \\r end a line, unlike
    `str.splitlines`, which also splits on form feeds and Unicode separators)."""
    return _NEWLINE.split(source)
