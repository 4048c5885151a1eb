"""The server's state for one client connection: what the client supports, the open documents,
the configuration, and the latest report of each document.

Handlers read and change the state only through this object, on the event loop's thread; the
analysis thread only ever sees immutable `Snapshot`s taken here.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from jax_lsp.analysis import Finding
from jax_lsp.analysis.workspace import WorkspaceSpec
from jax_lsp.catalog import Catalog, load_catalog
from jax_lsp.config import Config
from jax_lsp.server import diagnostics
from jax_lsp.server.capabilities import ClientProfile
from jax_lsp.server.carryover import carry_over
from jax_lsp.server.configuration import Configuration
from jax_lsp.server.documents import Document, DocumentStore
from jax_lsp.server.lint import Report, Snapshot
from jax_lsp.server.scheduler import LintScheduler

if TYPE_CHECKING:
    from jax_lsp.server.server import JaxLanguageServer

__all__ = ["Session"]

log = logging.getLogger(__name__)


class Session:
    def __init__(self, server: JaxLanguageServer) -> None:
        self.server = server
        self.profile = ClientProfile()
        self.documents = DocumentStore()
        self.configuration = Configuration(report_problem=self.show_warning)
        self.scheduler = LintScheduler(self._snapshot, self._state, self._on_report)
        self._catalog: Catalog | None = None
        self._updates: list[asyncio.Future[None]] = []
        #: the client sent `shutdown` (so `exit` ends the process with status 0)
        self.shut_down = False
        #: per document: the workspace files its last analysis read
        self.dependencies: dict[str, frozenset[str]] = {}

    # -- lifecycle -----------------------------------------------------------------------------

    def initialize(self, capabilities: types.ClientCapabilities, encoding: str) -> None:
        self.profile = ClientProfile.from_capabilities(capabilities, encoding)
        self.documents.encoding = self.profile.encoding

    def preload(self) -> None:
        """Start the analysis process (if `serve` has not) and load the catalog in the
        background, so neither the first diagnostics nor the first hover wait for imports."""
        self.scheduler.pool.start()
        threading.Thread(target=self._preload, name="jax-lsp-preload", daemon=True).start()

    def _preload(self) -> None:
        _ = self.catalog
        # What is loaded now lives as long as the server: keep it out of the cyclic garbage
        # collector's way, so the collections that follow each analysis stay short.
        gc.freeze()

    @property
    def catalog(self) -> Catalog | None:
        """The error catalog (None if it cannot be loaded: hovers then fall back to the rule)."""
        if self._catalog is None:
            try:
                self._catalog = load_catalog()
            except Exception:  # a broken catalog must not break hovers
                log.exception("cannot load the error catalog")
                return None
        return self._catalog

    # -- documents and reports -----------------------------------------------------------------

    def _state(self, uri: str) -> tuple[int, int] | None:
        doc = self.documents.get(uri)
        return None if doc is None else (doc.version, self.configuration.generation)

    def _snapshot(self, uri: str, previous: Report | None) -> Snapshot | None:
        doc = self.documents.get(uri)
        if doc is None:
            return None
        config = self.configuration.for_path(doc.path)
        return Snapshot(
            uri=doc.uri,
            version=doc.version,
            text=doc.text,
            path=doc.path,
            config=config,
            generation=self.configuration.generation,
            profile=self.profile,
            previous=previous,
            workspace=self._workspace_spec(doc, config),
        )

    def _workspace_spec(self, doc: Document, config: Config) -> WorkspaceSpec | None:
        """Imports are followed from files: the workspace root (or the file's folder), the
        configured environment, and the other open documents' unsaved text."""
        if doc.path is None:
            return None
        root = self.configuration.root or doc.path.parent
        overlay = tuple(
            (str(other.path), other.text)
            for other in self.documents
            if other.path is not None and other.uri != doc.uri and other.path.suffix == ".py"
        )
        return WorkspaceSpec((str(root),), config.python_path(), overlay)

    def _on_report(self, report: Report) -> None:
        self.dependencies[report.uri] = frozenset(report.dependencies)
        if not self.profile.pull_diagnostics:
            diagnostics.publish(self.server, report)

    def files_changed(self, paths: list[str], *, immediately: bool = False) -> None:
        """Re-lint the open documents whose analysis read one of `paths` (a helper module was
        edited, saved or changed on disk)."""
        changed = {str(Path(p).resolve()) for p in paths}
        stale = [uri for uri, deps in self.dependencies.items() if deps & changed]
        for uri in stale:
            if self.documents.get(uri) is None:
                continue
            if immediately:
                self.scheduler.lint_now(uri)
            else:
                self.scheduler.changed(uri, incremental=False)
        if stale and self.profile.pull_diagnostics and self.profile.diagnostic_refresh:
            self.server.workspace_diagnostic_refresh(None)

    def current_findings(self, doc: Document) -> list[Finding]:
        """The findings of the document's current text, from its latest report: exact if the
        report is of the current version, else carried over the edits made since."""
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

    def recheck_all(self) -> None:
        """Re-lint every open document (the configuration changed)."""
        for doc in self.documents:
            self.scheduler.lint_now(doc.uri)
        if self.profile.pull_diagnostics and self.profile.diagnostic_refresh:
            self.server.workspace_diagnostic_refresh(None)

    # -- talking to the user -------------------------------------------------------------------

    def show_warning(self, message: str) -> None:
        log.warning("%s", message)
        with contextlib.suppress(Exception):  # not connected (yet)
            self.server.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=message)
            )
