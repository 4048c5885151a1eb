"""The JAX011/JAX012 pass's findings kept across versions of a module, reused when an edit
cannot change them: the pass runs at every keystroke, and a 5,000-line module's took four
times the rest of the keystroke's analysis.

What the pass read is recorded as it runs: the top-level statements it walked
(`static_names.Parents`), those holding the module-level definitions and values names
resolved to (`ModuleNames.resolved_lines`), or everything (a walk of the whole tree). A new
version reuses the findings when every top-level statement spans the same lines as before,
each statement that changed was not read, still names none of the words that would have made
the pass walk it, and binds the same names the same way at module level (so no lookup
elsewhere can resolve differently). The findings' positions are then unchanged too. A
version whose findings depended on other workspace modules is not kept: those files may
change with no edit here.
"""

from __future__ import annotations

import ast
import bisect
from dataclasses import dataclass

from jax_lsp.analysis.findings import Finding
from jax_lsp.analysis.run_environment import declared_argv
from jax_lsp.analysis.static_names import ModuleNames, module_bindings_shape

#: how many modules' last versions are kept (the open documents being typed in)
MAX_KEPT = 8


@dataclass(frozen=True)
class _Version:
    lines: list[str]
    #: each top-level statement's first (decorators included) and last line
    ranges: list[tuple[int, int]]
    #: the indices of the statements read (None: all of them)
    read: frozenset[int] | None
    #: the words a statement's text must not hold to stay unwalked
    words: frozenset[str]
    findings: tuple[Finding, ...]
    #: the declared command line the findings were made for (a click option's default is
    #: read off it: `click_commands.option_default`)
    argv: tuple[str, ...] = ()


_KEPT: list[_Version] = []


def _ranges(tree: ast.Module) -> list[tuple[int, int]]:
    """`Parents.first_line` and the last line of each statement, inline (every keystroke)."""
    out = []
    for st in tree.body:
        decorators = getattr(st, "decorator_list", None)
        out.append((decorators[0].lineno if decorators else st.lineno,
                    st.end_lineno or st.lineno))
    return out


def reuse(tree: ast.Module, text: str) -> list[Finding] | None:
    """The findings of a kept version that this one (`tree` parsed from `text`) has too;
    None when no kept version's findings can be shown to be this one's."""
    if not _KEPT:
        return None
    ranges = _ranges(tree)
    lines: list[str] | None = None
    argv = declared_argv()
    for i, kept in enumerate(_KEPT):
        if kept.ranges != ranges or kept.argv != argv:
            continue
        if lines is None:
            lines = text.split("\n")
        if _same_findings(kept, tree, lines):
            _KEPT.append(_KEPT.pop(i))  # most recently used last
            return list(kept.findings)
    return None


def _same_findings(kept: _Version, tree: ast.Module, lines: list[str]) -> bool:
    if len(lines) != len(kept.lines):
        return False
    changed_lines = [n for n, (a, b) in enumerate(zip(kept.lines, lines, strict=True)) if a != b]
    if not changed_lines:
        return True
    if kept.read is None:
        return False
    changed: set[int] = set()
    starts = [a for a, _ in kept.ranges]
    for n in changed_lines:  # 0-based line n is line n + 1
        i = bisect.bisect_right(starts, n + 1) - 1
        if i < 0 or n + 1 > kept.ranges[i][1]:
            continue  # between statements: a comment or a blank line
        changed.add(i)
    for i in changed:
        if i in kept.read:
            return False
        first, last = kept.ranges[i]
        new_text = "\n".join(lines[first - 1:last])
        if any(w in new_text for w in kept.words):
            return False  # the pass would walk it now
        old_text = "\n".join(kept.lines[first - 1:last])
        try:
            old = ast.parse(old_text)
        except (SyntaxError, ValueError, RecursionError):
            return False
        if module_bindings_shape(old.body) != module_bindings_shape([tree.body[i]]):
            return False
    return True


def keep(tree: ast.Module, text: str, names: ModuleNames, words: frozenset[str],
         findings: list[Finding]) -> None:
    """Keep this version's findings with what the pass read to make them."""
    if names.linked is not None and names.linked.consulted:
        return  # they may depend on other files
    parents = names.parents
    read: frozenset[int] | None = None
    if not names.read_everything:
        read = frozenset({*parents.walked(),
                          *(parents.statement_at(line) for line in names.resolved_lines)})
    version = _Version(text.split("\n"), _ranges(tree), read, words, tuple(findings),
                       declared_argv())
    # a version replaces the one kept for the same module (the same statements' lines)
    for i, kept in enumerate(_KEPT):
        if kept.ranges == version.ranges:
            del _KEPT[i]
            break
    _KEPT.append(version)
    del _KEPT[:-MAX_KEPT]


def forget() -> None:
    """Drop every kept version (tests that compare the pass with and without them)."""
    _KEPT.clear()
