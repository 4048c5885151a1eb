"""The server's state for one client connection: what the client supports, the open documents
and notebooks, the configuration, and the latest report of each document.

Handlers read and change the state only through this object, on the event loop's thread; the
analysis thread only ever sees immutable `Snapshot`s taken here.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import importlib
import logging
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from jax_lsp.analysis import Finding
from jax_lsp.analysis.options import WorkspaceSpec
from jax_lsp.project.config import Config
from jax_lsp.server.features import diagnostics
from jax_lsp.server.session.capabilities import ClientProfile
from jax_lsp.server.session.carryover import carry_over
from jax_lsp.server.session.configuration import Configuration
from jax_lsp.server.session.documents import Document, DocumentStore
from jax_lsp.server.session.lint import Report, Snapshot
from jax_lsp.server.session.notebooks import Notebook, NotebookStore
from jax_lsp.server.session.scheduler import LintScheduler

if TYPE_CHECKING:
    from jax_lsp.catalog import Catalog
    from jax_lsp.server.runtime.early import EarlyPublished
    from jax_lsp.server.server import JaxLanguageServer
    from jax_lsp.server.session.fix_plan import FixPlans

__all__ = ["Session"]

log = logging.getLogger(__name__)

#: seconds a request waits for a document's first report before it is answered without one
FIRST_REPORT_WAIT = 10.0
#: background imports (the fixes, the workspace scan's checker) wait for the first report and
#: then for this many seconds without analysis (or, if no document is opened, as long after
#: `initialize`): they would take the CPU and this process's GIL from the first analyses
BACKGROUND_QUIET = 0.5
BACKGROUND_NO_DOCUMENT = 2.0
BACKGROUND_POLL = 0.05


class Session:
    def __init__(self, server: JaxLanguageServer) -> None:
        self.server = server
        self.profile = ClientProfile()
        self.documents = DocumentStore()
        self.notebooks = NotebookStore()
        self.configuration = Configuration(report_problem=self.show_warning)
        self.scheduler = LintScheduler(self._snapshot, self._state, self._on_report)
        self._catalog: Catalog | None = None
        self._catalog_lock = threading.Lock()
        self._updates: list[asyncio.Future[None]] = []
        #: the client sent `shutdown` (so `exit` ends the process with status 0)
        self.shut_down = False
        #: the first workspace scan (kept: a task nobody references may be collected)
        self._scan: asyncio.Task[int] | None = None
        #: long-lived tasks of the connection (kept referenced so that they are not collected)
        self.background_tasks: set[asyncio.Future[None]] = set()
        #: per document: the workspace files its last analysis read
        self.dependencies: dict[str, frozenset[str]] = {}
        #: the diagnostics the stdin front published before the server attached (see `early`)
        self._early: EarlyPublished | None = None
        #: the diagnostics the stdin front answered pulls with before the server attached
        self._pulled: EarlyPublished | None = None
        #: when `preload` ran, and whether a document has been reported since (see
        #: `background_may_start`), and since when the scheduler has been seen idle
        self._preloaded_at: float | None = None
        self._reported_once = False
        self._idle_since: float | None = None
        #: set once the background preload has imported the fixes (`fix_prefetch` waits)
        self.fixes_preloaded = threading.Event()
        #: code actions a client waits for (requests and resolves: `computing_fixes`; not
        #: the listing's prefetch, itself background work); the preload of what "Fix all"
        #: needs waits for none, rather than take the GIL from one building its fixes
        self.actions_in_flight = 0
        self._in_flight_lock = threading.Lock()

    @contextlib.contextmanager
    def computing_fixes(self) -> Iterator[None]:
        """Counts a code action being computed (any thread) in `actions_in_flight`."""
        with self._in_flight_lock:
            self.actions_in_flight += 1
        try:
            yield
        finally:
            with self._in_flight_lock:
                self.actions_in_flight -= 1

    @functools.cached_property
    def fix_plans(self) -> FixPlans:
        """The code actions' plans per document version (`fix_plan`), made on the first."""
        from jax_lsp.server.session.fix_plan import FixPlans

        return FixPlans()

    # -- lifecycle -----------------------------------------------------------------------------

    def initialize(self, capabilities: types.ClientCapabilities, encoding: str) -> None:
        self.profile = ClientProfile.from_capabilities(capabilities, encoding)
        self.documents.encoding = self.profile.encoding
        self.notebooks.encoding = self.profile.encoding

    def preload(self) -> None:
        """Start the analysis process (if `serve` has not) and load the catalog and the fixes in
        the background, so neither the first diagnostics nor the first hover or code action
        wait for imports (nor the first diagnostics for the catalog: `catalog_may_load`)."""
        self.scheduler.pool.start()
        self._preloaded_at = time.monotonic()
        threading.Thread(target=self._preload, name="jax-lsp-preload", daemon=True).start()

    def background_may_start(self) -> bool:
        """Whether background work may start: the first report is out (or no document came
        within `BACKGROUND_NO_DOCUMENT` seconds) and no analysis has run for
        `BACKGROUND_QUIET` seconds. Any thread may ask (it polls)."""
        now = time.monotonic()
        if not self.scheduler.idle:
            self._idle_since = None
            return False
        if self._idle_since is None:
            self._idle_since = now
        started = self._preloaded_at if self._preloaded_at is not None else now
        return now - self._idle_since >= BACKGROUND_QUIET and (
            self._reported_once or now - started >= BACKGROUND_NO_DOCUMENT)

    def catalog_may_load(self) -> bool:
        """Whether the catalog may load in the background: once the first report is out, or
        if no document is being analysed `BACKGROUND_NO_DOCUMENT` seconds after `preload`.
        Loading it (a tenth of a second of CPU, more on a loaded machine) would otherwise take
        the CPU from the first analysis; only hovers need it, and they come after the
        diagnostics they explain (one that comes first loads it)."""
        if self._reported_once:
            return True
        started = self._preloaded_at
        return (self.scheduler.idle and started is not None
                and time.monotonic() - started >= BACKGROUND_NO_DOCUMENT)

    def _preload(self) -> None:
        with contextlib.suppress(Exception):  # only a saving
            self.server.protocol.prepare()
            diagnostics.prepare(self.server)
        while not self.catalog_may_load():
            time.sleep(BACKGROUND_POLL)
        _ = self.catalog
        # the fixes (LibCST, the analyser): imported here rather than when `serve` starts (the
        # first diagnostics do not wait for them), once the first analyses are done, so that
        # the first code action (on the event loop) need not import them either
        while not self.background_may_start():
            time.sleep(BACKGROUND_POLL)
        with contextlib.suppress(Exception):  # reported by the code action that needs them
            import jax_lsp.fixes.generated
            import jax_lsp.fixes.registry
            import jax_lsp.server.session.fix_plan  # noqa: F401
            # what the first quick fix of most findings reads (the custom rules built from
            # `ast`): no LibCST and no analyser (fixes are judged in the analysis process),
            # 40 ms
            for module in ("fixes.custom_vjp", "fixes.custom_jvp", "fixes.lite", "fixes.outline"):
                importlib.import_module(f"jax_lsp.{module}")
        self.fixes_preloaded.set()
        # what "Fix all" runs in this process (`--fix`'s pipeline: the analyser, 0.2 s of
        # CPU), while no code action is being answered
        while self.actions_in_flight or not self.background_may_start():
            time.sleep(BACKGROUND_POLL)
        with contextlib.suppress(Exception):
            for module in ("fixes.apply", "analysis.incremental.analyzer"):
                importlib.import_module(f"jax_lsp.{module}")
        # What is loaded now lives as long as the server: keep it out of the cyclic garbage
        # collector's way, so the collections that follow each analysis stay short.
        gc.freeze()

    @property
    def catalog(self) -> Catalog | None:
        """The error catalog (None if it cannot be loaded: hovers then fall back to the rule).
        Loaded once: a thread that asks while another loads it waits for that load."""
        if self._catalog is None:
            with self._catalog_lock:
                if self._catalog is None:
                    try:
                        from jax_lsp.catalog import load_catalog

                        # what a hover renders it with: imported here (off the event loop)
                        from jax_lsp.catalog.render import hover_markdown  # noqa: F401

                        self._catalog = load_catalog()
                    except Exception:  # a broken catalog must not break hovers
                        log.exception("cannot load the error catalog")
                        return None
        return self._catalog

    async def loaded_catalog(self) -> Catalog | None:
        """`catalog`, loaded off the event loop if it is not yet (a hover just after the first
        diagnostics: the edits that follow are handled meanwhile)."""
        if self._catalog is not None:
            return self._catalog
        return await asyncio.to_thread(lambda: self.catalog)

    # -- documents and reports -----------------------------------------------------------------

    def document(self, uri: str) -> Document | None:
        """An open text document: a file or buffer, or a cell of an open notebook."""
        return self.documents.get(uri) or self.notebooks.cell(uri)

    def is_open(self, uri: str) -> bool:
        """Whether `uri` is a document or notebook the scheduler lints."""
        return self.documents.get(uri) is not None or self.notebooks.get(uri) is not None

    def _state(self, uri: str) -> tuple[int, int] | None:
        doc = self.documents.get(uri)
        if doc is not None:
            return (doc.version, self.configuration.generation)
        notebook = self.notebooks.get(uri)
        if notebook is not None:
            return (notebook.revision, self.configuration.generation)
        return None

    def _snapshot(self, uri: str, previous: Report | None) -> Snapshot | None:
        doc = self.documents.get(uri)
        index = None
        if doc is not None:
            uri, version, text, path = doc.uri, doc.version, doc.text, doc.path
            index = doc.built_index  # (not built here: the analysis would wait for it)
        else:
            # a notebook is linted as the joined source of its code cells
            notebook = self.notebooks.get(uri)
            if notebook is None:
                return None
            version, path = notebook.revision, notebook.path
            text = self.notebooks.layout(notebook).text
        config = self.configuration.for_path(path)
        return Snapshot(
            uri=uri,
            version=version,
            text=text,
            path=path,
            config=config,
            generation=self.configuration.generation,
            profile=self.profile,
            previous=previous,
            workspace=self._workspace_spec(uri, path, config),
            index=index,
        )

    def workspace_spec(self, doc: Document, config: Config) -> WorkspaceSpec | None:
        """Where the analysis of `doc` under `config` follows imports (see `_workspace_spec`):
        a fix-all in this process analyses as the analysis process does."""
        return self._workspace_spec(doc.uri, doc.path, config)

    def _workspace_spec(self, uri: str, path: Path | None, config: Config) -> WorkspaceSpec | None:
        """Imports are followed from files (see `Configuration.workspace_spec`); the other
        open documents' unsaved text overrides theirs on disk."""
        if path is None:
            return None
        overlay = tuple(
            (str(other.path), other.text)
            for other in self.documents
            if other.path is not None and other.uri != uri and other.path.suffix == ".py"
        )
        return self.configuration.workspace_spec(path, config, overlay)

    def published_early(self, published: EarlyPublished) -> None:
        """The stdin front published these diagnostics before the server attached."""
        self._early = published

    def pulled_early(self, pulled: EarlyPublished) -> None:
        """The stdin front answered pulls with these diagnostics before the server attached."""
        self._pulled = pulled

    def _on_report(self, report: Report) -> None:
        self._reported_once = True
        self.dependencies[report.uri] = frozenset(report.dependencies)
        notebook = self.notebooks.get(report.uri)
        if notebook is not None:
            self._notebook_reported(notebook, report)
        elif self.profile.pull_diagnostics:
            pulled = self._pulled
            if pulled is not None and pulled[:2] == (report.uri, report.version):
                self._pulled = None
                if diagnostics.as_json(self.server, report) != pulled[2]:
                    # e.g. the editor's settings, which the front does not know, apply
                    log.info("the diagnostics first pulled for %s differ from the server's: "
                             "asking the client to pull again", report.uri)
                    if self.profile.diagnostic_refresh:
                        self.server.workspace_diagnostic_refresh(None)
        elif not self.profile.pull_diagnostics:
            early, self._early = self._early, None
            if early is not None and early[:2] == (report.uri, report.version):
                ours = diagnostics.as_json(self.server, report)
                if ours == early[2]:
                    return  # published already, by the front
                log.error("the first diagnostics of %s were published as %s, the server's are "
                          "%s", report.uri, early[2], ours)
            diagnostics.publish(self.server, report)

    # -- notebooks -----------------------------------------------------------------------------

    def _notebook_reported(self, notebook: Notebook, report: Report) -> None:
        """Split a notebook's report per cell; push the cells whose diagnostics changed (to push
        clients), or ask pull clients to pull again when another cell's did."""
        layout = self.notebooks.layout(notebook)
        per_cell = layout.diagnostics(report.findings, self.profile)
        push = not self.profile.pull_diagnostics
        changed = False
        for uri in [u for u in notebook.reported if u not in per_cell]:
            # no longer a code cell (now markdown, or another language)
            del notebook.reported[uri]
            changed = True
            if push:
                diagnostics.clear(self.server, uri)
        for cell in layout.cells:
            items = tuple(per_cell[cell.uri])
            before = notebook.reported.get(cell.uri)
            if before == (cell.version, items) or (before is None and not items):
                continue
            changed = True
            if items:
                notebook.reported[cell.uri] = (cell.version, items)
            else:
                notebook.reported.pop(cell.uri, None)
            if push:
                diagnostics.publish_cell(self.server, cell.uri, list(items), cell.version)
        notebook.result_id = report.result_id
        if changed and self.profile.pull_diagnostics and self.profile.diagnostic_refresh:
            self.server.workspace_diagnostic_refresh(None)

    def cell_diagnostics(self, uri: str) -> tuple[str | None, list[types.Diagnostic]]:
        """(result id, diagnostics) of a cell from its notebook's latest report."""
        notebook = self.notebooks.of_cell(uri)
        if notebook is None:
            return None, []
        reported = notebook.reported.get(uri)
        return notebook.result_id, list(reported[1]) if reported is not None else []

    def clear_cells(self, notebook: Notebook, uris: list[str]) -> None:
        """Forget (and, for push clients, clear) the diagnostics of cells that left the
        notebook or were closed with it."""
        for uri in uris:
            notebook.reported.pop(uri, None)
            if not self.profile.pull_diagnostics:
                diagnostics.clear(self.server, uri)

    def notebook_findings(self, notebook: Notebook) -> list[Finding]:
        """The findings of the notebook's current joined source (see `current_findings`)."""
        report = self.scheduler.report(notebook.uri)
        if report is None:
            return []
        if report.version == notebook.revision:
            return list(report.findings)
        text = self.notebooks.layout(notebook).text
        return carry_over(report.text, text, report.findings, str(notebook.path or notebook.uri))

    def files_changed(self, paths: list[str], *, immediately: bool = False) -> None:
        """Re-lint the open documents whose analysis read one of `paths` (a helper module was
        edited, saved or changed on disk)."""
        changed = {str(Path(p).resolve()) for p in paths}
        stale = [uri for uri, deps in self.dependencies.items() if deps & changed]
        # a first analysis not ended yet may read them too (its files are not known yet), with
        # their previous text: it is done again once it ends (the client may have the stdin
        # front's diagnostics of that version already, see `early`)
        for doc in self.documents:
            if doc.uri not in self.dependencies and doc.path is not None and \
                    str(doc.path.resolve()) not in changed:
                self.scheduler.redo_after(doc.uri)
        for uri in stale:
            if not self.is_open(uri):
                continue
            if immediately:
                self.scheduler.lint_now(uri)
            else:
                self.scheduler.changed(uri, incremental=False)
        if stale and self.profile.pull_diagnostics and self.profile.diagnostic_refresh:
            self.server.workspace_diagnostic_refresh(None)

    async def first_report(self, doc: Document) -> None:
        """Return once the document (or its notebook) has a report, or after
        `FIRST_REPORT_WAIT` seconds: a request arriving before its first analysis ends (the
        client may have the stdin front's diagnostics already, see `early`) is answered from
        that report, not from none."""
        notebook = self.notebooks.of_cell(doc.uri)
        uri, version = (notebook.uri, notebook.revision) if notebook else (doc.uri, doc.version)
        if self.scheduler.report(uri) is None:
            await self.scheduler.wait_for(uri, version, FIRST_REPORT_WAIT)

    def current_findings(self, doc: Document) -> list[Finding]:
        """The findings of the document's current text, from its latest report: exact if the
        report is of the current version, else carried over the edits made since."""
        notebook = self.notebooks.of_cell(doc.uri)
        if notebook is not None:
            layout = self.notebooks.layout(notebook)
            return layout.cell_findings(doc.uri, self.notebook_findings(notebook))
        report = self.scheduler.report(doc.uri)
        if report is None:
            return []
        if report.version == doc.version:
            return list(report.findings)
        filename = str(doc.path) if doc.path is not None else doc.uri
        return carry_over(report.text, doc.text, report.findings, filename)

    @contextlib.asynccontextmanager
    async def configuration_update(self) -> AsyncIterator[None]:
        """Mark the configuration as being fetched from the client: diagnostics pulled
        meanwhile wait for it (see `configuration_settled`)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._updates.append(done)
        try:
            yield
        finally:
            self._updates.remove(done)
            done.set_result(None)

    async def configuration_settled(self) -> None:
        """Return once no configuration fetch started before this call is pending."""
        pending = list(self._updates)
        if pending:
            await asyncio.gather(*pending)

    def start_workspace_scan(self) -> None:
        """Index the workspace in the background (once per connection; see `scan`)."""
        if self._scan is not None:
            return
        self._scan = asyncio.get_running_loop().create_task(self._scan_workspace())

    async def _scan_workspace(self) -> int:
        # `scan` uses the checker, which imports the analyser: off the event loop, and once
        # the first analyses are done
        while not self.background_may_start():
            await asyncio.sleep(BACKGROUND_POLL)
        scan = await asyncio.to_thread(importlib.import_module, "jax_lsp.server.features.scan")
        return int(await scan.scan_workspace(self.server))

    def recheck_all(self) -> None:
        """Re-lint every open document (the configuration changed)."""
        for doc in self.documents:
            self.scheduler.lint_now(doc.uri)
        for notebook in self.notebooks:
            self.scheduler.lint_now(notebook.uri)
        if self.profile.pull_diagnostics and self.profile.diagnostic_refresh:
            self.server.workspace_diagnostic_refresh(None)

    # -- talking to the user -------------------------------------------------------------------

    def show_warning(self, message: str) -> None:
        log.warning("%s", message)
        with contextlib.suppress(Exception):  # not connected (yet)
            self.server.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=message)
            )
