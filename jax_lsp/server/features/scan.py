"""The first workspace scan: parse the workspace's modules into the analysis process's index,
with `$/progress` for clients that show it.

The analysis follows imports lazily, parsing a workspace module the first time a document
imports from it; the scan does that work up front, once, in the background, so that the first
diagnostics of a file importing from many modules do not wait for their parses. It walks the
workspace root like `jax-lsp check` does (skipping `.git`, virtual environments, `exclude`
patterns, ...), then sends the modules to the analysis process in small batches, each only
when no document's analysis is running or waiting: a document opened meanwhile waits for one
batch at most.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from jax_lsp.analysis.options import WorkspaceSpec
from jax_lsp.project.config import Config
from jax_lsp.project.discovery import discover_files

if TYPE_CHECKING:
    from jax_lsp.server.runtime.analysis_process import AnalysisProcess
    from jax_lsp.server.server import JaxLanguageServer

__all__ = [
    "BATCH",
    "MAX_DIRECTORIES",
    "MAX_MODULES",
    "WorkspaceTooLarge",
    "scan_workspace",
    "workspace_modules",
]

log = logging.getLogger(__name__)

#: modules per request to the analysis process
BATCH = 20
#: seconds between looks at whether the analysis process is free for the next batch
IDLE_POLL = 0.02
#: the most modules, and the most source bytes, the scan parses (a parsed module takes about 80
#: times its size in memory; past these, modules are parsed lazily, as without a scan)
MAX_MODULES = 2_000
MAX_BYTES = 1_000_000
#: the most directories the listing walks, and the longest it takes, before the scan gives up
#: (a workspace root of `/` or of a home directory: the analysis then stays lazy)
MAX_DIRECTORIES = 20_000
MAX_LISTING_SECONDS = 10.0


class WorkspaceTooLarge(Exception):
    """The workspace has more directories than the scan lists (see `MAX_DIRECTORIES`)."""


class _Resolver:
    """`discover_files`' view of the server's configuration; it also stops the walk (it is
    asked for each directory) past the listing's budget."""

    def __init__(self, for_path: Callable[[Path | None], Config]) -> None:
        self._for_path = for_path
        self._directories = 0
        self._deadline = time.monotonic() + MAX_LISTING_SECONDS

    def for_path(self, path: Path) -> Config:
        return self._for_path(path / "__init__.py" if path.is_dir() else path)

    def for_directory(self, directory: Path) -> Config:
        self._directories += 1
        if self._directories > MAX_DIRECTORIES or time.monotonic() > self._deadline:
            raise WorkspaceTooLarge(
                f"the workspace is too large to index (listing stopped after "
                f"{self._directories - 1} directories; at most {MAX_DIRECTORIES} or "
                f"{MAX_LISTING_SECONDS:g} s): modules are parsed when imported"
            )
        return self._for_path(directory / "__init__.py")


def workspace_modules(root: Path, for_path: Callable[[Path | None], Config]) -> list[Path]:
    """The Python modules under `root` that `jax-lsp check root` would check; raises
    `WorkspaceTooLarge` past `MAX_DIRECTORIES` or `MAX_LISTING_SECONDS`."""
    found = discover_files([root], _Resolver(for_path))  # type: ignore[arg-type]
    return [path for path, _ in found if path.suffix == ".py"]


def within_budget(modules: list[Path], skip: set[Path]) -> list[Path]:
    """The modules to parse: not those in `skip` (open in the editor: their buffers are
    analysed anyway), and no more than `MAX_MODULES` and `MAX_BYTES` of source."""
    out: list[Path] = []
    total = 0
    for path in modules:
        if path in skip:
            continue
        try:
            size = path.stat().st_size
        except OSError:
            continue
        if len(out) >= MAX_MODULES or total + size > MAX_BYTES:
            break
        out.append(path)
        total += size
    return out


async def scan_workspace(server: JaxLanguageServer) -> int:
    """Index the workspace once; the number of modules parsed (0 without a root)."""
    session = server.session
    root = session.configuration.root
    if root is None or not root.is_dir():
        return 0
    started = time.perf_counter()
    loop = asyncio.get_running_loop()
    try:
        found = await loop.run_in_executor(
            None, workspace_modules, root, session.configuration.for_path
        )
        open_paths = {doc.path for doc in session.documents if doc.path is not None}
        modules = await loop.run_in_executor(None, within_budget, found, open_paths)
    except WorkspaceTooLarge as e:
        log.info("%s", e)
        return 0
    except Exception:  # an unreadable tree or a bad config: the analysis stays lazy
        log.exception("cannot list the workspace's modules")
        return 0
    if len(modules) < len(found):
        log.info("indexing %d of the workspace's %d modules", len(modules), len(found))
    if not modules:
        return 0
    config = session.configuration.for_path(root)
    spec = WorkspaceSpec((str(root),), config.python_path(), python_trusted=config.python_trusted)
    progress = _Progress(server) if session.profile.work_done_progress else None
    if progress is not None:
        await progress.begin(f"Indexing {len(modules)} modules")
    parsed = 0
    try:
        for start in range(0, len(modules), BATCH):
            while not session.scheduler.idle:  # the documents' analyses go first
                await asyncio.sleep(IDLE_POLL)
            batch = [str(p) for p in modules[start : start + BATCH]]
            future = session.scheduler.pool.submit_to_process(
                functools.partial(_index, spec=spec, batch=batch)
            )
            parsed += await asyncio.wrap_future(future)
            done = min(start + BATCH, len(modules))
            if progress is not None:
                progress.report(f"{done}/{len(modules)} modules", 100 * done // len(modules))
    except Exception:  # cancelled (shutdown) or a failed child: stop quietly, stay lazy
        log.debug("the workspace scan stopped", exc_info=True)
    finally:
        elapsed = time.perf_counter() - started
        message = f"Indexed {parsed} modules in {elapsed:.1f} s"
        log.info("%s", message)
        if progress is not None:
            progress.end(message)
    return parsed


def _index(process: AnalysisProcess, spec: WorkspaceSpec, batch: list[str]) -> int:
    return process.index(spec, batch)


class _Progress:
    """One `$/progress` token, created by the server (`window/workDoneProgress/create`)."""

    def __init__(self, server: JaxLanguageServer) -> None:
        self.server = server
        self.token = f"jax-lsp-scan-{uuid.uuid4()}"
        self.created = False

    async def begin(self, title: str) -> None:
        progress = self.server.work_done_progress
        try:
            await asyncio.wait_for(progress.create_async(self.token), 10)
        except Exception:  # the client refused or never answered: no progress to show
            log.debug("no progress token", exc_info=True)
            return
        self.created = True
        progress.begin(
            self.token,
            types.WorkDoneProgressBegin(title="jax-lsp", message=title, percentage=0),
        )

    def report(self, message: str, percentage: int) -> None:
        if self.created:
            self.server.work_done_progress.report(
                self.token, types.WorkDoneProgressReport(message=message, percentage=percentage)
            )

    def end(self, message: str) -> None:
        if self.created:
            self.server.work_done_progress.end(
                self.token, types.WorkDoneProgressEnd(message=message)
            )
