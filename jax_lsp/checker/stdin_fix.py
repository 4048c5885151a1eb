"""`--fix` and `--diff` on standard input, as ruff does them: the fixed source (or its diff)
goes to standard output, for an editor or a pipe to take in place of what it sent.

Only `--fix` of a source named by `--stdin-filename` writes, and only the helper module beside
that name that a custom rule's fix imports (as `--fix` on the file would create it), so that the
source an editor takes back changes by a few lines; `--diff`, an unnamed source, or a name
where that module cannot be made get the helpers in the fixed source itself (`fix_source`
without `helpers`, as the JSON output's fix objects do). A notebook is fixed as `--fix` fixes
one on disk (its code cells as one module, cut back into the cells), or returned unchanged with
the reason when that cannot be done faithfully.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.checker.runner import import_workspace
from jax_lsp.fixes.notebook import CellChange
from jax_lsp.project.config import Config

if TYPE_CHECKING:
    from jax_lsp.fixes.apply import FixedSource

__all__ = ["StdinFix", "fix_stdin", "stdin_diff"]

_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class StdinFix:
    """What fixing standard input gave."""

    #: the source as it came, and as fixed (the same bytes when nothing was fixed)
    data: bytes
    fixed: bytes
    #: how many findings the fixes fixed
    count: int
    #: the fixed text (a notebook's joined cells) and the findings the user asked to fix that
    #: its analysis still reports (for the "available with `--unsafe-fixes`" hint)
    remaining: tuple[str, tuple[Finding, ...]] | None = None
    #: why nothing was fixed although fixes applied (a notebook that cannot be rebuilt)
    refused: str | None = None
    #: a notebook's code cells that changed
    cells: tuple[CellChange, ...] = ()


def fix_stdin(data: bytes, path: Path, config: Config, *, unsafe: bool,
              write_helpers: bool = False) -> StdinFix:
    """Fix `data`, the source of the file `path` (which need not exist), with `config`. With
    `write_helpers` (`--fix` of a named file), a custom rule's shared machinery goes into the
    helper module beside `path`, created as `--fix` creates it for a file, so that only the
    call site changes in the source (an editor replacing its buffer with the output gets a
    short change); where that module cannot be made (no such folder, something else of that
    name), it is pasted into the source, as for `--diff` or an unnamed source."""
    from jax_lsp.fixes.apply import create_files, fix_source
    from jax_lsp.fixes.generated import HelperModule
    from jax_lsp.fixes.notebook import NotebookFixError, read_notebook

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:  # the check reports it
        return StdinFix(data, data, 0)
    notebook = None
    if path.suffix == ".ipynb":
        try:
            notebook = read_notebook(text)
        except (ValueError, TypeError, KeyError):
            return StdinFix(data, data, 0)

    def wanted(f: Finding) -> bool:
        return config.is_enabled(f.code, path) and config.is_fixable(f.code)

    workspace = import_workspace(str(config.root or Path.cwd()), config.python_path(),
                                 config.python_trusted)
    def fixed_with(helpers: HelperModule | None) -> FixedSource:
        return fix_source(notebook.joined.source if notebook is not None else text,
                          unsafe=unsafe, filename=str(path), config=config.analysis_config(),
                          reported=wanted, workspace=workspace, helpers=helpers,
                          fix_safety=config.fix_safety)

    helpers = HelperModule.beside(path) if write_helpers and path.parent.is_dir() else None
    fixed = fixed_with(helpers)
    if fixed.created and create_files(fixed.created) is not None:
        fixed = fixed_with(None)
    remaining = None
    if fixed.analysis is not None and fixed.analysis.error is None:
        remaining = (fixed.text, tuple(f for f in filter_suppressed(
            fixed.text, fixed.analysis.findings) if wanted(f)))
    if not fixed.applied:
        return StdinFix(data, data, 0, remaining)
    new_text: str = fixed.text
    cells: tuple[CellChange, ...] = ()
    if notebook is not None:
        try:
            new_text, cells = notebook.rebuild(fixed.text)
        except NotebookFixError as e:
            return StdinFix(data, data, 0, refused=str(e))
    bom = _BOM if data.startswith(_BOM) else b""
    return StdinFix(data, bom + new_text.encode("utf-8"), len(fixed.applied), remaining,
                    cells=cells)


def stdin_diff(fix: StdinFix, name: str | None) -> str:
    """The fix as ruff's `--diff` prints it for standard input: headers naming
    `--stdin-filename` (none without one; a notebook's cells as `name:cell N`), an empty line
    after the diff; "" without a fix."""
    from jax_lsp.fixes.apply import text_diff

    if fix.fixed == fix.data:
        return ""
    if fix.cells:
        diffs = []
        for c in fix.cells:
            cell = f"{name or '-'}:cell {c.number}"
            diffs.append(text_diff(cell, c.before, c.after, cell, hint=False))
        return "".join(diffs) + "\n"
    shown = name or ""
    diff = text_diff(shown, fix.data.decode("utf-8-sig"), fix.fixed.decode("utf-8-sig"), shown)
    return (diff if name is not None else diff.split("\n", 2)[2]) + "\n"
