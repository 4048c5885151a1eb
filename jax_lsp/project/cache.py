"""The result cache of `jax-lsp check`: each file's findings, kept on disk between runs.

Like ruff's ``.ruff_cache``: a ``.jax_lsp_cache`` directory in the project root (the directory of
the ``pyproject.toml`` that configures the file, else the working directory), or the one given
with ``--cache-dir`` / ``JAX_LSP_CACHE_DIR``; ``--no-cache`` / ``JAX_LSP_NO_CACHE=1`` turn it off.
The directory holds a ``.gitignore`` (``*``), a ``CACHEDIR.TAG`` and, under
``<jax-lsp version>/``, one JSON file per source directory with an entry per checked file.

An entry is used only when all of these still hold:

- the file's content hash is the one analysed;
- the settings key matches: jax-lsp's version, a hash of the sources that compute the result
  (`jax_lsp.analysis` and this package's runner and cache: editing the analyser invalidates
  every entry), the Python version, the analysis configuration (extra callbacks and transforms,
  the interpreter whose packages imports are followed into and its site folders, `.pth`
  files' included: they tell which modules are installed ones, the import root), the file's
  path and the real path it resolves to (a symlink's target: imports are looked up from there);
- every module the analysis read by following imports has the content hash it had then (also
  modules it could not parse, so fixing a helper's syntax error re-checks its importers);
- every import the analysis looked up still resolves to the same file, or still to none (a new
  module that shadows another one, or one that did not exist, changes the answer).

What is cached is the finding list before ``select``, ``ignore`` and ``severity`` apply, so
changing those does not invalidate anything. Entries are plain JSON decoded against the
finding types (never pickle: a cache directory that came with a repository is data, not code);
anything unreadable, truncated or of the wrong shape is a miss and gets rewritten. Files are
written to a temporary file and renamed into place, so concurrent runs never see half of one
(at worst, one run's new entries are replaced by another's: later misses, never wrong answers).
A cache directory that cannot be written disables writing for the run, silently (a debug log
line says why).

A cache directory may come with a repository (committed, or restored in CI), so it is never
trusted: each bucket file is signed with a key only this user has (a random secret kept in the
user's cache folder, never in a project: see `_key_file`), and a file whose signature is not
this user's is a miss - a planted entry cannot hide a finding or inject text. Only regular
files in the cache directory's own version folder are read (a symlink, e.g. to ``/dev/zero``, a
FIFO or a device is skipped without blocking), at most `MAX_BUCKET_BYTES` of them. Nor is a
link ever followed to write or read: a ``.jax_lsp_cache`` (or its version folder) that is a
symlink disables the cache for that project, so a repository cannot make jax-lsp write
elsewhere (a ``--cache-dir`` / ``JAX_LSP_CACHE_DIR`` the user names may be a link); its files
are reached from the folder's own descriptor (`safe_io.Folder`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import sys
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any

import jax_lsp
from jax_lsp.analysis.environment import environment_sys_path
from jax_lsp.analysis.findings import Finding
from jax_lsp.project.hashing import blake2b, compare_digest
from jax_lsp.project.provenance import (
    MAX_FILE_BYTES,
    Provenance,
    Record,
    RecordingWorkspace,
    content_hash,
    file_hash,
    provenance_holds,
    recording,
    text_hash,
)
from jax_lsp.safe_io import Folder, read_regular_file

__all__ = [
    "CACHE_DIR_NAME",
    "ENV_CACHE_DIR",
    "ENV_NO_CACHE",
    "CacheSettings",
    "Cached",
    "EntryKey",
    "Provenance",
    "Record",
    "RecordingWorkspace",
    "ResultCache",
    "analyzer_fingerprint",
    "content_hash",
    "decode_findings",
    "encode_findings",
    "file_hash",
    "provenance_holds",
    "recording",
    "text_hash",
]

log = logging.getLogger(__name__)

CACHE_DIR_NAME = ".jax_lsp_cache"
ENV_CACHE_DIR = "JAX_LSP_CACHE_DIR"
ENV_NO_CACHE = "JAX_LSP_NO_CACHE"
#: the layout of an entry; bump when it changes
FORMAT = 3
#: a bucket file bigger than this is neither read nor written
MAX_BUCKET_BYTES = MAX_FILE_BYTES
#: where the key that signs this user's cache files lives (under the user's cache folder)
ENV_KEY_DIR = "JAX_LSP_KEY_DIR"

_GITIGNORE = "# Automatically created by jax-lsp.\n*\n"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by jax-lsp.\n"
    "# For information about cache directory tags, see:\n"
    "#\thttps://bford.info/cachedir/\n"
)


# -- what changes the answer besides the file ----------------------------------------------


def _analyzer_sources() -> list[Path]:
    """The sources whose code computes a cached result: the analysis package (with its measured
    JAX table), the rules (each code's decision and message), the codes (the messages quote
    what JAX raises), and the runner (suppression
    comments, notebooks, parse errors), this module and `provenance` (the entry format), and
    the language server's analysis process and its use of the cache (it writes entries too).
    Each named file exists (tests/cli/test_cli_cache.py checks): a missing one would leave its
    changes out of every key."""
    import jax_lsp.analysis as analysis

    here = Path(__file__).resolve().parent
    package = here.parent
    root = Path(analysis.__file__).resolve().parent
    runtime = package / "server" / "runtime"
    found: list[tuple[str, ...]] = []  # (as `sorted` orders Paths: by their parts)
    data: list[tuple[str, ...]] = []
    for top in (root, package / "rules"):
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            parts = tuple(Path(folder).parts)
            found.extend((*parts, name) for name in files if name.endswith(".py"))
            if parts[-1] == "data":
                data.extend((*parts, name) for name in files if name.endswith(".json"))
    return [*(Path(*p) for p in sorted(found)), *(Path(*p) for p in sorted(data)),
            package / "codes.py", package / "checker" / "runner.py", here / "cache.py",
            here / "provenance.py", runtime / "analysis_process.py",
            runtime / "cached_results.py"]


#: the file (beside the user's cache key, one per installed copy of jax-lsp) that remembers
#: the last fingerprint computed, with the `os.stat` identity of every source it hashed
_FINGERPRINT_MEMO = "analyzer-fingerprint-{}"


def _sources_stamp(header: str, sources: list[Path]) -> str:
    """What the sources are on disk without reading them: path, inode, size, modification and
    change times (the change time moves on every write and cannot be set back)."""
    h = blake2b(header.encode(), digest_size=16)
    for path in sources:
        try:
            st = os.stat(path)
            h.update(f"\0{path}\0{st.st_ino}\0{st.st_size}\0{st.st_mtime_ns}\0"
                     f"{st.st_ctime_ns}".encode("utf-8", "surrogatepass"))
        except OSError:
            h.update(f"\0{path}\0?".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


@lru_cache(maxsize=1)
def analyzer_fingerprint() -> str:
    """jax-lsp's version, the Python version (what parses) and a hash of the analyser's
    sources (1.7 MB: 4-5 ms of CPU), once per process. The hash is remembered in the user's
    cache folder under the sources' `_sources_stamp`, so that a process whose sources have not
    changed since (every new session of the server) stats them instead of reading them."""
    header = f"{FORMAT}\0{jax_lsp.__version__}\0{sys.implementation.name}\0{sys.version}\0"
    sources = _analyzer_sources()
    stamp = _sources_stamp(header, sources)
    installed = str(Path(jax_lsp.__file__).resolve().parent).encode("utf-8", "surrogatepass")
    memo = _key_file().parent / _FINGERPRINT_MEMO.format(content_hash(installed))
    known = read_regular_file(memo, 1024)
    if known is not None:
        remembered, _, fingerprint = known.decode("ascii", "replace").partition(" ")
        if remembered == stamp and len(fingerprint) == 32:
            return fingerprint
    h = blake2b(digest_size=16)
    h.update(header.encode())
    for path in sources:
        h.update(path.name.encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:  # e.g. only bytecode installed: the version has to do
            h.update(b"?")
        h.update(b"\0")
    fingerprint = h.hexdigest()
    if _sources_stamp(header, sources) == stamp:  # unchanged while read: worth remembering
        _remember(memo, f"{stamp} {fingerprint}".encode())
    return fingerprint


def _remember(path: Path, data: bytes) -> None:
    """Replace a small file of the user's cache folder at once (written beside, then renamed);
    never raises: without it, the next process hashes the sources again."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL |
                     getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(partial, path)
    except OSError as e:
        log.debug("cannot remember the analyser's fingerprint in %s: %s", path, e)
        try:
            os.unlink(partial)
        except OSError:
            pass


def _canonical(value: Any) -> Any:
    """A JSON-able, order-independent form of a configuration value."""
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return sorted([str(k), _canonical(v)] for k, v in value.items())
    if isinstance(value, (list, tuple, frozenset, set)):
        items = [_canonical(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


@dataclass(frozen=True)
class EntryKey:
    """Where a file's entry lives and what it must have been computed with."""

    #: the absolute path of the checked file
    path: str
    #: the import root and interpreter of the analysis (to replay its import lookups)
    root: str | None
    python: str | None
    python_trusted: bool
    #: hash of everything besides the file's and its imports' contents that changes the answer
    settings: str
    #: the cache directory
    directory: Path


# -- findings as JSON, decoded against their types -----------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):  # before str: Severity and FixKind are str enums
        return value.value
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [_encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init]
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    raise TypeError(f"cannot cache a value of type {type(value).__name__}")


@lru_cache(maxsize=None)
def _field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def _decode(data: Any, tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        others = [o for o in options if o is not type(None)]
        if len(others) == 1:
            return _decode(data, others[0])
    elif origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis and isinstance(data, list):
            return tuple(_decode(item, args[0]) for item in data)
    elif isinstance(tp, type):
        if issubclass(tp, Enum):
            return tp(data)
        if dataclasses.is_dataclass(tp):
            fields = _field_types(tp)
            if isinstance(data, list) and len(data) == len(fields):
                return tp(**{name: _decode(d, t) for (name, t), d in zip(fields, data)})
        elif tp in (bool, int, str) and type(data) is tp:
            return data
    raise TypeError(f"cannot decode {data!r} as {tp}")


def encode_findings(findings: tuple[Finding, ...]) -> list[Any]:
    """Raises TypeError when a finding holds a value the format cannot represent."""
    return [_encode(f) for f in findings]


def decode_findings(data: Any) -> tuple[Finding, ...]:
    """Raises TypeError or ValueError when `data` is not a list of encoded findings."""
    if not isinstance(data, list):
        raise TypeError("findings must be a list")
    return tuple(_decode(item, Finding) for item in data)


# -- the store ---------------------------------------------------------------------------------


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class CacheSettings:
    enabled: bool = True
    #: one directory for every file; None: `.jax_lsp_cache` in each file's project root
    directory: Path | None = None

    @classmethod
    def from_options(
        cls,
        *,
        no_cache: bool = False,
        cache_dir: str | os.PathLike[str] | None = None,
        environ: Mapping[str, str] = os.environ,
    ) -> CacheSettings:
        """`--no-cache` or JAX_LSP_NO_CACHE turn the cache off; `--cache-dir`, else
        JAX_LSP_CACHE_DIR, moves it."""
        if no_cache or _truthy(environ.get(ENV_NO_CACHE)):
            return cls(enabled=False)
        chosen = cache_dir if cache_dir is not None else environ.get(ENV_CACHE_DIR) or None
        return cls(directory=Path(chosen) if chosen is not None else None)


@dataclass(frozen=True)
class Cached:
    """A result read from the cache: what `runner` would have computed."""

    source: str | None
    findings: tuple[Finding, ...]
    #: the modules the analysis read by following imports
    dependencies: tuple[str, ...] = ()


#: (import root, interpreter, interpreter trusted, module, level, importing file) -> resolved
#: file or None
Resolver = Callable[[str | None, str | None, bool, str, int, str | None], str | None]


class ResultCache:
    """The cache as one run uses it: entries read and written, file hashes and import
    lookups memoised for the run (many files share their helpers).

    The entries of the files of one source directory share one bucket file (creating a file
    costs far more than writing one: 0.8 ms per new file on the VM the README's numbers come
    from), read once per run and written once, by `flush`, merged with what a concurrent run
    may have written meanwhile."""

    def __init__(self, settings: CacheSettings, cwd: Path, resolve: Resolver,
                 overlay: Mapping[str, str] | None = None) -> None:
        """`overlay`: path -> text that stands for the file's content (the language server's
        unsaved buffers, which its analyses read instead of the files)."""
        self._fixed = (cwd / settings.directory) if settings.directory is not None else None
        self._resolve = resolve
        self._overlay = overlay or {}
        self._hashes: dict[str, str | None] = {}
        self._resolved: dict[tuple[str | None, str | None, bool, str, int, str | None],
                             str | None] = {}
        self._buckets: dict[Path, dict[str, Any]] = {}
        self._bucket_paths: dict[tuple[Path, str], Path] = {}
        self._real_folders: dict[str, str] = {}
        #: bucket file -> (cache directory, the entries this run computed)
        self._dirty: dict[Path, tuple[Path, dict[str, Any]]] = {}
        self.hits = 0
        self.misses = 0
        self.writes = 0

    def directory_for(self, project_root: Path) -> Path:
        return self._fixed if self._fixed is not None else project_root / CACHE_DIR_NAME

    def _chosen(self, directory: Path) -> bool:
        """Whether the user named `directory` (then it may be a symlink); else it is the
        project's `.jax_lsp_cache`, which came with the repository."""
        return directory == self._fixed

    def key(self, path: str, config: object, root: str | None, python: str | None,
            python_trusted: bool, project_root: Path) -> EntryKey:
        """`config`: the file's AnalysisConfig (every field of it is part of the key). The
        file's real path is too: the analysis looks its imports up from the real file's folder
        (`engine.module_path`), so a symlink pointed at a file of the same content elsewhere
        may import other modules, which its recorded lookups (made from the old folder) would
        not show. So are the site folders of the environment (`environment_sys_path`, once
        per process): besides being searched (which the recorded lookups replay), they tell
        which found modules are installed packages' (`import_effects.installed`: not run for
        their effects), and an editable install's `.pth` file can make a project folder one
        without changing what any import resolves to."""
        sites = [str(p) for p in environment_sys_path(python, trusted=python_trusted)]
        settings = json.dumps(
            [analyzer_fingerprint(), path, self._real_path(path), root, python, python_trusted,
             sites, _canonical(config)],
            sort_keys=True, separators=(",", ":"))
        return EntryKey(path, root, python, python_trusted, content_hash(settings.encode()),
                        self.directory_for(project_root))

    def _real_path(self, path: str) -> str:
        """`os.path.realpath(path)`, its folder's resolved once per run (a folder holds many
        checked files; resolving each path whole was a third of making the keys)."""
        folder, name = os.path.split(path)
        if name in ("", os.curdir, os.pardir):
            return os.path.realpath(path)
        real = self._real_folders.get(folder)
        if real is None:
            real = self._real_folders[folder] = os.path.realpath(folder)
        try:
            if not os.path.islink(path):
                return os.path.join(real, name)
        except (OSError, ValueError):
            pass
        return os.path.realpath(path)

    def bucket_path(self, key: EntryKey) -> Path:
        """The file holding the entries of the files in `key.path`'s directory."""
        folder = os.path.dirname(key.path)
        found = self._bucket_paths.get((key.directory, folder))
        if found is None:
            name = content_hash(folder.encode("utf-8", "surrogatepass"))
            found = key.directory / jax_lsp.__version__ / f"{name}.json"
            self._bucket_paths[(key.directory, folder)] = found
        return found

    # -- reading -------------------------------------------------------------------------------

    def _hash_of(self, path: str) -> str | None:
        if path not in self._hashes:
            text = self._overlay.get(path)
            self._hashes[path] = file_hash(path) if text is None else text_hash(text)
        return self._hashes[path]

    def _resolves_to(self, key: EntryKey, dotted: str, level: int,
                     importer: str | None) -> str | None:
        q = (key.root, key.python, key.python_trusted, dotted, level, importer)
        if q not in self._resolved:
            self._resolved[q] = self._resolve(*q)
        return self._resolved[q]

    def _bucket(self, bucket: Path, directory: Path) -> dict[str, Any]:
        if bucket not in self._buckets:
            self._buckets[bucket] = _read_bucket(bucket, directory, self._chosen(directory))
        return self._buckets[bucket]

    def lookup(self, key: EntryKey) -> Cached | None:
        """The cached result for `key`'s file if it is still valid; None (a miss) otherwise,
        whatever is wrong with the entry."""
        try:
            hit = self._lookup(key)
        except Exception as e:  # noqa: BLE001 - an entry of any shape is only ever a miss
            log.debug("cache entry for %s unusable: %r", key.path, e)
            hit = None
        if hit is None:
            self.misses += 1
        else:
            self.hits += 1
        return hit

    def _lookup(self, key: EntryKey) -> Cached | None:
        entry = self._bucket(self.bucket_path(key), key.directory).get(key.path)
        if not isinstance(entry, dict) or entry.get("settings") != key.settings:
            return None
        digest = self._hash_of(key.path)
        if digest is None or entry.get("digest") != digest:
            return None
        recorded = Provenance(digest, [tuple(d) for d in entry["dependencies"]],  # type: ignore[arg-type]
                              [tuple(i) for i in entry["imports"]])  # type: ignore[arg-type]
        if not provenance_holds(recorded, self._hash_of,
                                lambda d, lv, imp: self._resolves_to(key, d, lv, imp)):
            return None
        source = entry["source"]
        if source is not None and not isinstance(source, str):
            return None
        return Cached(source, decode_findings(entry["findings"]),
                      tuple(dep for dep, _ in entry["dependencies"]))

    # -- writing -------------------------------------------------------------------------------

    def save(self, key: EntryKey, source: str | None, findings: tuple[Finding, ...],
             provenance: Provenance) -> None:
        """Remember an entry, to be written by `flush`; never raises."""
        try:
            entry = {
                "settings": key.settings,
                "digest": provenance.digest,
                "dependencies": [list(d) for d in provenance.dependencies],
                "imports": [list(i) for i in provenance.imports],
                "source": source,
                "findings": encode_findings(findings),
            }
        except TypeError as e:
            log.debug("not caching %s: %s", key.path, e)
            return
        bucket = self.bucket_path(key)
        self._dirty.setdefault(bucket, (key.directory, {}))[1][key.path] = entry

    def flush(self) -> None:
        """Write the buckets this run added entries to, merged with what is on disk now (a
        concurrent run may have written meanwhile), dropping entries of files that no longer
        exist; never raises. A cache directory that cannot be written is given up for the
        run."""
        unwritable: set[Path] = set()
        folders: dict[Path, Folder] = {}
        try:
            for bucket, (directory, ours) in sorted(self._dirty.items()):
                if directory in unwritable:
                    continue
                try:
                    folder = folders.get(directory)
                    if folder is None:
                        folder = folders[directory] = _open_cache(
                            directory, self._chosen(directory), create=True)
                    merged = {**_bucket_entries(folder, bucket.name), **ours}
                    entries = {p: e for p, e in merged.items() if p in ours or os.path.exists(p)}
                    # ASCII: any str encodes, even a file name's lone surrogates
                    data = _sign(json.dumps({"format": FORMAT, "entries": entries},
                                            sort_keys=True, separators=(",", ":")).encode("ascii"))
                    if len(data) > MAX_BUCKET_BYTES:
                        log.debug("not caching %s: %d bytes", bucket, len(data))
                        continue
                    _write_file(folder, bucket.name, data)
                except OSError as e:
                    log.debug("cache directory %s is not writable, not caching: %s", directory, e)
                    unwritable.add(directory)
                    continue
                self.writes += len(ours)
        finally:
            for folder in folders.values():
                folder.close()
            self._dirty.clear()


def _key_file() -> Path:
    """The user's own folder, never a project's: $JAX_LSP_KEY_DIR, else the platform's user
    cache folder (XDG_CACHE_HOME, ~/.cache, %LOCALAPPDATA%)."""
    chosen = os.environ.get(ENV_KEY_DIR)
    if chosen:
        return Path(chosen) / "cache-key"
    base = os.environ.get("XDG_CACHE_HOME") or os.environ.get("LOCALAPPDATA")
    return Path(base or Path.home() / ".cache") / "jax-lsp" / "cache-key"


@lru_cache(maxsize=1)
def _signing_key() -> bytes:
    """A secret of this user's, made once (0600): cache files are signed with it, so a cache
    directory that came with a repository (or any other user's) verifies nothing. Without a
    writable home, a key for this process only (the cache then lasts one run)."""
    path = _key_file()
    key = read_regular_file(path, 1024)
    if key is not None and len(key) >= 32:
        return key
    import secrets  # here: verifying a cache file, which the first answer does, needs none of it

    fresh = secrets.token_bytes(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(fresh)
        return fresh
    except FileExistsError:  # a concurrent run made it meanwhile
        key = read_regular_file(path, 1024)
        if key is not None and len(key) >= 32:
            return key
    except OSError as e:
        log.debug("cannot keep a cache key in %s: %s", path, e)
    return fresh


def _signature(payload: bytes) -> bytes:
    return blake2b(payload, key=_signing_key()[:64], digest_size=32).hexdigest().encode()


def _sign(payload: bytes) -> bytes:
    return _signature(payload) + b"\n" + payload


def _verified(data: bytes) -> bytes | None:
    """The payload of a signed bucket file; None when the signature is not this user's."""
    signature, newline, payload = data.partition(b"\n")
    if not newline or not compare_digest(signature, _signature(payload)):
        return None
    return payload


def _open_cache(directory: Path, chosen: bool, *, create: bool) -> Folder:
    """The cache directory's version folder, opened without following a link (but for a
    cache directory the user `chosen`), made with the directory's `.gitignore` and
    `CACHEDIR.TAG` when `create`. Raises OSError."""
    with Folder.open(directory, follow_symlinks=chosen, create=create) as top:
        if create:
            for name, text in ((".gitignore", _GITIGNORE), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
                if not top.is_regular_file(name):
                    _write_file(top, name, text.encode())
        return Folder.open(jax_lsp.__version__, parent=top, create=create)


def _read_bucket(bucket: Path, directory: Path, chosen: bool) -> dict[str, Any]:
    """The entries of a bucket file; none when the cache directory or its version folder is a
    link (see `_open_cache`), or the file is missing, unreadable, not a regular file (a
    symlink, a FIFO, a device), too big, not signed with this user's key or not a bucket."""
    try:
        with _open_cache(directory, chosen, create=False) as folder:
            return _bucket_entries(folder, bucket.name)
    except OSError as e:
        if not isinstance(e, FileNotFoundError):
            log.debug("cache directory %s not used: %s", directory, e)
        return {}


def _bucket_entries(folder: Folder, name: str) -> dict[str, Any]:
    raw = folder.read(name, MAX_BUCKET_BYTES)
    payload = None if raw is None else _verified(raw)
    if payload is None:
        if raw is not None:
            log.debug("cache file %s is not signed with this user's key: ignored",
                      folder.path / name)
        return {}
    try:
        data = json.loads(payload)
    except (ValueError, RecursionError) as e:
        log.debug("cache file %s unusable: %r", folder.path / name, e)
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}
    entries = data.get("entries")
    return entries if isinstance(entries, dict) else {}


def _write_file(folder: Folder, name: str, data: bytes) -> None:
    """Replace a cache file all at once (see `safe_io.Folder.write`); not fsynced (a torn
    entry is only a miss), and a planted symlink is replaced, never written through."""
    folder.write(name, data, durable=False)
