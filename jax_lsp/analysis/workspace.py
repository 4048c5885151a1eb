"""Find and read the modules a file imports, without importing or executing anything.

A `Workspace` maps an import (`from .ops import f`, `import mylib.linalg as la`) to a source
file: relative imports against the importing file's package, absolute ones against the importing
file's folder, the folder holding its outermost package (which Python's import path has, for the
module to be importable by its dotted name), the workspace roots, and the site folders of the
selected Python environment
(found without running a repository's code: see `environment`). Parsed
modules are cached by path and content hash; open editor buffers override files on disk.
"""

from __future__ import annotations

import ast
import errno
import importlib.machinery
import logging
import os
import re
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from jax_lsp.analysis.environment import environment_sys_path
from jax_lsp.analysis.options import WorkspaceSpec
from jax_lsp.analysis.source_text import python_text
from jax_lsp.safe_io import read_regular_file

log = logging.getLogger(__name__)

#: Libraries whose API the analysis models as data (jaxapi): never read their sources.
MODELED_TOP_LEVEL: frozenset[str] = frozenset(
    {
        "jax",
        "jaxlib",
        "numpy",
        "scipy",
        "flax",
        "equinox",
        "optax",
        "functools",
        "chex",
        "jaxtyping",
        "typing",
        "typing_extensions",
        "torch",
        "tensorflow",
        "pandas",
        "matplotlib",
        "orbax",
        "haiku",
        "dm_haiku",
        "sklearn",
        "ml_dtypes",
        "absl",
        "tqdm",
        "rich",
        # record classes a library model makes (libraries/pydantic_models, attrs_classes):
        # their own `__init__` is never interpreted
        "pydantic",
        "pydantic_core",
        "pydantic_settings",
        "attr",
        "attrs",
    }
)
_STDLIB: frozenset[str] = frozenset(getattr(sys, "stdlib_module_names", ()))
#: the `level` of a `find` asking where an absolute module is installed (`installed`)
INSTALLED_LEVEL = -1
#: the files Python's path finder imports a module from (besides a package's folder)
_MODULE_SUFFIXES = (".py", ".pyc", *importlib.machinery.EXTENSION_SUFFIXES)


@lru_cache(maxsize=16)
def _import_finders(sites: tuple[Path, ...]) -> frozenset[str] | None:
    """The top-level modules the site folders' editable installs import through a finder of
    their own (setuptools' `__editable___<name>_finder.py`, its `MAPPING` and `NAMESPACES`
    tables): in no folder searched, yet there. None when such a finder's tables cannot be
    read."""
    found: set[str] = set()
    for site in sites:
        try:
            names = os.listdir(site)
        except OSError:
            continue
        for n in names:
            if not (n.startswith("__editable__") and n.endswith("_finder.py")):
                continue
            data = read_regular_file(Path(site, n), MAX_FILE_BYTES)
            if data is None:
                return None
            try:
                tree = ast.parse(data)
            except (SyntaxError, ValueError, RecursionError):
                return None
            tables = [st for st in tree.body if isinstance(st, ast.AnnAssign | ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id in ("MAPPING", "NAMESPACES")
                              for t in (st.targets if isinstance(st, ast.Assign)
                                        else [st.target]))]
            if not tables:
                return None
            for st in tables:
                try:
                    table = ast.literal_eval(st.value) if st.value is not None else None
                except ValueError:
                    return None
                if not isinstance(table, dict):
                    return None
                found.update(str(k).partition(".")[0] for k in table)
    return frozenset(found)
MAX_FILE_BYTES = 2_000_000
#: the source size of the modules a workspace keeps parsed (least recently used go first)
MAX_CACHED_CHARS = 2_000_000


@dataclass(frozen=True)
class ParsedModule:
    path: Path
    tree: ast.Module
    lines: list[str]
    digest: str
    #: the source's length in characters (what the parse cache's budget counts)
    size: int = 0
    #: whether the source breaks lines only at `\n` and `\r` (which the tokenizer reads as
    #: one): then `"\n".join(lines)` parses as `tree` (`splitlines` also breaks at a form
    #: feed, `\x1c`..., `\u2028`, inside a string too)
    plain_breaks: bool = False


#: the line breaks of `str.splitlines` besides `\n` and `\r`
_EXOTIC_BREAK = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")

_W = TypeVar("_W", bound="Workspace")
_T = TypeVar("_T")

_SPEC_CACHE: dict[tuple[tuple[str, ...], str | None, bool, type[Workspace]], Workspace] = {}


def workspace_for(spec: WorkspaceSpec, kind: type[Workspace] | None = None) -> Workspace:
    """The (cached, per process) Workspace of `spec`, its overlay set to the spec's (`kind`:
    a subclass to make it of, e.g. one that records what it reads)."""
    made = kind or Workspace
    key = (spec.roots, spec.python, spec.python_trusted, made)
    ws = _SPEC_CACHE.get(key)
    if ws is None:
        ws = _SPEC_CACHE[key] = made.for_environment(
            [Path(r) for r in spec.roots], spec.python, trusted=spec.python_trusted
        )
    ws.forget_layout()  # each analysis sees the packages as they are now
    overlay = {}
    for p, text in spec.overlay:
        try:
            overlay[_resolved(p)] = text
        except (OSError, ValueError, RuntimeError):
            # no file there (a NUL in the name, a loop of links): no import reaches it, and
            # one document must not fail the analysis of every other (issue 35)
            continue
    old = ws.overlay
    for path in set(old) | set(overlay):
        before, after = old.get(path), overlay.get(path)
        if before is not after and before != after:
            ws.invalidate(path)
    ws.overlay = overlay
    return ws


_RESOLVED: dict[str, Path] = {}


def _parse_module(text: str, filename: str) -> ast.Module:
    """`syntax.parse_module`, imported when a module is first parsed: the result cache's
    answer replays import lookups with a Workspace and parses nothing."""
    from jax_lsp.analysis.syntax import parse_module

    return parse_module(text, filename=filename)


def _resolved(path: str) -> Path:
    """`Path(path).resolve()`, remembered: the overlay (every open buffer) is resolved before
    each analysis, and resolving touches the file system."""
    found = _RESOLVED.get(path)
    if found is None:
        if len(_RESOLVED) > 10_000:
            _RESOLVED.clear()
        found = _RESOLVED[path] = Path(path).resolve()
    return found


@dataclass
class Workspace:
    """Where imports are looked up. Cheap to create; reuse one to keep its parse cache."""

    roots: list[Path] = field(default_factory=list)
    #: extra import roots: the selected environment's sys.path (site-packages)
    env_paths: list[Path] = field(default_factory=list)
    #: unsaved editor buffers: path -> text
    overlay: dict[Path, str] = field(default_factory=dict)
    #: files `--fix` is about to create (the helper module its fixes import): path -> text;
    #: found and read as if they were on disk, so that a fixed text is analysed as it will be
    planned: dict[Path, str] = field(default_factory=dict)
    _cache: dict[Path, ParsedModule] = field(default_factory=dict, repr=False)
    _cached_chars: int = field(default=0, repr=False)
    #: what a function read off a module's tree (`facts`), by (path, function): with the
    #: digest of the text it was read from
    _facts: dict[tuple[Path, Callable], tuple[str, object]] = field(default_factory=dict,
                                                                     repr=False)
    #: folder -> `_package_root(folder)` as the folders' `__init__.py` files were when first
    #: asked, until `forget_layout`
    _package_roots: dict[Path, Path | None] = field(default_factory=dict, repr=False)

    @classmethod
    def for_environment(
        cls: type[_W], roots: list[Path], python: str | None = None, *, trusted: bool = False
    ) -> _W:
        """A workspace resolving installed packages in `python`'s environment (default: the
        interpreter running jax-lsp), run only when `trusted`."""
        return cls(roots=[r.resolve() for r in roots],
                   env_paths=environment_sys_path(python, trusted=trusted))

    # ------------------------------------------------------------------ resolution

    def installed(self, dotted: str, importer: Path | None) -> bool | None:
        """Whether Python finds the module `dotted` (absolute) where the program runs: in the
        standard library, beside `importer`, in the workspace roots or the environment's
        site folders, as a package, a namespace package's folder, a source, bytecode or
        extension module. None when that cannot be told: no environment to look in, or one
        whose editable installs import through finders of their own."""
        parts = dotted.split(".")
        if not all(p.isidentifier() for p in parts):
            return None
        if parts[0] in _STDLIB or parts[0] in sys.builtin_module_names:
            return True
        finders = _import_finders(tuple(self.env_paths)) if self.env_paths else None
        if finders is None:
            return None
        if parts[0] in finders:
            return True if len(parts) == 1 else None
        return self.find(dotted, INSTALLED_LEVEL, importer) is not None

    def find(self, dotted: str, level: int, importer: Path | None) -> Path | None:
        """The file of module `dotted` imported with `level` leading dots from `importer`
        (`INSTALLED_LEVEL`: the file or folder by which Python finds it at all, `installed`;
        asked through here so that a cache entry replays the question)."""
        parts = [p for p in dotted.split(".") if p]
        if level == INSTALLED_LEVEL:
            return self._installed_file(parts, importer)
        if level:
            if importer is None:
                return None
            base = importer.parent
            for _ in range(level - 1):
                base = base.parent
            return _module_file(base, parts, self.planned)
        if not parts or parts[0] in MODELED_TOP_LEVEL or parts[0] in _STDLIB:
            return None
        search: list[Path] = []
        if importer is not None:
            search.append(importer.parent)
            top = self._package_root(importer.parent)
            if top is not None:
                search.append(top)
        search += self.roots + self.env_paths
        for base in search:
            found = _module_file(base, parts, self.planned)
            if found is not None:
                return found
        return None

    def _installed_file(self, parts: list[str], importer: Path | None) -> Path | None:
        """The first folder or file by which Python's path finder imports `parts`."""
        search = [importer.parent] if importer is not None else []
        for base in [*search, *self.roots, *self.env_paths]:
            d = os.path.join(str(base), *parts[:-1])
            if os.path.isdir(os.path.join(d, parts[-1])):
                return Path(d, parts[-1])
            for suffix in _MODULE_SUFFIXES:
                if _is_file(os.path.join(d, parts[-1] + suffix)):
                    return Path(d, parts[-1] + suffix)
        return None

    def _package_root(self, folder: Path) -> Path | None:
        """The folder holding the outermost regular package that `folder` is in (None when
        `folder` is no package): a module of `pkg/sub/` is imported as `pkg.sub.mod`, so that
        folder is on Python's import path (`sys.path[0]` of a script beside `pkg/`, however
        the project is opened) and the package's absolute imports of itself (`from
        pkg.utils import host`) resolve there."""
        if self.planned:  # files `--fix` is about to create count: not remembered
            return _outermost_package_parent(folder, self.planned)
        try:
            return self._package_roots[folder]
        except KeyError:
            top = self._package_roots[folder] = _outermost_package_parent(folder)
            return top

    def forget_layout(self) -> None:
        """Look packages' `__init__.py` files up again: an absolute import's lookup stats one
        per folder up from its importer's (`_package_root`), a percent of a check's time when
        asked for every import, so the answers are kept until this is called: by whoever
        hands the workspace to an analysis, as `jax-lsp check` (`runner.import_workspace`) and
        the language server (`workspace_for`) do, so that each analysis, and each cache
        entry's replayed lookup, sees the packages as they are when it starts."""
        self._package_roots.clear()

    def _text(self, path: Path) -> tuple[str, str] | None:
        """The text of the module at `path` as the analysis reads it (an editor buffer, a
        planned file, else the file), with its digest; None when it cannot be read."""
        return self._read(path)[0]

    def content_digest(self, path: Path) -> str | None:
        """The content hash of what stands for the file at `path` (`_read`): the result
        cache's record of a module read."""
        return self._read(path)[1]

    def _read(self, path: Path) -> tuple[tuple[str, str] | None, str | None]:
        """The module's text as the analysis reads it with its digest (None when it cannot
        be read or decoded), and the content hash of what stands for the file: the bytes
        read, or a buffer's text as the file holding it would be saved (None: no such
        file). Read and hashed once: the digest of a text that is the bytes decoded (as
        good as every module) is that content hash."""
        import hashlib  # here: answering from the result cache follows imports, reads none

        text = self.overlay.get(path)
        if text is None and self.planned:
            text = self.planned.get(path)
        if text is not None:
            try:
                saved: str | None = hashlib.blake2b(text.encode("utf-8"),
                                                    digest_size=16).hexdigest()
            except UnicodeEncodeError:  # lone surrogates: no file holds this text
                saved = None
        else:  # a regular file only: a module that is a FIFO or /dev/zero is none
            data = read_regular_file(path, MAX_FILE_BYTES)
            if data is None:
                log.debug("cannot read %s: not a regular file of at most %d bytes", path,
                          MAX_FILE_BYTES)
                return None, None
            saved = hashlib.blake2b(data, digest_size=16).hexdigest()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as e:
                log.debug("cannot read %s: %s", path, e)
                return None, saved
        shown = python_text(text)
        if saved is None or not (shown is text or shown == text):
            return (shown, hashlib.blake2b(shown.encode("utf-8"), digest_size=16).hexdigest()), \
                saved
        return (shown, saved), saved

    def parse(self, path: Path) -> ParsedModule | None:
        read = self._text(path)
        if read is None:
            return None
        text, digest = read
        cached = self._cache.pop(path, None)
        if cached is not None:
            self._cached_chars -= cached.size
            if cached.digest == digest:  # most recently used again
                self._keep(cached)
                return cached
        try:
            tree = _parse_module(text, filename=str(path))
        except (SyntaxError, ValueError, RecursionError) as e:
            log.debug("cannot parse %s: %r", path, e)
            return None
        parsed = ParsedModule(path, tree, text.splitlines(), digest, len(text),
                              _EXOTIC_BREAK.search(text) is None)
        self._keep(parsed)
        return parsed

    def parsed_if_kept(self, path: Path) -> ParsedModule | None:
        """The module's parse if the parse cache holds one, as it holds it: no file is read,
        nothing parsed, the cache's order unchanged."""
        return self._cache.get(path)

    def facts(self, path: Path, read: Callable[[ast.Module], _T],
              by_text: Callable[[str], _T | None] | None = None) -> _T | None:
        """What `read` (a pure function of a tree) answers for the module at `path`; None
        when the module cannot be read or parsed. Kept by the text's digest: asked again of an
        unchanged module, it needs neither its tree (parsed again once the parse cache let it
        go) nor a parse. The analysis asks such questions of modules it does not interpret
        (`import_effects.written_imports` of each module a package's `__init__` re-exports):
        their trees taking the parse cache's room made it drop, and parse again, every module
        an analysis of a large package interprets. `by_text`: `read`'s answer told from the
        text alone where it can be (None where it cannot), asked before any parse: most
        modules a file imports are parsed for a question their text already answers (whether
        they name a callback: `callback_hosts._helper_names`)."""
        text = self._text(path)
        if text is None:
            return None
        known = self._facts.get((path, read))
        if known is not None and known[0] == text[1]:
            return known[1]  # type: ignore[return-value]
        told = by_text(text[0]) if by_text is not None else None
        if told is not None:
            self._facts[(path, read)] = (text[1], told)
            return told
        cached = self._cache.get(path)
        if cached is not None and cached.digest == text[1]:
            tree = cached.tree
        else:  # parsed for this answer only: not kept, it would take a loaded module's room
            try:
                tree = _parse_module(text[0], filename=str(path))
            except (SyntaxError, ValueError, RecursionError) as e:
                log.debug("cannot parse %s: %r", path, e)
                return None
        answer = read(tree)
        self._facts[(path, read)] = (text[1], answer)
        return answer

    def _keep(self, parsed: ParsedModule) -> None:
        """Cache a parsed module; past `MAX_CACHED_CHARS` of source, the least recently used
        go (a tree takes about 80 times its source's size in memory)."""
        self._cache[parsed.path] = parsed
        self._cached_chars += parsed.size
        while self._cached_chars > MAX_CACHED_CHARS and len(self._cache) > 1:
            oldest = next(iter(self._cache))
            self._cached_chars -= self._cache.pop(oldest).size

    @property
    def cached_chars(self) -> int:
        """The source size of the modules kept parsed."""
        return self._cached_chars

    def invalidate(self, path: Path) -> None:
        cached = self._cache.pop(path, None)
        if cached is not None:
            self._cached_chars -= cached.size


def _outermost_package_parent(folder: Path, planned: dict[Path, str] | None = None) -> Path | None:
    """`Workspace._package_root`, looked up now."""
    top = None
    while _is_package(folder, planned) and folder.parent != folder:
        folder = folder.parent
        top = folder
    return top


def _is_package(folder: Path, planned: dict[Path, str] | None = None) -> bool:
    """Whether `folder` is a regular package (it holds an `__init__.py`)."""
    init = folder / "__init__.py"
    return init.is_file() or bool(planned and init in planned)


def _module_file(base: Path, parts: list[str],
                 planned: dict[Path, str] | None = None) -> Path | None:
    if not parts:
        init = base / "__init__.py"
        return init if init.is_file() or (planned and init in planned) else None
    # CPython's path finder takes a package folder before a module file of the same name
    # (`helpers/__init__.py` over `helpers.py`)
    if not planned and all(p.isidentifier() for p in parts):
        # the same candidates as below, looked at as strings: building three `Path`s for
        # each lookup was most of its cost (a percent of a check's time)
        joined = os.path.join(str(base), *parts)
        for name in (os.path.join(joined, "__init__.py"), joined + ".py", joined + ".pyi"):
            if _is_file(name):
                return Path(name)
        return None
    d = base.joinpath(*parts)
    for candidate in (d / "__init__.py", d.with_suffix(".py"), d.with_suffix(".pyi")):
        if candidate.is_file() or (planned and candidate in planned):
            return candidate
    return None


#: the errors `Path.is_file` takes for "no such file" before Python 3.13 (any other raises)
_NO_FILE_ERRNOS = frozenset({errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP})
_NO_FILE_WINERRORS = frozenset({21, 123, 1921})


def _is_file(name: str) -> bool:
    """`Path(name).is_file()` without building the `Path`, as the running Python answers it:
    from 3.13 `os.path.isfile` (no error raised), before it `stat` with only the errors
    that mean no file taken as False."""
    if sys.version_info >= (3, 13):
        return os.path.isfile(name)
    try:
        return stat.S_ISREG(os.stat(name).st_mode)
    except OSError as e:
        if (getattr(e, "errno", None) in _NO_FILE_ERRNOS
                or getattr(e, "winerror", None) in _NO_FILE_WINERRORS):
            return False
        raise
    except ValueError:
        return False
