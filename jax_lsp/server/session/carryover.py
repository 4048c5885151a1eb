"""Carry findings computed on one text over to an edited version of it, without re-analysing.

Used while a buffer does not parse (the last good findings stay where the text did not change)
and to answer hover and code actions while the analysis of the newest version is still
running. Only findings that lie wholly in the unchanged lines before or after the edited region
survive; those after it move by the number of lines the edit added or removed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from jax_lsp.analysis.findings import Finding, Span

__all__ = ["LineMap", "carry_over"]

_NEWLINE = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class LineMap:
    """How the lines of an old text map onto a new one: an unchanged prefix and suffix."""

    #: number of identical leading lines
    prefix: int
    #: first old line (0-based) of the identical trailing lines
    suffix_start: int
    #: lines added (positive) or removed (negative) by the edit
    delta: int

    @classmethod
    def between(cls, old: str, new: str) -> LineMap:
        if "\r" not in old and "\r" not in new:
            return cls._between_lf(old, new)
        if old == new:
            n = len(_NEWLINE.findall(old)) + 1
            return cls(n, n, 0)
        a = _NEWLINE.split(old)
        b = _NEWLINE.split(new)
        limit = min(len(a), len(b))
        prefix = 0
        while prefix < limit and a[prefix] == b[prefix]:
            prefix += 1
        suffix = 0
        while suffix < limit - prefix and a[-1 - suffix] == b[-1 - suffix]:
            suffix += 1
        return cls(prefix, len(a) - suffix, len(b) - len(a))

    @classmethod
    def _between_lf(cls, old: str, new: str) -> LineMap:
        """`between` for texts whose only line break is ``\\n``, from the common prefix and
        suffix of their characters (compared by slices, in C) instead of their split lines:
        this runs for every version typed that does not parse, and splitting and comparing a
        large module's lines one by one took tens of milliseconds. Each text's breaks are
        counted once in all: the common prefix and suffix once, for both."""
        if old == new:
            lines = old.count("\n") + 1
            return cls(lines, lines, 0)
        n, m = len(old), len(new)
        p = _common_length(old, new, from_end=False)
        s = _common_length(old, new, from_end=True)
        kept = min(s, n - p, m - p)  # the common suffix after the common prefix
        before, after = old.count("\n", 0, p), old.count("\n", n - kept)
        lines_old = before + old.count("\n", p, n - kept) + after + 1
        lines_new = before + new.count("\n", p, m - kept) + after + 1
        limit = min(lines_old, lines_new)
        # the lines before the first difference are equal; so is the one it is in if that
        # difference is only where one of them ends (the other goes on after a break)
        prefix = before
        if (p == n or old[p] == "\n") and (p == m or new[p] == "\n"):
            prefix += 1
        prefix = min(prefix, limit)
        # likewise the lines after the last difference, and the one it is in if it starts
        # right there in both
        suffix = after if kept == s else old.count("\n", n - s)
        if (s == n or old[n - s - 1] == "\n") and (s == m or new[m - s - 1] == "\n"):
            suffix += 1
        suffix = min(suffix, limit - prefix)
        return cls(prefix, lines_old - suffix, lines_new - lines_old)

    def span(self, span: Span) -> Span | None:
        """The span in the new text, or None if it touches an edited line."""
        if span.end_line - 1 < self.prefix:
            return span
        if span.line - 1 >= self.suffix_start:
            return Span(span.line + self.delta, span.col, span.end_line + self.delta, span.end_col)
        return None


def _common_length(a: str, b: str, *, from_end: bool) -> int:
    """The length of the longest common prefix (or suffix) of `a` and `b`, by bisection."""
    lo, hi = 0, min(len(a), len(b))
    n, m = len(a), len(b)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        same = a[n - mid:n - lo] == b[m - mid:m - lo] if from_end else a[lo:mid] == b[lo:mid]
        if same:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _carry(finding: Finding, lines: LineMap, same_file: Iterable[str | None]) -> Finding | None:
    span = lines.span(finding.span)
    if span is None:
        return None
    local = set(same_file)
    steps = []
    for step in finding.path:
        if step.filename not in local:
            steps.append(step)
            continue
        moved = lines.span(step.span)
        if moved is None:
            return None
        steps.append(replace(step, span=moved))
    operands = []
    for operand in finding.operand_spans:
        moved = lines.span(operand)
        if moved is None:
            return None
        operands.append(moved)
    if lines.delta == 0:
        return finding
    return replace(finding, span=span, path=tuple(steps), operand_spans=tuple(operands))


def carry_over(
    old: str, new: str, findings: Iterable[Finding], filename: str | None = None
) -> list[Finding]:
    """The findings of `old` that still hold, unchanged, in `new`, at their new lines.

    `filename` names the document in path steps (steps with that filename or none are in it).
    """
    findings = list(findings)
    if old == new or not findings:
        return findings
    lines = LineMap.between(old, new)
    out = []
    for finding in findings:
        moved = _carry(finding, lines, (None, filename))
        if moved is not None:
            out.append(moved)
    return out
