"""Where the analysis stopped following a path, for `jax-lsp check --show-limits`.

Why: precision first. Where the analysis cannot follow the code (a value it cannot call, a
library it does not model, its work budget) it stays quiet rather than guess; a user who
expected a finding there needs to see where it stopped and why. The interpreter records them
only when asked (its `limits` is None otherwise, so an ordinary analysis pays nothing).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Limit:
    """One place where a followed path ended: 1-based line, 0-based column (in characters)
    in `path` (None: the analysed module itself; else a workspace module it imports)."""

    line: int
    col: int
    why: str
    path: str | None = None


def format_limits(shown: str, limits: list[Limit]) -> str:
    """`file:line:col: why` lines (the analysed file shown as `shown`), in order, once each."""
    lines = []
    for lim in sorted(set(limits), key=lambda x: (x.path or "", x.line, x.col, x.why)):
        where = shown if lim.path is None else lim.path
        lines.append(f"{where}:{lim.line}:{lim.col + 1}: {lim.why}")
    return "".join(line + "\n" for line in lines)
