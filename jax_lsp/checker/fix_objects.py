"""The fix each finding would get, as ruff's JSON output and SARIF describe fixes: the edits of
the fix `check --fix` (with `--unsafe-fixes` for an unsafe one) would apply to that one finding.

Computed only for the machine-readable formats (building a fix re-analyses the fixed source).
The edits are self-contained: the derivative machinery a fix shares with others is inlined
where `--fix` would create (or import) the helper module, since neither format can say
"create this file".
"""

from __future__ import annotations

import logging
from typing import Any

from jax_lsp.analysis.findings import Finding
from jax_lsp.checker.results import PARSE_ERROR_CODE, FileResult

__all__ = ["has_safe_fix", "ruff_fix", "sarif_fixes"]

log = logging.getLogger(__name__)


def has_safe_fix(r: FileResult, f: Finding) -> bool:
    """Whether `check --fix` (without --unsafe-fixes) has a fix for `f`, judged from the
    finding alone, as editors list fixes before computing them (`jax_lsp.fixes.offers`): a
    custom rule, or a host linear map not only transposed, of a code the configuration lets
    be fixed. ruff's `[*]` marker."""
    if f.code == PARSE_ERROR_CODE or f.code in r.unfixable:
        return False
    from jax_lsp.analysis.findings import FixKind
    from jax_lsp.fixes.offers import offered_kinds

    kinds = offered_kinds(f)
    if FixKind.CUSTOM_JVP in kinds or FixKind.CUSTOM_VJP in kinds:
        return True
    return f.code in ("JAX002", "JAX008") and bool(kinds) and set(f.modes) != {"transpose"}


class _FileFixer:
    """Chooses fixes in one file as `--fix --unsafe-fixes` would for its first finding: the
    candidates in `fix_choices` order (built lazily, `fix_candidates`), the first that
    `fix_worked` accepts. The fixed sources are analysed incrementally from the original's
    full analysis (as `--fix` does), not each in full: one finding's fix object costs about
    one incremental analysis, not four full ones; the module's statements are found once."""

    def __init__(self, r: FileResult) -> None:
        from collections import Counter

        from jax_lsp.analysis.incremental import IncrementalAnalyzer

        assert r.source is not None
        self.source = r.source
        self.filename = r.abspath
        self.analyzer = IncrementalAnalyzer()
        first = self.analyzer.analyze(self.source, self.filename, None, None, incremental=False)
        self.codes = Counter(f.code for f in first.findings)
        self.reported = Counter(f.code for f in self._reported(first, self.source) or ())
        from jax_lsp.fixes.outline import Outline
        from jax_lsp.fixes.source import GENERATED_MARKER

        #: the statements of the source, found once for all its findings' fixes
        self.outline = Outline.of(self.source, GENERATED_MARKER)

    @staticmethod
    def _reported(result: Any, text: str) -> list[Finding] | None:
        from jax_lsp.analysis.suppress import filter_suppressed

        if result.error is not None:
            return None
        return list(filter_suppressed(text, result.findings))

    def choose(self, f: Finding) -> Any:
        from jax_lsp.fixes.apply import fix_worked
        from jax_lsp.fixes.model import apply_edits
        from jax_lsp.fixes.registry import fix_candidates

        for fix in fix_candidates(self.source, f, unsafe=True, outline=self.outline):
            new = apply_edits(self.source, fix.edits)
            if new == self.source:
                continue
            result = self.analyzer.analyze(new, self.filename, None, None, incremental=True)
            if fix_worked(f.code, self.reported[f.code], self.codes, result,
                          self._reported(result, new)):
                return fix
        return None


#: the fixer of the file whose findings are being written (formats go file by file)
_current: list[tuple[FileResult, _FileFixer]] = []


def _fix(r: FileResult, f: Finding) -> Any:
    """The fix `--fix --unsafe-fixes` would choose for `f`, or None (as for ruff, also when
    the configuration makes its code unfixable)."""
    if f.code == PARSE_ERROR_CODE or f.code in r.unfixable or r.source is None \
            or r.abspath.endswith(".ipynb"):
        return None
    try:
        if not _current or _current[0][0] is not r:
            _current[:] = [(r, _FileFixer(r))]
        return _current[0][1].choose(f)
    except Exception:  # noqa: BLE001 - a fix that cannot be built is no fix, not a crash
        log.exception("cannot build the fix of %s at %s", f.code, f.span)
        return None


def ruff_fix(r: FileResult, f: Finding) -> dict[str, Any] | None:
    """ruff's `fix` object: applicability, message and edits (1-based rows and columns)."""
    fix = _fix(r, f)
    if fix is None:
        return None
    return {
        "applicability": "safe" if fix.safe else "unsafe",
        "message": fix.title,
        "edits": [
            {
                "content": e.new_text,
                "location": {"row": e.span.line, "column": e.span.col + 1},
                "end_location": {"row": e.span.end_line, "column": e.span.end_col + 1},
            }
            for e in fix.edits
        ],
    }


def sarif_fixes(r: FileResult, f: Finding, artifact: dict[str, str]) -> list[dict[str, Any]]:
    """SARIF 2.1.0 `fixes` of a result: one fix with its replacements in the file."""
    fix = _fix(r, f)
    if fix is None:
        return []
    replacements = [
        {
            "deletedRegion": {
                "startLine": e.span.line,
                "startColumn": e.span.col + 1,
                "endLine": e.span.end_line,
                "endColumn": e.span.end_col + 1,
            },
            "insertedContent": {"text": e.new_text},
        }
        for e in fix.edits
    ]
    return [
        {
            "description": {"text": fix.title + ("" if fix.safe else " (unsafe)")},
            "artifactChanges": [{"artifactLocation": artifact, "replacements": replacements}],
        }
    ]
