"""Calls interpreted for one version of a module, reused by the analysis of the next version.

A root an edit changed runs again (`roots`), and without the memo of the roots skipped around
it, it interprets again every function it reaches: on a large module a few such roots cost
more than everything else. The interpretations shared between calls that differ only in
their levels (`sharing`) are keyed by the function (the same object in the next version when
its statement is replayed, see `replay`) and by the arguments with their levels named by rank,
so they can serve the next version too, when:

- the interpretation made no level, transformed function, function (a nested `def` becomes
  an entry point of its own), class registration nor workspace read, stored into no global nor
  object, and returned plain data or references to APIs (no function, class or object of its
  version); the previous analysis cut no recursion and hit no cap, and no root of it stored
  into shared state (a global, a custom rule, an object it did not make);
- the findings it emitted (moved with the code, `move_calls`) are all found already when it
  serves: a finding is worded by the first call that reaches it, which the carried
  interpretation was not in this version's order; a call that would word one runs again;
- objects (instances, custom derivative functions) are stored into by the module's statements
  only (a root storing into one, or into a global, counts as storing into shared state): what
  the code reads of them is then described by the module's fingerprints; one passed as an
  argument is a new object in every version, so the key of a call with one never matches;
- none of the code it ran is in a replaced statement or mentions a module-level name that holds
  something new (the test of `roots.Reuse.stale`), and no root of this analysis has stored
  into shared state yet.

Its result is then what interpreting it again would give (the interpreter's memo rests on the
same property), with the levels of this call in place of the previous ones (`sharing.rename`);
the functions it ran count as entered, as if it had run. Calls without levels are keyed the same
way (`sharing.canonical_call`'s `level_free`) and carried too.

Checking every carried interpretation after every edit would cost as much as the module is
long: each one is checked when it serves, and handed on otherwise with the version it was last
checked in (`CarriedCallSet`); the edits since (replaced statements, names holding something
new) are kept, and an interpretation serves only if none of them touches its code. All are
checked, and the edits forgotten, every `_CHECK_EVERY` versions (else the dead ones pile up).
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jax_lsp.analysis.compiled import trait
from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.incremental.call_logs import reached
from jax_lsp.analysis.incremental.shared import LayerShared
from jax_lsp.analysis.interp_state import SharedCall
from jax_lsp.analysis.values import (
    MAYBE_NONE,
    NOCONST,
    Api,
    BatchedBy,
    Decorator,
    FuncInfo,
    LazyName,
    Level,
    TangentOf,
    UserModule,
    Value,
)

__all__ = ["CarriedCallSet", "CarriedCalls", "move_calls"]

#: how many versions carried interpretations are handed on unchecked, at most
_CHECK_EVERY = 32

_ATOMS = frozenset({str, int, float, complex, bool, bytes, type(None), type(Ellipsis)})
_REFERENCES = frozenset({Api, UserModule, LazyName, Decorator})


def _portable(v: Value, levels: frozenset, depth: int = 0) -> bool:
    """A result made of plain data, references to APIs and marks of the call's own levels."""
    if depth > 8:
        return False
    for m in v.tan:
        t = type(m)
        lv = m if t is Level else m.level if t in (TangentOf, BatchedBy) else None
        if lv not in levels:
            return False
    if any(type(f) not in _REFERENCES for f in v.fns):
        return False
    c = v.const
    if c is not NOCONST and c is not MAYBE_NONE and type(c) not in _ATOMS:
        if type(c) is not tuple or any(type(x) not in _ATOMS for x in c):
            return False
    if v.keys is not None and any(type(k) not in _ATOMS for k in v.keys):
        return False
    return v.items is None or all(_portable(i, levels, depth + 1) for i in v.items)


#: a carried interpretation: its result, the code it ran (with the top-level statement of each
#: function), and the version it was last checked in
Carried = tuple[SharedCall, tuple, int]
#: an interpretation noted this version, its code found only when handed on (None until then:
#: `CarriedCalls._placed`)
Portable = tuple[SharedCall, tuple | None, int]


@dataclass
class CarriedCallSet:
    """The interpretations of calls one version hands the next (see the module's docstring)."""

    calls: dict[tuple, Carried] = field(default_factory=dict)
    #: the context fields the carried calls of each shape (function, positional count, keyword
    #: names) were keyed on (see `calls._sharer_reads`)
    reads: dict[tuple, list[int]] = field(default_factory=dict)
    #: the version that made this set, and the edit of each version since the calls were all
    #: checked: (version, statements it replaced, names that hold something new)
    version: int = 0
    edits: tuple[tuple[int, frozenset[Any], frozenset[str]], ...] = ()
    #: how many calls there were when they were all checked
    checked: int = 0


def move_calls(carried: CarriedCallSet, move: Callable[[Span], Span]) -> None:
    """Move the findings the carried interpretations emitted to where they are in the new
    version (an edit above them added or removed lines)."""
    calls = carried.calls
    for key, (entry, code, since) in list(calls.items()):
        if entry.emitted:
            emitted = tuple((c, move(span)) for c, span in entry.emitted)
            if emitted != entry.emitted:
                calls[key] = (dataclasses.replace(entry, emitted=emitted), code, since)


def _shape(key: tuple) -> tuple:
    return (key[0], key[1], *key[2])


@trait
class CarriedCalls(LayerShared):
    """A part of the incremental layer (`layer.IncrementalLayer`): see the module's
    docstring."""

    def _start_carried_calls(self, carried: CarriedCallSet) -> None:
        """This part's state, from what the previous version's analysis carried."""
        #: the functions each carried interpretation entered (see `used_carried_call`), by
        #: its identity, kept across versions by the incremental analysis
        self.entry_infos: dict[int, tuple[SharedCall, frozenset[FuncInfo]]] = {}
        #: interpretations of calls carried from the previous version and kept for the next
        #: (see `carried_calls`); the carried ones serve once the module's statements ran
        self.calls_in: dict[tuple, Carried] = carried.calls
        #: the context fields each carried interpretation is keyed on, by the shape of its
        #: call (function, positional count, keyword names): see `carried_reads_of`
        self.carried_reads: dict[tuple, list[int]] = carried.reads
        #: this version's number, and the edits since the carried calls were all checked
        self.calls_version = carried.version + 1
        self.calls_edits = carried.edits
        self.calls_checked = carried.checked
        #: by function (or other node) of the module, the last version whose edit made it
        #: stale (see `carried_calls`)
        self._touched: dict[object, int] = {}
        self._edit_index: tuple[dict[object, int], dict[str, int]] | None = None
        self.portable_calls: dict[tuple, Portable] = {}
        self.calls_ready = False
        self.carried_calls_used = 0
        #: of those, the ones whose interpretation emitted findings (found already, else the
        #: call would run and word them: see `carried_call`)
        self.carried_calls_with_findings = 0

    def portable_marks(self) -> tuple:
        """What an interpretation must leave as it was for its result to serve another
        version (besides `calls._shared_state`)."""
        return (
            len(self.ev.closures_seen),
            len(self.ev.findings),
            len(self.ev.modules),
            len(self.ev.method_self),
            len(self.ev.method_class),
            len(self.ev.transformed_inspected),
            len(self.ev.unresolved_calls),
            len(self.ev.limits) if self.ev.limits is not None else 0,
            self.ev.order_sensitive,
        )

    def note_shared_call(self, key: tuple, entry: SharedCall, marks: tuple) -> None:
        """An interpretation was made shareable: keep it for the next version if it can be."""
        if (
            self.calls_ready
            and marks == self.portable_marks()
            and _portable(entry.result, frozenset(entry.levels))
        ):
            # with the top-level statement of each function it ran, as `roots` records code:
            # found by `calls_out` (only the next version reads it, and most interpretations
            # are noted again and again as their callers are: tens of thousands of look-ups
            # in a large module's full analysis)
            self.portable_calls[key] = (entry, None, self.calls_version)

    def start_calls(self) -> None:
        """The module's statements ran: carried interpretations may serve from now on."""
        self.calls_ready = True

    def carried_call(self, key: tuple) -> SharedCall | None:
        """The previous version's interpretation of this call, if it still holds."""
        carried = self.calls_in.get(key)
        if carried is None or not self.calls_ready or self._wrote:
            return None
        if not self._still_holds(key, carried):
            del self.calls_in[key]
            return None
        entry = carried[0]
        findings = self.ev.findings
        if entry.emitted and not all(k in findings for k in entry.emitted):
            return None  # it would word a finding (see the module's docstring)
        return entry

    def _still_holds(self, key: tuple, carried: Carried) -> bool:
        """None of the code an interpretation ran (with the top-level statements that held it
        then: a statement replaced since is not in this version's tree) is stale: made stale
        by this version's edit, or by one since the version it was checked in."""
        closure = key[0]
        if self.ev.closures_seen.get(closure.func) is not closure:
            return False  # its function was made anew: a key that no call has any more
        if self.reuse is None:
            return False
        _, code, since = carried
        touched = self._touched_at
        return all(touched(node, top) <= since for node, top in code)

    def _touched_at(self, node: ast.AST, top: ast.stmt) -> int:
        """The last version whose edit made code of the module stale (this version's included,
        see `roots.Reuse.stale`), 0 if none did since the carried calls were all checked."""
        at = self._touched.get(node)
        if at is None:
            reuse = self.reuse
            assert reuse is not None  # (calls are carried only into a re-analysis)
            at = 0
            if reuse.stale(node, top):
                at = self.calls_version
            else:
                replaced_at, changed_at = self._edits_by_part()
                at = replaced_at.get(top, 0)
                if changed_at:
                    for name in reuse.mentions(node).intersection(changed_at):
                        at = max(at, changed_at[name])
            self._touched[node] = at
        return at

    def _edits_by_part(self) -> tuple[dict[object, int], dict[str, int]]:
        """The last version (of the edits since the carried calls were all checked) that
        replaced each statement, and that gave each module-level name something new: one
        look-up per part of a function's code instead of one pass over the edits."""
        index = self._edit_index
        if index is None:
            replaced_at: dict[object, int] = {}
            changed_at: dict[str, int] = {}
            for version, replaced, changed in self.calls_edits:
                for st in replaced:
                    replaced_at[st] = version
                for name in changed:
                    changed_at[name] = version
            index = self._edit_index = (replaced_at, changed_at)
        return index

    def used_carried_call(self, key: tuple, entry: SharedCall) -> None:
        """A carried interpretation serves a call: what it ran counts as entered."""
        self.carried_calls_used += 1
        if entry.emitted:
            self.carried_calls_with_findings += 1
        if self.ev.module is self.ev.main:
            # the functions of code no edit touched keep their `FuncInfo` across versions
            # (see `Interpreter.info`): the set is made once per interpretation carried
            known = self.entry_infos.get(id(entry))
            if known is None or known[0] is not entry:
                infos = frozenset(map(self.ev.info, entry.entered))
                known = self.entry_infos[id(entry)] = (entry, infos)
            self.ev.entered |= known[1]
        else:
            info = self.ev.info
            self.ev.entered.update(info(n) for n in entry.entered)
        self.ev.shared_memo[key] = entry
        self.portable_calls[key] = (entry, self.calls_in[key][1], self.calls_version)

    def _placed(self) -> dict[tuple, Carried]:
        """`portable_calls`, each with the code it ran, found now for those `note_shared_call`
        left it to (the tree is still the one they ran in)."""
        top = self.ev.top_statement
        calls = self.portable_calls
        log = self.ev._entered_log.entries
        placed: dict[tuple, Carried] = {}
        for key, (entry, code, since) in calls.items():
            if code is None:
                # (made by this analysis: the functions its answered calls entered, by
                # reference until now, see `call_logs`)
                entry = dataclasses.replace(entry, entered=frozenset(reached(entry.entered, log)))
                code = tuple((n, top(n)) for n in entry.entered)
                calls[key] = (entry, code, since)
            placed[key] = (entry, code, since)
        return placed

    def calls_out(self) -> CarriedCallSet:
        """The interpretations the next version may reuse: those of this analysis, and the
        carried ones, checked or handed on with the edits since they were (see the module's
        docstring)."""
        version = self.calls_version
        if self.ev.order_sensitive or self._wrote or self.ev.modules:
            return CarriedCallSet(version=version)
        placed = self._placed()
        calls_in = self.calls_in if self.calls_ready else {}
        edits = self.calls_edits
        if self.reuse is not None:
            edit = (version, frozenset(self.reuse.replaced), frozenset(self.reuse.changed))
            edits = (*edits, edit)
        if len(edits) >= _CHECK_EVERY or len(calls_in) > 2 * self.calls_checked + 1000:
            out = {
                key: (carried[0], carried[1], version)
                for key, carried in calls_in.items()
                if self._still_holds(key, carried)
            }
            out.update(placed)
            reads: dict[tuple, list[int]] = {}
            for key in out:
                r = reads.setdefault(_shape(key), [])
                if key[3] not in r:
                    r.append(key[3])
            return CarriedCallSet(out, reads, version, (), len(out))
        out = dict(calls_in)
        out.update(placed)
        reads = dict(self.carried_reads)
        for key in placed:
            shape = _shape(key)
            r = reads.get(shape, [])
            if key[3] not in r:
                reads[shape] = [*r, key[3]]
        checked = self.calls_checked if self.calls_in else len(out)
        return CarriedCallSet(out, reads, version, edits, checked)
