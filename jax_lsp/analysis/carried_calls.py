"""Calls interpreted for one version of a module, reused by the analysis of the next version.

A root an edit changed runs again (`roots`), and without the memo of the roots skipped around
it, it interprets again every function it reaches: on a large module a few such roots cost
more than everything else. The interpretations shared between calls that differ only in
their levels (`sharing`) are keyed by the function (the same object in the next version when
its statement is replayed, see `replay`) and by the arguments with their levels named by rank,
so they can serve the next version too, when:

- the interpretation made no finding, level, transformed function, function (a nested `def`
  becomes an entry point of its own), class registration nor workspace read, stored into no
  global nor object, and returned plain data or references to APIs (no function, class or
  object of its version); the previous analysis cut no recursion and hit no cap, and no root of
  it stored into shared state (a global, a custom rule, an object it did not make);
- objects (instances, custom derivative functions) are stored into by the module's statements
  only (a root storing into one, or into a global, counts as storing into shared state): what
  the code reads of them is then described by the module's fingerprints; one passed as an
  argument is a new object in every version, so the key of a call with one never matches;
- none of the code it ran is in a replaced statement or mentions a module-level name that holds
  something new (the test of `roots.Reuse.stale`), and no root of this analysis has stored
  into shared state yet.

Its result is then what interpreting it again would give (the interpreter's memo rests on the
same property), with the levels of this call in place of the previous ones (`sharing.rename`);
the functions it ran count as entered, as if it had run.
"""

from __future__ import annotations

from jax_lsp.analysis.interp_state import SharedCall
from jax_lsp.analysis.values import (
    MAYBE_NONE,
    NOCONST,
    Api,
    BatchedBy,
    Decorator,
    LazyName,
    Level,
    TangentOf,
    UserModule,
    Value,
)

__all__ = ["CarriedCalls"]

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


class CarriedCalls:
    """A part of `interp.Interpreter` (one mixin per concern): see the module's docstring."""

    def _portable_marks(self) -> tuple:
        """What an interpretation must leave as it was for its result to serve another
        version (besides `calls._shared_state`)."""
        return (
            len(self.closures_seen),
            len(self.findings),
            len(self.modules),
            len(self.method_self),
            len(self.method_class),
            len(self.transformed_inspected),
            len(self.unresolved_calls),
            len(self.limits) if self.limits is not None else 0,
            self.order_sensitive,
        )

    def note_shared_call(self, key: tuple, entry: SharedCall, marks: tuple) -> None:
        """An interpretation was made shareable: keep it for the next version if it can be."""
        if (
            self.calls_ready
            and not entry.emitted
            and marks == self._portable_marks()
            and _portable(entry.result, frozenset(entry.levels))
        ):
            # with the top-level statement of each function it ran, as `roots` records code
            top = self.top_statement
            self.portable_calls[key] = (entry, tuple((n, top(n)) for n in entry.entered))

    def start_calls(self) -> None:
        """The module's statements ran: carried interpretations may serve from now on."""
        self.calls_ready = True

    def carried_call(self, key: tuple) -> SharedCall | None:
        """The previous version's interpretation of this call, if it still holds."""
        carried = self.calls_in.get(key)
        if carried is None or not self.calls_ready or self._wrote:
            return None
        if not self._still_holds(key, carried[1]):
            del self.calls_in[key]
            return None
        return carried[0]

    def _still_holds(self, key: tuple, code: tuple) -> bool:
        """None of the code an interpretation ran (with the top-level statements that held it
        then: a statement replaced since is not in this version's tree) is stale."""
        closure = key[0]
        if self.closures_seen.get(closure.func) is not closure:
            return False  # its function was made anew: a key that no call has any more
        reuse = self.reuse
        return reuse is not None and not any(reuse.stale(node, top) for node, top in code)

    def used_carried_call(self, key: tuple, entry: SharedCall) -> None:
        """A carried interpretation serves a call: what it ran counts as entered."""
        info = self.info
        self.carried_calls_used += 1
        self.entered.update(info(n) for n in entry.entered)
        self.shared_memo[key] = entry
        self.portable_calls[key] = self.calls_in[key]

    def calls_out(self) -> dict[tuple, tuple[SharedCall, tuple]]:
        """The interpretations the next version may reuse: those of this analysis, and the
        carried ones that still hold."""
        if self.order_sensitive or self._wrote or self.modules:
            return {}
        out = dict(self.portable_calls)
        if self.calls_in and self.calls_ready:
            for key, carried in self.calls_in.items():
                if key not in out and self._still_holds(key, carried[1]):
                    out[key] = carried
        return out
