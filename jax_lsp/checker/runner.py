"""Find the files to check, analyse each one, and turn findings into reportable results.

Each file gets the configuration of the nearest ``pyproject.toml`` with a ``[tool.jax-lsp]`` table
(or the one given with ``--config``). A file that cannot be read, decoded or parsed becomes one
``JAX000`` finding and the run goes on; a crash of the analysis on one file is collected as an
internal error and the run goes on too. With a `CacheSettings`, results are read from and
written to the on-disk result cache (see `cache`); only the misses are analysed.
"""

from __future__ import annotations

import gc
import logging
import os
import re
import traceback
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypedDict

from jax_lsp.analysis import reach, shared_loads
from jax_lsp.analysis.engine import AnalysisConfig, AnalysisResult, analyze_source
from jax_lsp.analysis.findings import Finding, PathStep, Span
from jax_lsp.analysis.notebook import (
    code_cell_numbers_of_ipynb,
    code_cells_of_ipynb,
    join_cells,
    site_in_cell_terms,
)
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.analysis.workspace import Workspace
from jax_lsp.checker.results import PARSE_ERROR_CODE, FileResult
from jax_lsp.orphans import exit_when_orphaned
from jax_lsp.project.cache import (
    CacheSettings,
    EntryKey,
    Provenance,
    RecordingWorkspace,
    ResultCache,
    content_hash,
    file_hash,
    provenance_holds,
    recording,
)
from jax_lsp.project.config import Config
from jax_lsp.project.discovery import (
    _unsearchable,
    display_path,
)
from jax_lsp.project.provenance import MAX_FILE_BYTES
from jax_lsp.safe_io import read_bounded, read_regular_file
from jax_lsp.server.runtime.collection import Collector

__all__ = [
    "CheckRun",
    "PriorAnalysis",
    "check_files",
    "check_source",
    "import_workspace",
]

log = logging.getLogger(__name__)

#: the least work, in bytes of source, a process pool must save to be used (see `_jobs_for`).
#: Measured with benchmarks/bench_parallel.py (2 cores, medians of 7): a pool of 2 costs
#: 0.05-0.1 s more CPU than one process (forking, each process's own import index, sending
#: results), as much as analysing 70-150 kB; so it pays once it takes more than that off the
#: critical path. (Wall times measured under load say little: Linux shares the CPU between
#: sessions, so a session's second process mostly takes CPU from its first.) The upper end,
#: 150 kB: near the threshold a pool gains little, and its extra CPU is taken from others.
PARALLEL_MIN_SAVED_BYTES = 150_000
#: the most processes an automatic `--jobs` starts
MAX_AUTO_JOBS = 8

_NEWLINES = re.compile(rb"\r\n|\r|\n")


# -- analysing one file (runs in worker processes too: top-level, picklable arguments) -------


@dataclass(frozen=True)
class _Analysed:
    source: str | None
    findings: tuple[Finding, ...]
    internal_error: str | None = None
    #: what the result was computed from, for the cache; None: not to be cached
    provenance: Provenance | None = None
    #: the analysis itself, when it is the one the fix objects make (`FileResult.analysis`)
    analysis: AnalysisResult | None = None


def _parse_error(message: str, line: int, col: int) -> Finding:
    return Finding(PARSE_ERROR_CODE, message, Span(line, col, line, col + 1))


def _decode(data: bytes) -> tuple[str | None, Finding | None]:
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as e:
        text, start = bytes(e.object), e.start  # after a BOM, if any
        before = _NEWLINES.split(text[:start])
        line, col = len(before), len(before[-1].decode("utf-8", errors="replace"))
        bad = text[start : start + 1].hex()
        return None, _parse_error(
            f"The file is not valid UTF-8: byte 0x{bad} at line {line} ({e.reason}); "
            "jax-lsp reads Python source as UTF-8",
            line,
            col,
        )


_WORKSPACES: dict[tuple[str, str | None, bool], RecordingWorkspace] = {}


def import_workspace(root: str, python: str | None,
                     trusted: bool = False) -> RecordingWorkspace:
    """One import index per project root and environment, per process: every file of a run
    (`--fix`'s analyses too) shares the parsed modules. It records what each analysis reads,
    for the cache. Packages' layout is looked up afresh by each caller (an analysis, a cache
    entry's replayed lookup: see `Workspace.forget_layout`), as files may come and go between
    them (`--watch`, `--fix`)."""
    key = (root, python, trusted)
    ws = _WORKSPACES.get(key)
    if ws is None:
        ws = _WORKSPACES[key] = RecordingWorkspace.for_environment(
            [Path(root)], python, trusted=trusted)
    ws.forget_layout()  # each analysis (or replayed lookup) sees the packages as they are now
    return ws


def _resolve(root: str | None, python: str | None, trusted: bool, dotted: str, level: int,
             importer: str | None) -> str | None:
    """Replay an import lookup of an earlier analysis (to validate a cache entry)."""
    if root is None:
        return None
    found = import_workspace(root, python, trusted).find(
        dotted, level, Path(importer) if importer else None)
    return None if found is None else str(found)


def _analyse_notebook(path: str, text: str, config: AnalysisConfig, workspace: Workspace | None,
                      prior: PriorAnalysis | None = None,
                      ) -> tuple[str, list[Finding], AnalysisResult] | None:
    """A notebook's code cells as one module; findings say which cell they are in, numbered
    among all cells (markdown ones too), as Jupyter, ruff, the JSON output and the server do.
    With `prior`, its analysis stands for the module's when it is of the same text (else
    None)."""
    cells = code_cells_of_ipynb(text)
    numbers = code_cell_numbers_of_ipynb(text)
    nb = join_cells(cells)

    def cell_name(code_index: int) -> str:
        return f"cell {numbers[code_index]}"

    if prior is not None:
        if prior.source != nb.source:
            return None
        result = prior.result
    else:
        result = analyze_source(nb.source, path, config, workspace)
    findings = []
    for f in filter_suppressed(nb.source, result.findings):
        cell, line = nb.locate(f.span.line)
        message = site_in_cell_terms(nb, f, cell, cell_name)
        findings.append(replace(f, message=f"{cell_name(cell)}, line {line}: {message}"))
    if result.error is not None:
        err = result.error
        cell, line = nb.locate(max(err.line, 1))
        findings.insert(0, _parse_error(f"{cell_name(cell)}, line {line}: {err.message}",
                                        max(err.line, 1), max(err.col, 0)))
    return nb.source, findings, result


def _analyse_text(path: str, source: str, config: AnalysisConfig,
                  workspace: Workspace | None) -> tuple[str, list[Finding], AnalysisResult | None]:
    """The text to show, the findings (suppressions applied, parse errors as JAX000) and the
    analysis they came from (None: a notebook that cannot be read)."""
    if path.endswith(".ipynb"):
        assert workspace is not None
        try:
            analysed = _analyse_notebook(path, source, config, workspace)
            assert analysed is not None
            return analysed
        except (ValueError, KeyError, TypeError) as e:
            return source, [_parse_error(f"Not a valid notebook: {e}", 1, 0)], None
    result = analyze_source(source, path, config, workspace)
    return source, _reported(source, result), result


def _plain(config: AnalysisConfig, provenance: Provenance | None,
           result: AnalysisResult | None) -> AnalysisResult | None:
    """`result` if it is the analysis the fix objects make of the same text (`fix_objects`,
    default settings, no imports followed): made with the default settings, and no import
    it looked up resolved to a file (then following imports changed nothing); else None."""
    if result is None or provenance is None or config != AnalysisConfig() \
            or provenance.dependencies or any(found is not None
                                              for *_, found in provenance.imports):
        return None
    return result


def _reported(source: str, result: AnalysisResult) -> list[Finding]:
    """The findings of a module's analysis: suppressions applied, a parse error as JAX000."""
    findings = filter_suppressed(source, result.findings)
    if result.error is not None:
        err = result.error
        findings.insert(0, _parse_error(err.message, max(err.line, 1), max(err.col, 0)))
    return findings


@dataclass(frozen=True)
class PriorAnalysis:
    """An analysis of a Python file or notebook (its code cells joined) made before the
    check (`--fix`'s last one, of the text it wrote), with what it was computed from: the
    check reports it instead of analysing the file again while all that is unchanged (the
    file's bytes, the modules read, what each import resolves to: the fixes may have written
    or created some), as a cache entry."""

    source: str
    result: AnalysisResult
    provenance: Provenance


class _Replay:
    """The content hashes and import lookups that validating prior analyses asks for, each
    answered once per check: the files of a repository read and import the same modules, and
    asking again for every file cost as much as a tenth of analysing them (`--fix` on a
    repository without findings). Once per check is what an analysis of the check sees too:
    the run's workspace reads each module once (`import_workspace`)."""

    def __init__(self) -> None:
        self._hashes: dict[str, str | None] = {}
        self._found: dict[tuple[str | None, str | None, bool, str, int, str | None],
                          str | None] = {}

    def hash(self, path: str) -> str | None:
        if path not in self._hashes:
            self._hashes[path] = file_hash(path)
        return self._hashes[path]

    def resolve(self, root: str | None, python: str | None, trusted: bool, dotted: str,
                level: int, importer: str | None) -> str | None:
        key = (root, python, trusted, dotted, level, importer)
        if key not in self._found:
            self._found[key] = _resolve(*key)
        return self._found[key]


def _from_prior(prior: PriorAnalysis, work: _Work, replay: _Replay) -> _Analysed | None:
    """`prior` as `analyse_file` would have answered for `work`, if it still holds."""
    path, _, root, python, trusted = work
    notebook = path.endswith(".ipynb")
    # a notebook's bytes are needed again (its cells joined are the text the prior analysed):
    # read once, hashed and decoded alike, so no change between two reads can slip through
    data = read_regular_file(path, MAX_FILE_BYTES) if notebook else None
    digest = (None if data is None else content_hash(data)) if notebook else replay.hash(path)
    if prior.provenance.digest != digest or not provenance_holds(
            prior.provenance, replay.hash,
            lambda dotted, level, importer: replay.resolve(root, python, trusted, dotted,
                                                           level, importer)):
        return None
    if data is not None:
        return _notebook_from_prior(prior, work, data)
    findings = _reported(prior.source, prior.result)
    return _Analysed(prior.source if findings else None, tuple(findings),
                     provenance=prior.provenance,
                     analysis=_plain(work[1], prior.provenance, prior.result))


def _notebook_from_prior(prior: PriorAnalysis, work: _Work, data: bytes) -> _Analysed | None:
    """A notebook's `prior` analysis (of its joined code cells) as `analyse_file` would have
    answered, if the notebook's cells join to the text it analysed; `data`: the notebook's
    bytes, of the content hash the prior analysis was made of."""
    path, config = work[0], work[1]
    source, _ = _decode(data)
    if source is None:
        return None
    try:
        analysed = _analyse_notebook(path, source, config, None, prior)
    except (ValueError, KeyError, TypeError):
        return None
    if analysed is None:
        return None
    shown, findings, result = analysed
    return _Analysed(shown if findings else None, tuple(findings), provenance=prior.provenance,
                     analysis=_plain(config, prior.provenance, result) if findings else None)


def _unreadable(path: str, error: OSError) -> str:
    """Why `path` cannot be checked: a folder the walk could not enter, or a file that cannot
    be read (missing, denied, a FIFO or device, too big)."""
    if os.path.isdir(path):
        try:
            os.listdir(path)
        except OSError as e:
            return f"Cannot list the folder: {e.strerror or e}"
        if _unsearchable(Path(path)):
            return "Cannot search the folder (no execute permission): its files cannot be read"
    return f"Cannot read the file: {error.strerror or error}"


def analyse_file(path: str, config: AnalysisConfig, root: str | None = None,
                 python: str | None = None, python_trusted: bool = False,
                 data: bytes | None = None) -> _Analysed:
    """Read (unless `data` holds the file's bytes), decode, analyse and apply suppression
    comments: never raises. With `root`, imports are followed into that project and the
    environment of `python` (run only when `python_trusted`)."""
    if data is None:
        try:
            data = read_bounded(path, MAX_FILE_BYTES)
        except OSError as e:
            return _Analysed(None, (_parse_error(_unreadable(path, e), 1, 0),))
    digest = content_hash(data)
    source, error = _decode(data)
    if source is None:  # show the lines anyway, undecodable bytes replaced
        return _Analysed(data.decode("utf-8", "replace"), (error,) if error else (),
                         provenance=Provenance(digest))
    if root is None and path.endswith(".ipynb"):
        root = str(Path(path).parent)
    workspace = import_workspace(root, python, python_trusted) if root is not None else None
    try:
        with recording(workspace) as record:
            shown, findings, result = _analyse_text(path, source, config, workspace)
    except Exception:
        return _Analysed(None, (), traceback.format_exc())
    provenance = record.provenance(digest, result.dependencies if result is not None else [])
    # the text (and the analysis) only travel back (from a worker process) when there is
    # something to show
    return _Analysed(shown if findings else None, tuple(findings), provenance=provenance,
                     analysis=_plain(config, provenance, result) if findings else None)


def _analyse_star(item: _Work) -> _Analysed:
    return analyse_file(*item)


# -- the whole run ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckRun:
    """Everything a run produced: per-file results (files with findings only) and crashes."""

    results: tuple[FileResult, ...]
    files_checked: int
    #: (display path, traceback) of each file the analysis crashed on
    internal_errors: tuple[tuple[str, str], ...] = field(default=())
    #: how many of the files' results came from the result cache
    cached: int = 0

    @property
    def finding_count(self) -> int:
        return sum(len(r.findings) for r in self.results)


def _absolute_step(step: PathStep, base: Path) -> PathStep:
    if step.filename is None or os.path.isabs(step.filename):
        return step
    return replace(step, filename=str(base / step.filename))


def _report(path: Path, shown: str, analysed: _Analysed, config: Config) -> FileResult | None:
    findings = []
    for f in analysed.findings:
        if not config.is_enabled(f.code, path):
            continue
        sev = config.severity_for(f.code, f.severity)
        steps = tuple(_absolute_step(s, path.parent) for s in f.path)
        if sev is not f.severity or steps != f.path:
            f = replace(f, severity=sev, path=steps)
        findings.append(f)
    if not findings:
        return None
    findings.sort(key=lambda f: (f.span, f.code))
    return FileResult(shown, tuple(findings), analysed.source, str(path),
                      analysis=analysed.analysis, **fix_fields(config, findings))


class FixFields(TypedDict):
    """`FileResult`'s fields about fixes, as `fix_fields` computes them."""

    unfixable: frozenset[str]
    safe_codes: frozenset[str]
    unsafe_codes: frozenset[str]


def fix_fields(config: Config, findings: Sequence[Finding]) -> FixFields:
    """What `config` says of the fixes of `findings`' codes, as `FileResult` keeps it: the
    codes not fixable, and those whose fixes count as safe or unsafe whatever their own."""
    codes = {f.code for f in findings}
    return FixFields(
        unfixable=frozenset(c for c in codes if not config.is_fixable(c)),
        safe_codes=frozenset(c for c in codes if config.fix_safety.get(c) is True),
        unsafe_codes=frozenset(c for c in codes if config.fix_safety.get(c) is False),
    )


def _cpu_count() -> int:
    """The CPUs this process may run on (its affinity mask, where the system has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _file_size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _jobs_for(sizes: Sequence[int], jobs: int, cpus: int) -> int:
    """How many processes analyse files of these `sizes` (bytes): `jobs` when given, else
    (`jobs` <= 0) all `cpus` (at most `MAX_AUTO_JOBS`) when that saves enough work, else 1.

    The analysis costs about the same per byte of source, so with the biggest files first the
    pool's wall time is about max(total / processes, biggest file) bytes' worth; what it saves
    over one process must repay starting it (forking, each process building its own import
    index, sending results back), `PARALLEL_MIN_SAVED_BYTES` as measured."""
    if jobs > 0:
        return max(1, min(jobs, len(sizes)))
    n = min(cpus, MAX_AUTO_JOBS)
    if n < 2 or len(sizes) < 2:
        return 1
    total = sum(sizes)
    saved = total - max(total / n, max(sizes))
    return n if saved >= PARALLEL_MIN_SAVED_BYTES else 1


#: what `analyse_file` gets: path, analysis configuration, import root, interpreter, whether
#: the user allowed running it
_Work = tuple[str, AnalysisConfig, str, str | None, bool]


#: how often (seconds) a pool process looks whether the check that started it is still there
PARENT_POLL_SECONDS = 0.2


def _die_with_parent() -> None:
    """Make this pool process exit once the check is gone: a check killed by a signal cannot
    shut its pool down (`orphans`)."""
    exit_when_orphaned(PARENT_POLL_SECONDS, code=1)
    shared_loads.share_in_process()  # the files this process analyses share module loads


def _analyse_in_turn(work: Sequence[_Work]) -> list[_Analysed]:
    """Analyse `work` one file after another in this process, its cyclic garbage collected
    as the server's analysis process collects it (`Collector`): after each file, what is new,
    then what survived is frozen. Left to the automatic collector, what survives a file (the
    workspace's parsed modules, the shared loads' templates: most of what a file leaves) was
    walked again by each older generation's collection: 0.4 of 12 CPU-s on jax, flax, optax
    and equinox. Garbage that the frozen objects become is freed as the server's is (a
    collection of everything once enough was frozen since the last one)."""
    collector = Collector()
    enabled = gc.isenabled()
    collector.start()
    try:
        with shared_loads.sharing_loads():
            analysed = []
            for item in work:
                analysed.append(analyse_file(*item))
                collector.collect()
            return analysed
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()


def _analyse_all(work: Sequence[_Work], jobs: int) -> list[_Analysed]:
    """Analyse `work` (sequentially, or in `jobs` processes; 0 picks), results in order."""
    sizes = [_file_size(item[0]) for item in work]
    n = _jobs_for(sizes, jobs, _cpu_count())
    if n <= 1:
        return _analyse_in_turn(work)
    # biggest first, one file at a time: the processes finish together, on small files
    order = sorted(range(len(work)), key=lambda i: -sizes[i])
    reach.trigger_names()  # computed once here, the forked processes inherit it
    results: list[_Analysed | None] = [None] * len(work)
    with ProcessPoolExecutor(max_workers=n, initializer=_die_with_parent) as pool:
        for i, analysed in zip(order, pool.map(_analyse_star, [work[i] for i in order])):
            results[i] = analysed
    return [r for r in results if r is not None]


def check_files(
    files: Sequence[tuple[Path, Config]],
    *,
    jobs: int = 0,
    cwd: Path | None = None,
    cache: CacheSettings | None = None,
    prior: Mapping[Path, PriorAnalysis] | None = None,
) -> CheckRun:
    """Analyse `files` (sequentially, or in `jobs` processes; 0 picks) and report. With an
    enabled `cache`, valid cached results are used and the others are analysed and stored.
    A file's `prior` analysis that still holds is used as it is (and stored)."""
    cwd = cwd or Path.cwd()
    work: list[_Work] = [
        (str(p), c.analysis_config(), str(c.root or cwd), c.python_path(), c.python_trusted)
        for p, c in files
    ]
    store = ResultCache(cache, cwd, _resolve) if cache is not None and cache.enabled else None
    analysed: list[_Analysed | None] = [None] * len(work)
    keys: list[EntryKey | None] = [None] * len(work)
    todo = []
    replay = _Replay()
    for i, (path, config) in enumerate(files):
        key = None
        if store is not None:
            keys[i] = key = store.key(*work[i], project_root=config.root or cwd)
            hit = store.lookup(key)
            if hit is not None:
                analysed[i] = _Analysed(hit.source, hit.findings)
                continue
        known = prior.get(path) if prior else None
        reused = _from_prior(known, work[i], replay) if known is not None else None
        if reused is not None:
            analysed[i] = reused
            if store is not None and key is not None:
                store.save(key, reused.source, reused.findings, known.provenance)  # type: ignore[union-attr]
            continue
        todo.append(i)
    fresh = _analyse_all([work[i] for i in todo], jobs)
    for i, a in zip(todo, fresh):
        analysed[i] = a
        entry = keys[i]
        if store is not None and entry is not None and a.provenance is not None \
                and a.internal_error is None:
            store.save(entry, a.source, a.findings, a.provenance)
    if store is not None:
        store.flush()
        log.debug("result cache: %d of %d files cached, %d entries written",
                  store.hits, len(files), store.writes)
    done = [a for a in analysed if a is not None]
    assert len(done) == len(files)
    run = _collect(files, done, cwd)
    return replace(run, cached=store.hits) if store is not None else run


def check_source(data: bytes, path: Path, config: Config, *, shown: str,
                 cwd: Path | None = None) -> CheckRun:
    """Check source that is not read from `path` (standard input) as if it were that file."""
    cwd = cwd or Path.cwd()
    analysed = analyse_file(str(path), config.analysis_config(), str(config.root or cwd),
                            config.python_path(), config.python_trusted, data=data)
    run = _collect([(path, config)], [analysed], cwd)
    text = data.decode("utf-8-sig", errors="replace") if path.suffix == ".ipynb" else None
    return replace(run, results=tuple(replace(r, path=shown, notebook_text=text)
                                      for r in run.results),
                   internal_errors=tuple((shown, t) for _, t in run.internal_errors))


def _collect(
    files: Sequence[tuple[Path, Config]], analysed: Iterable[_Analysed], cwd: Path
) -> CheckRun:
    results = []
    crashes = []
    for (path, config), a in zip(files, analysed):
        shown = display_path(path, cwd)
        if a.internal_error is not None:
            crashes.append((shown, a.internal_error))
        r = _report(path, shown, a, config)
        if r is not None:
            results.append(r)
    return CheckRun(tuple(results), len(files), tuple(crashes))
