"""Which files a check covers: the paths named, directories walked (built-in
skips, `exclude`, `.gitignore`, links out of the tree), each with the configuration of its
nearest `pyproject.toml`. The CLI's `check` and the server's workspace scan both use it."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from jax_lsp.project.config import (
    DEFAULT_EXCLUDED_DIRS,
    Config,
    has_config_table,
    is_regular_file,
)
from jax_lsp.project.gitignore import GitIgnore, work_tree_root

__all__ = ["SOURCE_SUFFIXES", "ConfigResolver", "discover_files", "display_path"]

#: what a directory walk picks up: Python modules and Jupyter notebooks
SOURCE_SUFFIXES = (".py", ".ipynb")


class ConfigResolver:
    """The configuration for each directory: the nearest config file's, adjusted by the
    command-line overrides, cached per directory and per file."""

    def __init__(
        self,
        explicit: Config | None = None,
        adjust: Callable[[Config], Config] = lambda c: c,
    ) -> None:
        self._explicit = adjust(explicit) if explicit is not None else None
        self._adjust = adjust
        self._by_file: dict[Path | None, Config] = {}
        self._file_of_dir: dict[Path, Path | None] = {}

    def _config_file(self, directory: Path) -> Path | None:
        if directory in self._file_of_dir:
            return self._file_of_dir[directory]
        candidate = directory / "pyproject.toml"
        found: Path | None
        if is_regular_file(candidate) and has_config_table(candidate):
            found = candidate
        elif directory.parent == directory:
            found = None
        else:
            found = self._config_file(directory.parent)
        self._file_of_dir[directory] = found
        return found

    def for_directory(self, directory: Path) -> Config:
        """Raises `ConfigError` when the configuration that applies is invalid."""
        if self._explicit is not None:
            return self._explicit
        source = self._config_file(Path(os.path.abspath(directory)))
        if source not in self._by_file:
            self._by_file[source] = self._adjust(Config.load(source) if source else Config())
        return self._by_file[source]

    def for_path(self, path: Path) -> Config:
        p = Path(os.path.abspath(path))
        return self.for_directory(p if p.is_dir() else p.parent)


def _is_venv(directory: Path) -> bool:
    try:
        return (directory / "pyvenv.cfg").is_file()
    except OSError:  # an unreadable directory (/proc/1/fdinfo): not one to walk into anyway
        return False


def _walkable_file(path: Path, root: str) -> bool:
    """Whether a file met while walking `root` (resolved) is read: a regular file, or a
    symlink to a regular file inside `root`. A link out of the tree (a clone's
    `notes.py -> ~/.ssh/id_rsa`) and a FIFO or device (which would block or never end) are
    skipped; a path named explicitly is still checked."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    if stat.S_ISREG(mode):
        return True
    if not stat.S_ISLNK(mode):
        return False
    real = os.path.realpath(path)
    return os.path.isfile(real) and real.startswith(root.rstrip(os.sep) + os.sep)


def _unsearchable(directory: Path) -> bool:
    """Whether `directory` cannot be searched (read permission without execute: its names can
    be listed, but no file in it can be opened or even stat'ed)."""
    try:
        os.stat(os.path.join(directory, os.curdir))
    except OSError:
        return True
    return False


def discover_files(
    paths: Sequence[str | os.PathLike[str]],
    resolver: ConfigResolver,
    *,
    force_exclude: bool = False,
    respect_gitignore: bool = True,
) -> list[tuple[Path, Config]]:
    """The files to check with their configuration, sorted, each once.

    Directories are walked for ``*.py`` files, skipping the built-in directories (.git,
    __pycache__, virtual environments, ...), what `exclude` matches, symlinks out of the
    walked directory, files that are not regular (see `_walkable_file`) and, inside a git work
    tree, what its `.gitignore` files ignore (unless not `respect_gitignore`). A path named on
    the command line is always checked, whatever its suffix, unless `force_exclude` (or the
    configuration's `force-exclude`; its `respect-gitignore = false` is the flag's too). A folder
    that cannot be listed or searched (and a named path inside one) is returned as it is, so
    that checking it reports why, as ruff's E902 does, and the walk goes on. Raises
    `FileNotFoundError` for a path that does not exist."""
    found: dict[Path, Config] = {}
    for raw in paths:
        root = Path(os.path.abspath(raw))
        try:
            os.stat(root)
        except FileNotFoundError:
            raise FileNotFoundError(str(raw)) from None
        except OSError:  # in a folder that cannot be searched: checking it says why
            found.setdefault(root, resolver.for_path(root.parent))
            continue
        config = resolver.for_path(root)
        if (force_exclude or config.force_exclude) and \
                config.is_excluded(root, is_dir=root.is_dir()):
            continue
        if not root.is_dir():
            found.setdefault(root, config)
            continue
        respect = respect_gitignore and config.respect_gitignore
        work_tree = work_tree_root(root) if respect else None
        git = GitIgnore(work_tree) if work_tree is not None else None
        real_root = os.path.realpath(root)

        def unlistable(error: OSError) -> None:
            """A folder the walk cannot list: checking it says why (nothing in it is lost
            silently)."""
            if error.filename is not None:
                folder = Path(error.filename)
                found.setdefault(folder, resolver.for_directory(folder.parent))

        for directory, dirnames, filenames in os.walk(root, onerror=unlistable):
            here = Path(directory)
            if _unsearchable(here):  # listed, but nothing in it can be opened
                found.setdefault(here, resolver.for_directory(here.parent))
                dirnames[:] = []
                continue
            config = resolver.for_directory(here)
            dirnames[:] = sorted(
                d
                for d in dirnames
                if d not in DEFAULT_EXCLUDED_DIRS
                and not d.endswith(".egg-info")
                and not _is_venv(here / d)
                and not config.is_excluded_entry(here, d, True)
                and not (git is not None and git.ignores(here, d, True))
            )
            for name in filenames:
                if (
                    name.endswith(SOURCE_SUFFIXES)
                    and not config.is_excluded_entry(here, name, False)
                    and not (git is not None and git.ignores(here, name, False))
                    and _walkable_file(here / name, real_root)
                ):
                    found.setdefault(here / name, config)
    return sorted(found.items(), key=lambda item: item[0])


def display_path(path: Path, cwd: Path | None = None) -> str:
    """Relative to the working directory when inside it, else absolute."""
    cwd = cwd or Path.cwd()
    try:
        return path.relative_to(cwd).as_posix()
    except ValueError:
        return str(path)
