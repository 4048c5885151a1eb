"""The suppression fix: add `# jax-lsp: ignore[CODE]` to the finding's line, merging with an
existing `jax-lsp: ignore[...]` comment there."""

from __future__ import annotations

import re

from jax_lsp.analysis.findings import Finding, FixKind, Span
from jax_lsp.fixes.model import Fix, TextEdit

_IGNORE = re.compile(r"#\s*jax-lsp:\s*ignore\[([^\]]*)\]")


def suppress_fix(source: str, finding: Finding) -> Fix | None:
    lines = source.splitlines()
    if not 0 < finding.span.line <= len(lines):
        return None
    n = finding.span.line
    text = lines[n - 1]
    title = f"Suppress {finding.code} on this line"
    m = _IGNORE.search(text)
    if m:
        codes = [c.strip() for c in m.group(1).split(",") if c.strip()]
        if finding.code in codes:
            return None
        codes.append(finding.code)
        new = f"# jax-lsp: ignore[{', '.join(codes)}]"
        span = Span(n, m.start(), n, m.end())
        return Fix(FixKind.SUPPRESS, title, True, (TextEdit(span, new),))
    stripped = text.rstrip()
    span = Span(n, len(stripped), n, len(text))
    return Fix(FixKind.SUPPRESS, title, True,
               (TextEdit(span, f"  # jax-lsp: ignore[{finding.code}]"),))
