"""What each root of an analysis read and did, and when an edit leaves it unchanged.

A root is one computation the interpreter starts from: a function analysed as an entry point
(keyed by its node), or a transformed function of the module's own statements that escapes and
is applied to unknown arguments (keyed by the node that created it). While a root runs, the
interpreter records (`RootRecord`) what it depends on:

- `entry`: the fingerprint (`fingerprint`) of what it applies: the closure (its defaults, the
  scope it closes over), the object a method is bound to, the transformed functions;
- `code`: the functions of the module it ran (with their top-level statements), memoised and
  shared calls included (a call answered from the memo depends on what its first
  interpretation ran);
- the module-level names it may read: those mentioned by that code (lookups go by name);
- `spawned`: the roots it made (a nested function first defined while it ran, analysed as an
  entry point later): they come and go with it, so they count as part of it;
- `wrote`: whether it stored into state another root may read (a global, an attribute of an
  object it did not make, a custom rule): then it is never skipped, and the result is exact
  only if it re-runs unchanged.

After an edit the module's statements run again (cheap), and `Reuse` skips a root when its
entry fingerprint is the same, none of its code is in a replaced statement, and no name its
code mentions holds another value (by fingerprint) than before. Its findings are put back where
it would have emitted them (the first root to emit a finding words it), its effects (functions
it entered, transformed functions it called) replayed. What could still differ makes the
result inexact (`Reuse.inexact`, the server then confirms it with a full analysis): a cap or a
recursion cut (which depend on the order calls were first made in), a root that wrote shared
state re-running changed, a finding whose wording came from a root that no longer emits it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from jax_lsp.analysis.findings import Finding, Span
from jax_lsp.analysis.syntax import iter_nodes

__all__ = ["NotExact", "Reuse", "RootRecord"]

_MISSING = object()

FindingKey = tuple[str, Span]


@dataclass(frozen=True)
class RootRecord:
    """What one root of an analysis read and did (see the module's docstring)."""

    entry: object
    #: (function or node it ran, the top-level statement holding it)
    code: frozenset[tuple[ast.AST, ast.stmt]]
    #: `interp.RootEffects`: the functions it entered, the transformed functions it called...
    effects: Any
    spawned: tuple[object, ...]
    wrote: bool
    #: what it stored into the object its method is bound to (plain data: replayed)
    self_state: tuple[tuple[str, Any], ...]
    #: the findings it emitted or was credited with (memoised calls), and whether it was the
    #: first to emit each one
    findings: tuple[tuple[FindingKey, Finding, bool], ...]
    #: some of its findings were emitted after other roots ran (a transformed function it
    #: made, applied when it escapes): put back early, they may take another root's place
    late: bool = False
    #: the functions (and other nodes) of `code`
    nodes: frozenset[ast.AST] = frozenset()


class NotExact(Exception):  # noqa: N818 - a signal, not an error
    """Stops an incremental analysis that can no longer be exact, when only an exact one is
    wanted (`Reuse.exact_only`)."""


class Reuse:
    """Decides, during the analysis of a new version, which roots of the previous one are
    skipped (see the module's docstring)."""

    def __init__(
        self,
        records: dict[object, RootRecord],
        fingerprints: dict[str, object],
        replaced: set[ast.stmt],
        mentions: Callable[[ast.AST], frozenset[str]],
        move: Callable[[Finding], Finding],
        order_sensitive: bool,
        move_span: Callable[[Span], Span] = lambda span: span,
        mentioned_by: dict[str, set[ast.AST]] | None = None,
    ) -> None:
        self.records = records
        self.fingerprints = fingerprints
        self.replaced = replaced
        self.mentions = mentions
        self._move = move
        #: a position of the previous version, where it is in this one
        self.move_span = move_span
        #: the nodes of the records' code that mention each name (all of them), if known;
        #: then the stale ones, once the module's statements ran (see `start`)
        self._mentioned_by = mentioned_by
        self.stale_nodes: set[ast.AST] | None = None
        self._moved: dict[int, Finding] = {}
        #: by finding (of the previous version), where it is now and its key there
        self.moved_keys: dict[int, tuple[Finding, FindingKey]] = {}
        self.changed: set[str] = set()
        self._stale: dict[ast.AST, bool] = {}
        #: why the result may differ from a full analysis's (empty: it cannot)
        self.inexact: list[str] = []
        if order_sensitive:
            self.inexact.append("the previous analysis cut a recursion or hit a cap")
        #: roots re-run only because they wrote shared state (their code is unchanged)
        self.rerun_writers: set[object] = set()
        #: roots of the previous version met in this one
        self.met: set[object] = set()
        #: stop (`NotExact`) as soon as the result is known to be inexact (see `before_root`)
        self.exact_only = False

    def before_root(self, order_sensitive: bool) -> None:
        """A root is about to run: with `exact_only`, stop if the result cannot be exact any
        more (the rest of the analysis would be wasted on a result the caller discards)."""
        if self.exact_only and (self.inexact or order_sensitive):
            raise NotExact(self.inexact[0] if self.inexact else "a recursion was cut or a cap hit")

    def move(self, finding: Finding) -> Finding:
        """A finding of the previous version, where it is in this one."""
        moved = self._moved.get(id(finding))
        if moved is None:
            moved = self._moved[id(finding)] = self._move(finding)
        return moved

    def moved_key(self, finding: Finding) -> tuple[Finding, FindingKey]:
        """`move(finding)`, with its key among the findings (kept: a finding put back is
        looked up once per root credited with it, hundreds of roots per version)."""
        mk = self.moved_keys.get(id(finding))
        if mk is None:
            moved = self.move(finding)
            mk = self.moved_keys[id(finding)] = (moved, (moved.code, moved.span))
        return mk

    def start(
        self, fingerprints: dict[str, object], fresh: Iterable[str] | None = None
    ) -> None:
        """The module's statements ran: which module-level names hold something new.
        `fresh`: the names whose fingerprint is not the very one of the previous version, if
        known (the others hold nothing new)."""
        old = self.fingerprints
        new = fingerprints
        # (most names keep the very fingerprint: `is` spares comparing it)
        self.changed = {
            n
            for n in (old.keys() | new.keys() if fresh is None else fresh)
            if (a := old.get(n, _MISSING)) is not (b := new.get(n, _MISSING)) and a != b
        }
        if fresh is not None:
            self.changed.update(old.keys() - new.keys())
        index = self._mentioned_by
        if index is not None:
            # what `stale` says of the records' code, found from the edit: the nodes of the
            # replaced statements, and those mentioning a name that holds something new
            stale: set[ast.AST] = set()
            for name in self.changed:
                stale.update(index.get(name, ()))
            for st in self.replaced:
                stale.update(iter_nodes(st))
            self.stale_nodes = stale

    def stale(self, node: ast.AST, top: ast.stmt) -> bool:
        """Whether code of the previous version may do something else now: its statement
        was replaced, or it mentions a name that holds something new."""
        s = self._stale.get(node)
        if s is None:
            s = self._stale[node] = top in self.replaced or not self.mentions(node).isdisjoint(
                self.changed
            )
        return s

    def reusable(self, root: object, entry: object) -> list[tuple[object, RootRecord]] | None:
        """The root and the roots it spawned, with their records, if it can be skipped."""
        self.met.add(root)
        rec = self.records.get(root)
        if rec is None:
            return None
        if not rec.spawned:  # most roots (hundreds per version): the same, without the walk
            if rec.entry is not entry and rec.entry != entry:
                self._changed([(root, rec)], "")
                return None
            stale = self.stale_nodes
            if (
                not rec.nodes.isdisjoint(stale)
                if stale is not None
                else any(self.stale(node, top) for node, top in rec.code)
            ):
                self._changed([(root, rec)], "")
                return None
            if rec.wrote:
                self.rerun_writers.add(root)
                return None
            return [(root, rec)]
        family = [(root, rec)]
        i = 0
        while i < len(family):
            for s in family[i][1].spawned:
                m = self.records.get(s)
                if m is None:
                    self._changed(family, "a root it spawned is unknown")
                    return None
                family.append((s, m))
            i += 1
        self.met.update(r for r, _ in family)
        if rec.entry is not entry and rec.entry != entry:
            self._changed(family, "")
            return None
        stale = self.stale_nodes
        if (
            any(not m.nodes.isdisjoint(stale) for _, m in family)
            if stale is not None
            else any(self.stale(node, top) for _, m in family for node, top in m.code)
        ):
            self._changed(family, "")
            return None
        if any(m.wrote for _, m in family):
            self.rerun_writers.add(root)
            return None
        return family

    def _changed(self, family: list[tuple[object, RootRecord]], why: str) -> None:
        if any(m.wrote for _, m in family):
            self.inexact.append("a root that wrote shared state changed")
        elif why:
            self.inexact.append(why)

    def finish(self, wrote_now: set[object], ran: set[object]) -> None:
        """After the analysis: roots that write shared state and are new or changed, or that
        wrote last time and are gone, make the result inexact."""
        if any(r not in self.rerun_writers for r in wrote_now & ran):
            self.inexact.append("a new or changed root writes shared state")
        if any(m.wrote and r not in self.met for r, m in self.records.items()):
            self.inexact.append("a root that wrote shared state is gone")
