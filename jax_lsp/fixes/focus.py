"""The part of a module a fix needs LibCST to see, so that `--fix` does not pay for LibCST (ten
times slower than `ast`, and its scope analysis more again) on the whole of a large module.

A fix reads: the statements of its finding (the call, the differentiation site), the module's
header (where new imports and helpers go), what imports bind, the module-level definitions the
kept statements name (the host function a rule is written beside, a generated helper), and
every identifier of the module (so a new name clashes with none). `focus_text` keeps the
top-level statements holding those (and any rebinding a name an import binds), as a short
text of those statements' lines alone, with the table that maps its lines back to the module's
(columns are the same), so that edits computed on it apply to the module. The identifiers and
import-bound names of the whole module come from `ast`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass

from jax_lsp.fixes.outline import Outline

__all__ = ["Focus", "focus_text", "module_line"]

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Focus:
    """The text LibCST parses and what the whole module binds and mentions."""

    text: str
    #: (first line in `text`, first line in the module, line count) of each kept block
    blocks: tuple[tuple[int, int, int], ...]
    #: every identifier a module-level name must avoid (as `FixSource.all_names`)
    names: frozenset[str]
    #: every name an import binds anywhere (as `FixSource.import_bound_names`)
    import_bound: frozenset[str]


def focus_text(text: str, lines: Iterable[int], marker: str,
               outline: Outline | None = None) -> Focus | None:
    """The module `text` with only the top-level statements a fix of something on `lines`
    needs (see the module docstring); None when `ast` cannot parse it (use the whole text).
    `marker` starts the docstring of a generated helper (kept: fixes reuse them). `outline`,
    `text`'s own, saves parsing it."""
    if outline is None:
        outline = Outline.of(text, marker)
        if outline is None:
            return None
    body = outline.statements
    los, his = outline.los, outline.his
    wanted = set(lines)
    keep: set[int] = set()
    for i, st in enumerate(body):
        keep.add(i)  # the header and the first statement after it: where additions go
        if not (st.is_import or (i == 0 and st.docstring_like)):
            break
    names, imported = outline.name_sets()
    source_lines = outline.lines
    seeds: set[int] = set()
    for n in wanted:  # the statements holding a wanted line
        i = bisect.bisect_right(los, n) - 1
        while i >= 0 and his[i] >= n:
            seeds.add(i)
            i -= 1
    named: set[str | None] = set()  # the identifiers the finding's statements write
    for i in seeds:
        named.update(_IDENT.findall("".join(source_lines[los[i] - 1 : his[i]])))
    named.discard(None)
    for i, st in enumerate(body):  # one pass: it runs for every fix, over every statement
        if (st.module_import or st.generated or st.defines in named
                or (st.binds and st.binds & imported)):
            # what imports bind (or rebinds it), the generated helpers, the module-level
            # definitions the finding's statements name
            keep.add(i)
    keep.update(seeds)
    merged: list[list[int]] = []
    for lo, hi in sorted((los[i], his[i]) for i in keep):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    out: list[str] = []
    blocks = []
    for lo, hi in merged:
        blocks.append((len(out) + 1, lo, hi - lo + 1))
        out.extend(source_lines[lo - 1 : hi])
    if out and not out[-1].endswith(("\n", "\r")):
        out[-1] += "\n"
    return Focus("".join(out), tuple(blocks), names, imported)


def module_line(focus: Focus, line: int) -> int:
    """The module's line of a line of `focus.text`."""
    for start, first, count in reversed(focus.blocks):
        if line >= start:
            return first + min(line - start, count)
    return line
