"""Judging a listed quick fix before the user picks it.

Resolving a quick fix costs one analysis of the fixed module (its judgement: a fix that would
add a finding is not offered) and the version's parse and outline: 0.4-0.6 s of CPU on a
5,000-line module, which the user waits for between picking the fix and seeing the edit
(issue 33). A client that resolves edits lazily lists a finding's actions first (Neovim when
its menu opens; VS Code on a cursor move onto a diagnostic, for its light bulb), and the user
picks one a moment later: that moment is spent judging the listed findings' preferred fixes in
the version's fix plan (`fix_plan`), where the resolve finds the judgement done, or waits for
the one under way instead of running its own.

A judgement starts only once no analysis has run for `state.BACKGROUND_QUIET` seconds, and
only on the current version of an open document whose report is exact (its findings are what
the plan judges against). Judging in idle time without a listing (after each report, a guess at
the finding the user will ask about) delayed the diagnostics of keystrokes typed while it ran
(a judgement runs in the server's process, beside the event loop) and is not done:
docs/measurements.md, "Issue 33, round 5".
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from pygls.exceptions import JsonRpcContentModified

if TYPE_CHECKING:
    from jax_lsp.analysis import Finding
    from jax_lsp.server.session.documents import Document
    from jax_lsp.server.session.fix_plan import FixPlan
    from jax_lsp.server.session.state import Session

__all__ = ["POLL_SECONDS", "FixPrefetch"]

log = logging.getLogger(__name__)

#: how often the prefetcher looks whether it may start
POLL_SECONDS = 0.05


class FixPrefetch:
    """See the module's docstring. Lives on the event loop; the judgements run in one thread
    of their own."""

    def __init__(self, session: Session) -> None:
        self.session = session
        #: findings a listing asked for, to judge: (uri, version, findings)
        self._listed: tuple[str, int, list[Finding]] | None = None
        self._task: asyncio.Task[None] | None = None
        self._executor: ThreadPoolExecutor | None = None
        #: judgements this prefetcher ran (for tests and benchmarks)
        self.judged = 0

    def listed(self, doc: Document, findings: Sequence[Finding]) -> None:
        """A lazy client listed the actions of `findings` (event loop)."""
        if findings:
            self._listed = (doc.uri, doc.version, list(findings))
            if self._task is None or self._task.done():
                self._task = asyncio.ensure_future(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    async def _run(self) -> None:
        try:
            while (job := await self._next_job()) is not None:
                plan, doc, version, findings = job
                if self._executor is None:
                    self._executor = ThreadPoolExecutor(1, "jax-lsp-prefetch")
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(self._executor, self._judge, plan, doc, version,
                                           findings)
        except asyncio.CancelledError:
            raise
        except Exception:  # only a saving: the resolve computes what it needs
            log.exception("prefetching a fix failed")

    async def _next_job(self) -> tuple[FixPlan, Document, int, list[Finding]] | None:
        """Wait until a prefetch may start, then what it judges (None: nothing to do)."""
        session = self.session
        while self._listed is not None:
            if session.fixes_preloaded.is_set() and session.background_may_start():
                (uri, version, findings), self._listed = self._listed, None
                job = self._job(uri, version, findings)
                if job is not None:
                    return job
                continue
            await asyncio.sleep(POLL_SECONDS)
        return None

    def _job(self, uri: str, version: int, findings: list[Finding]
             ) -> tuple[FixPlan, Document, int, list[Finding]] | None:
        """The plan of `uri`'s current version and the listed findings that have a preferred
        fix; None if the document moved on."""
        from jax_lsp.fixes.offers import preferred_kind
        from jax_lsp.server.features.code_actions import plan_of

        session = self.session
        doc = session.documents.get(uri)
        report = session.scheduler.report(uri)
        if (doc is None or doc.version != version or report is None
                or report.version != version or not report.exact):
            return None
        findings = [f for f in findings if preferred_kind(f) is not None]
        if not findings:
            return None
        return plan_of(session, doc).plan, doc, version, findings

    def _judge(self, plan: FixPlan, doc: Document, version: int,
               findings: list[Finding]) -> None:
        """In the prefetch thread: build and judge each finding's preferred fix while the
        document stays at `version`, no analysis waits and no code action the client waits
        for is being computed (a resolve of another fix, a "Fix all")."""
        from jax_lsp.fixes.offers import preferred_kind

        session = self.session
        for finding in findings:
            if (doc.version != version or session.documents.get(doc.uri) is not doc
                    or not session.scheduler.idle or session.actions_in_flight):
                return
            kind = preferred_kind(finding)
            assert kind is not None
            before = plan.analyses
            try:
                plan.fixes(finding, {kind})
            except JsonRpcContentModified:  # the document changed: nothing to judge
                return
            finally:
                self.judged += plan.analyses - before
