"""What one analysis read, to tell later whether its result still holds (the result cache's
provenance, see `cache`): content hashes of the files read and the import lookups made.

Kept apart from `cache` (its store, signing and JSON format): the language server's analysis
process records every analysis of a large document with it, and imports `cache` only to look
up or write an entry.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from jax_lsp.analysis.workspace import Workspace
from jax_lsp.project.hashing import blake2b
from jax_lsp.safe_io import read_regular_file

__all__ = [
    "MAX_FILE_BYTES",
    "Provenance",
    "Record",
    "RecordingWorkspace",
    "content_hash",
    "file_hash",
    "provenance_holds",
    "recording",
    "text_hash",
]

#: a file bigger than this is not hashed (nor is a cache file bigger than this read)
MAX_FILE_BYTES = 64 * 1024 * 1024


def content_hash(data: bytes) -> str:
    return blake2b(data, digest_size=16).hexdigest()


def text_hash(text: str) -> str | None:
    """The content hash of the file `text` would be saved as (None: it cannot be encoded)."""
    try:
        return content_hash(text.encode("utf-8"))
    except UnicodeEncodeError:  # lone surrogates: no file holds this text
        return None


def file_hash(path: str | os.PathLike[str]) -> str | None:
    """The content hash of a file; None when it cannot be read (missing, a directory, a FIFO
    or device, bigger than `MAX_FILE_BYTES`, ...)."""
    data = read_regular_file(path, MAX_FILE_BYTES)
    return None if data is None else content_hash(data)


@dataclass(frozen=True)
class Provenance:
    """What a result was computed from: the file's content hash, the content hash of each
    module read by following imports (None: it could not be read), and each import looked up
    with what it resolved to: (module, level, importing file, resolved file or None)."""

    digest: str
    dependencies: tuple[tuple[str, str | None], ...] = ()
    imports: tuple[tuple[str, int, str | None, str | None], ...] = ()


def provenance_holds(provenance: Provenance, hash_of: Callable[[str], str | None],
                     resolves_to: Callable[[str, int, str | None], str | None]) -> bool:
    """Whether what a result was computed from (besides the file itself) is unchanged: each
    module read has the same content (`hash_of`), each import resolves to the same file."""
    for dep, dep_digest in provenance.dependencies:
        if not isinstance(dep, str) or hash_of(dep) != dep_digest:
            return False
    return all(resolves_to(dotted, level, importer) == resolved
               for dotted, level, importer, resolved in provenance.imports)


@dataclass
class Record:
    """What one analysis read (see `RecordingWorkspace`)."""

    reads: dict[str, str | None] = field(default_factory=dict)
    imports: dict[tuple[str, int, str | None], str | None] = field(default_factory=dict)
    #: False when something was looked at in a way that cannot be replayed (a lookup raised,
    #: a planned file read with two texts, a module read with other contents than a shared
    #: load the analysis took had read)
    replayable: bool = True
    #: what each import looked up with no file planned resolved to (`RecordingWorkspace.find`)
    found: dict[tuple[str, int, str | None], Path | None] = field(
        default_factory=dict, repr=False, compare=False)
    #: each module's `Workspace._read` answer, read once per recording
    texts: dict[Path, tuple[tuple[str, str] | None, str | None]] = field(
        default_factory=dict, repr=False, compare=False)

    def provenance(self, digest: str, dependencies: list[str]) -> Provenance | None:
        if not self.replayable:
            return None
        reads = dict(self.reads)
        for dep in dependencies:  # read without asking the workspace: hash it now
            if dep not in reads:
                reads[dep] = file_hash(dep)
        return Provenance(
            digest,
            tuple(sorted(reads.items())),
            tuple(sorted(((d, lv, imp, res) for (d, lv, imp), res in self.imports.items()),
                         key=repr)),
        )


_UNSEEN = object()


@dataclass
class RecordingWorkspace(Workspace):
    """A `Workspace` that, inside `recording()`, notes every import it resolves and the
    content hash of every module it reads (of the bytes it analysed: a module that changes
    after the read makes the entry fail validation next time, never pass it wrongly)."""

    _record: Record | None = field(default=None, repr=False, compare=False)

    @contextmanager
    def recording(self) -> Iterator[Record]:
        record = Record()
        saved, self._record = self._record, record
        try:
            yield record
        finally:
            self._record = saved

    def planned_change_unseen(self, before: dict[Path, str]) -> bool:
        """Whether what this recording looked at reads alike with `before` as the planned
        files and with the current ones: no module it read is a planned file that changed,
        and each import it looked up resolves to the same file. Then an analysis made with
        `before` holds for the current planned files too (`--fix` builds on it)."""
        record = self._record
        if record is None or not record.replayable:
            return False
        after = self.planned
        changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
        if any(str(p) in record.reads for p in changed):
            return False
        try:
            for dotted, level, importer in record.imports:
                where = None if importer is None else Path(importer)
                self.planned = before
                old = Workspace.find(self, dotted, level, where)
                self.planned = after
                if Workspace.find(self, dotted, level, where) != old:
                    return False
        except OSError:
            return False
        finally:
            self.planned = after
        return True

    def find(self, dotted: str, level: int, importer: Path | None) -> Path | None:
        """Inside `recording()`, an import is looked up once per recording (the record holds
        what it resolved to; 44% of the lookups of a check of jax, flax, optax and equinox
        were asked again by the same analysis), unless files are planned: `--fix` changes
        them between the analyses of one recording."""
        record = self._record
        key = (dotted, level, None if importer is None else str(importer))
        if record is not None and not self.planned:
            known = record.found.get(key, _UNSEEN)
            if known is not _UNSEEN:
                return known  # type: ignore[return-value]
        try:
            found = super().find(dotted, level, importer)
        except OSError:
            if record is not None:
                record.replayable = False
            raise
        if record is not None:
            record.imports[key] = None if found is None else str(found)
            if not self.planned:
                record.found[key] = found
        return found

    def _read(self, path: Path) -> tuple[tuple[str, str] | None, str | None]:
        """Inside `recording()`, a module on disk is read and hashed once per recording (an
        analysis asks `parse` and `facts` of one module several times: a check of jax, flax,
        optax and equinox read modules 2,614 times, and 3,174 times more to hash them for
        the record, for 886 reads of a module by an analysis), and the record holds the
        content hash of the very bytes analysed. An editor buffer stands for its file (the
        entry holds until the file has that text); it and a planned file are read from
        memory each time: `--fix` changes the planned files between the analyses of one
        recording, which a changed read then marks unreplayable."""
        record = self._record
        if record is None:
            return super()._read(path)
        buffered = path in self.overlay or path in self.planned
        known = None if buffered else record.texts.get(path)
        if known is None:
            read, digest = super()._read(path)
            if not buffered:
                if digest is None:  # not read as a module (too big, not a regular file):
                    digest = file_hash(path)  # what the cache's validation will hash of it
                record.texts[path] = known = (read, digest)
            else:
                known = (read, digest)
            if record.reads.setdefault(str(path), digest) != digest:
                record.replayable = False
        return known


@contextmanager
def recording(workspace: Workspace | None) -> Iterator[Record]:
    """Record what an analysis with `workspace` reads (nothing to record without one)."""
    if isinstance(workspace, RecordingWorkspace):
        with workspace.recording() as record:
            yield record
    else:
        yield Record(replayable=workspace is None)
