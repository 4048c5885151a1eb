"""The `.gitignore` files of a git work tree, read as git reads them, so that a directory walk
skips what git ignores (generated code, vendored copies, build output), as ruff does.

Only inside a git work tree (a directory with `.git` at or above the walk's start), like git
and ruff's `respect-gitignore`. Each directory's `.gitignore` applies to the paths below it; a
deeper file's matching line wins over a shallower one's, and within a file the last matching
line wins (`!pattern` re-includes). The patterns are the same gitignore globs as `exclude`
(`jax_lsp.config`), matched without backtracking. Not read: `.git/info/exclude` and the user's
global excludes file (they are the user's, not the project's).
"""

from __future__ import annotations

import logging
from pathlib import Path

from jax_lsp.config import Config, ConfigError
from jax_lsp.safe_io import read_regular_file

__all__ = ["GitIgnore", "work_tree_root"]

log = logging.getLogger(__name__)

#: a .gitignore larger than this is not read (git itself has no limit; a real one is a few kB)
MAX_GITIGNORE_BYTES = 1_000_000


def work_tree_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` that holds `.git` (a directory, or a file
    as in worktrees and submodules), or None."""
    for d in (start, *start.parents):
        if (d / ".git").exists():
            return d
    return None


def _patterns(text: str) -> tuple[str, ...]:
    """The pattern lines of a .gitignore: blank lines and `#` comments dropped, trailing
    unescaped spaces removed (git's rules)."""
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        stripped = line.rstrip(" ")
        if stripped.endswith("\\") and len(stripped) < len(line):
            stripped += " "  # "\ " keeps one trailing space
        out.append(stripped)
    return tuple(out)


class GitIgnore:
    """The ignore rules of one git work tree, read lazily, one `.gitignore` per directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._rules: dict[Path, Config | None] = {}

    def _rules_of(self, directory: Path) -> Config | None:
        if directory in self._rules:
            return self._rules[directory]
        rules = None
        path = directory / ".gitignore"
        data = read_regular_file(path, MAX_GITIGNORE_BYTES)  # no FIFO, device or huge file
        try:
            patterns = _patterns(data.decode("utf-8", errors="replace")) if data else ()
            if patterns:
                rules = Config(exclude=patterns, root=directory)
                rules.is_excluded_entry(directory, ".gitignore", False)  # compiles them
        except (ConfigError, ValueError) as e:
            log.info("ignoring %s: %s", path, e)
            rules = None
        self._rules[directory] = rules
        return rules

    def ignores(self, directory: Path, name: str, is_dir: bool) -> bool:
        """Whether git ignores the entry `name` of `directory` (whose ancestors it does not)."""
        try:
            chain = directory.relative_to(self.root).parts
        except ValueError:
            return False
        verdict: bool | None = None
        d = self.root
        for step in ("", *chain):
            d = d / step if step else d
            rules = self._rules_of(d)
            if rules is not None:
                here = rules.verdict(directory, name, is_dir)
                if here is not None:
                    verdict = here
        return bool(verdict)
