"""Judging the quick fix a user is about to ask for while the server has nothing else to do.

Resolving a quick fix costs one analysis of the fixed module (its judgement: a fix that would
add a finding is not offered), the version's parse and outline, and, the first time in the
server's process, the analysis's warm-up: 0.4-0.8 s of CPU on a 5,000-line module, which the
user waits for between picking the fix and seeing the edit (issue 33). Most of that can be
done before the user asks, in idle time, in the document version's fix plan (`fix_plan`),
where the request then finds it:

- once a document's exact report has been published and no analysis has run for
  `QUIET_SECONDS`, the plan of that version is made (the text parsed once) and the preferred fix
  of one finding is built and judged: the finding nearest to where code actions were last asked
  for in the document, else its first (in modules of up to `IDLE_MAX_LINES` lines);
- when a client that resolves edits lazily lists the actions of findings (VS Code asks on every
  cursor move onto a diagnostic, for its light bulb; Neovim when its menu opens), their
  preferred fixes are judged at once, before the user has picked one.

Nothing of this runs while an analysis is running or waiting: a keystroke's diagnostics never
wait for it (the judgement under way when a keystroke arrives finishes, in this process, while
the analysis process analyses the keystroke; no other starts). Only the current version of an
open document is prefetched, and only where its report is exact (its findings are what the plan
judges against). A prefetch and a request share the plan: a request for the fix being judged
waits for that judgement instead of running its own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jax_lsp.analysis import Finding
    from jax_lsp.server.session.documents import Document
    from jax_lsp.server.session.fix_plan import FixPlan
    from jax_lsp.server.session.lint import Report
    from jax_lsp.server.session.state import Session

__all__ = ["QUIET_SECONDS", "FixPrefetch"]

log = logging.getLogger(__name__)

#: how long no analysis must have run after a report before its fix is prefetched: a pause in
#: typing, not the gap between two keystrokes (each prefetch costs an analysis of the module)
QUIET_SECONDS = 0.5
#: how often the prefetcher looks whether it may start
POLL_SECONDS = 0.05
#: how many findings a report's idle prefetch judges the preferred fix of
IDLE_FINDINGS = 1
#: no idle prefetch beyond this many lines: a guess there costs seconds of CPU (a listing's
#: prefetch, of the fix the user is looking at, still runs)
IDLE_MAX_LINES = 20_000


class FixPrefetch:
    """See the module's docstring. Lives on the event loop; the judgements run in one thread
    of their own."""

    def __init__(self, session: Session) -> None:
        self.session = session
        #: per document: the line code actions were last asked for
        self._asked_line: dict[str, int] = {}
        #: the document whose report came last, with when it came
        self._reported: tuple[str, int, float] | None = None
        #: findings a listing asked for, to judge first: (uri, version, findings)
        self._listed: tuple[str, int, list[Finding]] | None = None
        #: (uri, version) whose idle prefetch is done
        self._done: set[tuple[str, int]] = set()
        self._task: asyncio.Task[None] | None = None
        self._executor: ThreadPoolExecutor | None = None
        #: judgements this prefetcher ran (for tests and benchmarks)
        self.judged = 0

    # -- what the session and the code actions tell it -----------------------------------------

    def reported(self, report: Report) -> None:
        """A report was published (event loop)."""
        if report.exact and report.parse_error is None and report.findings:
            self._reported = (report.uri, report.version, time.monotonic())
            self._wake()

    def listed(self, doc: Document, findings: Sequence[Finding]) -> None:
        """A lazy client listed the actions of `findings` (event loop)."""
        if findings:
            self._asked_line[doc.uri] = findings[0].span.line
            self._listed = (doc.uri, doc.version, list(findings))
            self._wake()

    def asked(self, doc: Document, line: int) -> None:
        """Code actions were asked for at `line` of `doc` (event loop)."""
        self._asked_line[doc.uri] = line

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    # -- the work ------------------------------------------------------------------------------

    def _wake(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._run())

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
        except Exception:  # only a saving: the request computes what it needs
            log.exception("prefetching a fix failed")

    async def _next_job(self) -> tuple[FixPlan, Document, int, list[Finding]] | None:
        """Wait until a prefetch may start, then what it judges (None: nothing to do)."""
        session = self.session
        while True:
            listed, reported = self._listed, self._reported
            if listed is None and (reported is None or reported[:2] in self._done):
                return None
            if self._preloaded() and session.background_may_start():
                if listed is not None:
                    self._listed = None
                    uri, version, findings = listed
                    job = self._job(uri, version, findings)
                    if job is not None:
                        return job
                    continue
                assert reported is not None
                if time.monotonic() - reported[2] >= QUIET_SECONDS:
                    self._done.add(reported[:2])
                    job = self._job(reported[0], reported[1], None)
                    if job is not None:
                        return job
                    continue
            await asyncio.sleep(POLL_SECONDS)

    def _preloaded(self) -> bool:
        """Whether the fixes are imported (the background preload does it: a prefetch
        importing them would race it for the same modules)."""
        return self.session.fixes_preloaded.is_set()

    def _job(self, uri: str, version: int, findings: list[Finding] | None
             ) -> tuple[FixPlan, Document, int, list[Finding]] | None:
        """The plan of `uri`'s current version and the findings to judge the preferred fix of
        (`findings`, or those the idle prefetch picks); None if the document moved on."""
        from jax_lsp.fixes.offers import preferred_kind
        from jax_lsp.server.features.code_actions import plan_of

        session = self.session
        doc = session.documents.get(uri)
        report = session.scheduler.report(uri)
        if (doc is None or doc.version != version or report is None
                or report.version != version or not report.exact):
            return None
        if findings is None and doc.text.count("\n") > IDLE_MAX_LINES:
            return None
        actions = plan_of(session, doc)
        if findings is None:
            line = self._asked_line.get(uri)
            own = actions.own_findings()
            if line is not None:
                own.sort(key=lambda f: abs(f.span.line - line))
            findings = own[:IDLE_FINDINGS]
        findings = [f for f in findings if preferred_kind(f) is not None]
        if not findings:
            return None
        return actions.plan, doc, version, findings

    def _judge(self, plan: FixPlan, doc: Document, version: int,
               findings: list[Finding]) -> None:
        """In the prefetch thread: build and judge each finding's preferred fix while the
        document stays at `version` and no analysis waits."""
        from jax_lsp.fixes.offers import preferred_kind

        session = self.session
        for finding in findings:
            if (doc.version != version or session.documents.get(doc.uri) is not doc
                    or not session.scheduler.idle):
                return
            kind = preferred_kind(finding)
            assert kind is not None
            before = plan.analyses
            plan.fixes(finding, {kind})
            self.judged += plan.analyses - before
