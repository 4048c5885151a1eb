"""The `.gitignore` files of a git work tree, read as git reads them, so that a directory walk
skips what git ignores (generated code, vendored copies, build output), as ruff does.

Only inside a git work tree (a directory with `.git` at or above the walk's start), like git and
ruff's `respect-gitignore`. Each directory's `.gitignore` applies to the paths below it; a deeper
file's matching line wins over a shallower one's, and within a file the last matching line wins
(`!pattern` re-includes). The patterns are the same gitignore globs as `exclude`
(`jax_lsp.project.config`), matched without backtracking. Below every `.gitignore`, as git ranks
them, come the repository's `.git/info/exclude` and then the user's global excludes file
(`core.excludesFile` of `~/.gitconfig` or `$XDG_CONFIG_HOME/git/config`, else
`$XDG_CONFIG_HOME/git/ignore`): ruff reads both too.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from jax_lsp.project.config import Config, ConfigError
from jax_lsp.safe_io import read_regular_file

__all__ = ["GitIgnore", "work_tree_root"]

log = logging.getLogger(__name__)

#: a .gitignore larger than this is not read (git itself has no limit; a real one is a few kB)
MAX_GITIGNORE_BYTES = 1_000_000


def work_tree_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` that holds `.git` (a directory, or a file
    as in worktrees and submodules), or None."""
    for d in (start, *start.parents):
        try:
            os.stat(d / ".git")
        except OSError:  # none here, or `d` cannot be searched (then none of it is read)
            continue
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


def _git_dir(root: Path) -> Path | None:
    """The directory holding the work tree's `info/exclude`: `.git`, or for a linked work tree
    (`.git` a file saying `gitdir: ...`) the repository's common directory."""
    dot_git = root / ".git"
    if dot_git.is_dir():
        return dot_git
    data = read_regular_file(dot_git, 4096)
    text = data.decode("utf-8", errors="replace").strip() if data else ""
    if not text.startswith("gitdir:"):
        return None
    git_dir = (root / text[len("gitdir:"):].strip()).resolve()
    common = read_regular_file(git_dir / "commondir", 4096)
    if common:
        return (git_dir / common.decode("utf-8", errors="replace").strip()).resolve()
    return git_dir


_EXCLUDES_FILE = re.compile(r"^\s*excludesfile\s*=\s*(.*?)\s*$", re.IGNORECASE | re.MULTILINE)
_SECTION = re.compile(r"^\s*\[([^\]]*)\]", re.MULTILINE)


def _configured_excludes_file(config_text: str) -> str | None:
    """`core.excludesFile` of one git config file's text (the last one set), if any."""
    found = None
    sections = [(m.start(), m.group(1).strip().lower()) for m in _SECTION.finditer(config_text)]
    for m in _EXCLUDES_FILE.finditer(config_text):
        section = next((name for start, name in reversed(sections) if start < m.start()), "")
        if section == "core":
            found = m.group(1).strip().strip('"')
    return found


def global_excludes_file() -> Path | None:
    """The user's global excludes file, as git finds it: `core.excludesFile` of the user's git
    configuration (`~/.gitconfig` winning over `$XDG_CONFIG_HOME/git/config`), else
    `$XDG_CONFIG_HOME/git/ignore` (`~/.config` when unset)."""
    home = Path(os.path.expanduser("~"))
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    configured = None
    for config in (xdg / "git" / "config", home / ".gitconfig"):
        data = read_regular_file(config, MAX_GITIGNORE_BYTES)
        if data:
            configured = _configured_excludes_file(
                data.decode("utf-8", errors="replace")) or configured
    if configured:
        return Path(os.path.expanduser(configured))
    return xdg / "git" / "ignore"


def _read_rules(path: Path, root: Path) -> Config | None:
    """The rules of one gitignore-format file, its patterns relative to `root`."""
    data = read_regular_file(path, MAX_GITIGNORE_BYTES)  # no FIFO, device or huge file
    try:
        patterns = _patterns(data.decode("utf-8", errors="replace")) if data else ()
        if patterns:
            rules = Config(exclude=patterns, root=root)
            rules.is_excluded_entry(root, ".gitignore", False)  # compiles them
            return rules
    except (ConfigError, ValueError) as e:
        log.info("ignoring %s: %s", path, e)
    return None


class GitIgnore:
    """The ignore rules of one git work tree, read lazily, one `.gitignore` per directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._rules: dict[Path, Config | None] = {}
        git_dir = _git_dir(root)
        excludes = [global_excludes_file(), git_dir / "info" / "exclude" if git_dir else None]
        #: the global excludes file, then info/exclude: below every .gitignore, lowest first
        self._excludes = [rules for path in excludes if path is not None
                          if (rules := _read_rules(path, root)) is not None]

    def _rules_of(self, directory: Path) -> Config | None:
        if directory not in self._rules:
            self._rules[directory] = _read_rules(directory / ".gitignore", directory)
        return self._rules[directory]

    def ignores(self, directory: Path, name: str, is_dir: bool) -> bool:
        """Whether git ignores the entry `name` of `directory` (whose ancestors it does not)."""
        try:
            chain = directory.relative_to(self.root).parts
        except ValueError:
            return False
        verdict: bool | None = None
        for rules in self._excludes:
            here = rules.verdict(directory, name, is_dir)
            if here is not None:
                verdict = here
        d = self.root
        for step in ("", *chain):
            d = d / step if step else d
            found = self._rules_of(d)
            if found is not None:
                here = found.verdict(directory, name, is_dir)
                if here is not None:
                    verdict = here
        return bool(verdict)
