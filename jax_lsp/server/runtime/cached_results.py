"""The analysis process's use of the result cache `jax-lsp check` keeps (`checker.cache`).

A document opened with the text of its file is the file `jax-lsp check` analyses, under the
same key when the server's analysis is the CLI's (same path, import root, interpreter and
analysis configuration): its cached result, if every part of its provenance still holds (the
file's, its imports' and the analyser's hashes, each import still resolving to the same file),
is the answer, without an analysis. A full analysis of such a document is written to the cache
in turn, so reopening it, restarting the editor or checking it from the command line is fast.

Everything `checker.cache` says about trust holds: entries are signed with this user's key,
decoded as data, and anything wrong with them is a miss (logged at debug level) and then
rewritten. The user's choice is the CLI's environment: ``JAX_LSP_NO_CACHE=1`` (or
``jax-lsp serve --no-cache``) turns the cache off, ``JAX_LSP_CACHE_DIR`` (``--cache-dir``)
moves it. Other open documents' unsaved text (the overlay) stands for their files: an entry
that read one holds only while its text is the one read.

Runs in the analysis process (it imports the analyser; the server's process does not), and,
for the first document a new session opens, in the server's process (`answer`, called by the
stdin front's `early` analysis): there it imports only the cache, the workspace's import
lookup and the finding types, so a file analysed before is answered without waiting for the
analysis process to import the analyser (a third of a second, seconds under load).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jax_lsp.analysis.findings import Finding
    from jax_lsp.analysis.options import AnalysisConfig, WorkspaceSpec
    from jax_lsp.analysis.workspace import Workspace
    from jax_lsp.project.cache import (
        CacheSettings,
        EntryKey,
        Provenance,
        RecordingWorkspace,
        ResultCache,
    )
    from jax_lsp.project.provenance import Record

__all__ = [
    "MIN_CHARS", "OnDisk", "Stored", "answer", "clear", "enabled", "lookup", "on_disk", "prepare",
    "recording", "save", "settings", "workspace",
]

log = logging.getLogger(__name__)

#: characters of source below which a document is analysed without the cache: about 1,000
#: lines, which analyse in about the CPU time (30 ms) the cache's first use in a process takes
#: (importing it and the configuration, hashing the analyser's sources), so that small files,
#: e.g. the one opened as the editor starts, do not pay for it
MIN_CHARS = 40_000


#: `checker.cache.ENV_NO_CACHE` (that module is imported only once the cache is used)
_ENV_NO_CACHE = "JAX_LSP_NO_CACHE"


@lru_cache(maxsize=1)
def enabled() -> bool:
    """Whether this process's environment leaves the cache on (`CacheSettings.from_options`
    reads the same variable the same way)."""
    return (os.environ.get(_ENV_NO_CACHE) or "").strip().lower() not in ("1", "true", "yes", "on")


@lru_cache(maxsize=1)
def settings() -> CacheSettings | None:
    """The cache's settings from this process's environment (None: turned off)."""
    if not enabled():
        return None
    from jax_lsp.project.cache import CacheSettings

    chosen = CacheSettings.from_options()
    return chosen if chosen.enabled else None


def prepare() -> None:
    """Do now what the cache's first use in this process takes (importing it and the
    configuration, hashing the analyser's sources: 30 ms or more), e.g. while no request is
    waiting."""
    if settings() is None:
        return
    import jax_lsp.project.config  # noqa: F401 - `lookup` needs it
    from jax_lsp.project.cache import analyzer_fingerprint

    analyzer_fingerprint()


def clear() -> None:
    """Read the environment again (tests change it)."""
    enabled.cache_clear()
    settings.cache_clear()


def workspace(spec: WorkspaceSpec) -> Workspace:
    """The Workspace every analysis of this process follows imports in: one that records what
    it reads when the cache is on (nothing is recorded outside `recording`)."""
    from jax_lsp.analysis.workspace import workspace_for

    if not enabled():
        return workspace_for(spec)
    from jax_lsp.project.provenance import RecordingWorkspace

    return workspace_for(spec, RecordingWorkspace)


@dataclass(frozen=True)
class OnDisk:
    """A document whose text is its file's: its cache entry's key and its content hash."""

    key: EntryKey
    digest: str
    workspace: RecordingWorkspace


@dataclass(frozen=True)
class Stored:
    """A valid cached result: suppression comments applied, configuration not yet."""

    findings: list[Finding]
    dependencies: tuple[str, ...]


def on_disk(source: str, filename: str, config: AnalysisConfig) -> OnDisk | None:
    """The cache entry `source` has as the file `filename`, if the cache is on, the document
    is a Python file of at least `MIN_CHARS` and `source` is what the file holds now; else
    None."""
    spec = config.workspace
    if not enabled() or spec is None or len(spec.roots) != 1 or len(source) < MIN_CHARS \
            or not os.path.isabs(filename) or filename.endswith(".ipynb"):
        return None
    chosen = settings()
    if chosen is None:
        return None
    from jax_lsp.project.provenance import RecordingWorkspace, file_hash, text_hash

    digest = text_hash(source)
    if digest is None or digest != file_hash(filename):
        return None
    ws = workspace(spec)
    assert isinstance(ws, RecordingWorkspace)
    root = spec.roots[0]
    # as `jax-lsp check` keys the file: its configuration without the server's workspace
    key = _store(chosen, ws).key(filename, replace(config, workspace=None), root, spec.python,
                                 spec.python_trusted, Path(root))
    return OnDisk(key, digest, ws)


def _store(chosen: CacheSettings, ws: RecordingWorkspace) -> ResultCache:
    from jax_lsp.project.cache import ResultCache

    def resolve(root: str | None, python: str | None, trusted: bool, dotted: str, level: int,
                importer: str | None) -> str | None:
        # entries are looked up under the key of `ws`'s own root and interpreter
        found = ws.find(dotted, level, Path(importer) if importer else None)
        return None if found is None else str(found)

    overlay = {str(path): text for path, text in ws.overlay.items()}
    return ResultCache(chosen, Path.cwd(), resolve, overlay)


@contextmanager
def recording(disk: OnDisk | None) -> Iterator[Record | None]:
    """What the analysis of `disk`'s document reads, for its entry (None: nothing to record)."""
    if disk is None:
        yield None
        return
    from jax_lsp.project.provenance import recording as record_reads

    with record_reads(disk.workspace) as record:
        yield record


def lookup(disk: OnDisk) -> Stored | None:
    """The cached result of `disk`'s document if it is still valid, else None (a miss, whatever
    is wrong with the entry or the cache file; `checker.cache` logs why)."""
    chosen = settings()
    assert chosen is not None
    store = _store(chosen, disk.workspace)
    hit = store.lookup(disk.key)
    if hit is None:
        log.debug("no valid cached result for %s: analysing it", disk.key.path)
        return None
    from jax_lsp.project.config import PARSE_ERROR_CODE

    if any(f.code == PARSE_ERROR_CODE for f in hit.findings):
        return None  # the CLI reports a file that does not parse; the server stays quiet
    return Stored(list(hit.findings), hit.dependencies)


def answer(source: str, filename: str, config: AnalysisConfig) -> Stored | None:
    """The cached result of a document whose text is its file's, if its entry is valid (see
    `on_disk` and `lookup`); None whenever it is not, the cache is off or anything about it
    fails (logged at debug level): the caller then has it analysed."""
    try:
        disk = on_disk(source, filename, config)
        return lookup(disk) if disk is not None else None
    except Exception:  # noqa: BLE001 - the cache only ever spares an analysis
        log.debug("the result cache could not answer for %s", filename, exc_info=True)
        return None


def save(disk: OnDisk, source: str, findings: Sequence[Finding],
         provenance: Provenance) -> None:
    """Write a full analysis's result (the CLI's entry: the source kept when there is
    something to show); never raises."""
    chosen = settings()
    assert chosen is not None
    store = _store(chosen, disk.workspace)
    store.save(disk.key, source if findings else None, tuple(findings),
               provenance)
    store.flush()
