"""The incremental re-analysis as an observer of the evaluator: what it records of one version
of a module for the next, and what it puts back of the previous one.

The evaluator (`interp.Interpreter`) holds one `IncrementalLayer` (`Interpreter.observer`,
`layer`) and notifies it through the hooks `host.Observer` declares: where a root (an entry
point) starts and ends, where it stores into state another root may read, where a call is
memoised or answered from the memo, where a custom rule is attached. The layer reads the
evaluator's state back (`self.ev`) when it records or replays. Its parts, one module per concern:
`recording` (what each root reads, `roots`), `replay` (top-level statements an edit left
alone), `carried_calls` (interpretations of calls kept for the next version), `fingerprint`
(what a value stands for across versions), `call_logs` (spans of the logs each call owns);
`analyzer.IncrementalAnalyzer` drives successive versions. As in mypy, whose fine-grained
daemon lives in `mypy/server/` outside the checker, a reader of the evaluator never meets
what only the next version reads.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.incremental.carried_calls import CarriedCalls, CarriedCallSet
from jax_lsp.analysis.incremental.fingerprint import fingerprint
from jax_lsp.analysis.incremental.recording import RootRecording
from jax_lsp.analysis.incremental.replay import ModuleCarry, StatementReplay, build_runs
from jax_lsp.analysis.incremental.roots import NotExact, Reuse, RootRecord
from jax_lsp.analysis.interp_state import MODULE_ROOT, Args
from jax_lsp.analysis.values import ClassObj, CustomFn, FuncInfo, Instance, Value

if TYPE_CHECKING:
    from jax_lsp.analysis.interp import Interpreter

#: no fingerprint (`module_fingerprints`)
_NONE = object()
#: `before_root`'s answer for a root whose previous analysis was put back
SKIPPED = object()


class IncrementalLayer(RootRecording, StatementReplay, CarriedCalls):
    """One analysis's incremental state (empty when it neither records nor reuses), and the
    hooks the evaluator calls."""

    def __init__(self, ev: Interpreter, reuse: Reuse | None, carry: ModuleCarry | None) -> None:
        self.ev = ev
        #: in an incremental analysis, which roots of the previous one to skip (their findings
        #: and effects are replayed): those skipped
        self.reuse = reuse
        #: leave what only the next version reads (the roots' records, the interpretations
        #: and classes handed on, see `finish_records`) for the caller to complete once it has
        #: used the findings; and whether that is still to be done
        self.defer_records = False
        self.records_due = False
        #: what `build_runs` makes the replayed runs of (`exec_module_body`), until it does
        self._runs_made: tuple | None = None
        self.skipped: set[object] = set()
        #: the records (`record`), the fingerprints of the module's names after its statements
        #: ran, and what the records are made from: each root's entry fingerprint, the roots
        #: it spawned, the roots that wrote shared state
        self.records: dict[object, RootRecord] = {}
        self.module_fingerprints: dict[str, object] = {}
        self._entries: dict[object, object] = {}
        self._spawned: dict[object, list[object]] = {}
        self._wrote: set[object] = set()
        self._late: set[object] = set()
        #: top-level statements replayed (see `replay`): what the previous version's analysis
        #: left, what this one leaves
        self.carry_in = carry
        #: the functions of this module, by node, kept from one version to the next (their
        #: facts depend on their node only; the incremental analysis drops those of replaced
        #: statements)
        self.infos_in: dict[ast.AST, FuncInfo] = carry.func_infos if carry is not None else {}
        self.carry_out: ModuleCarry | None = None
        self.statements_replayed = 0
        #: the classes made from a `replay.ClassRecipe`, with it
        self.recipe_classes: list[tuple[ClassObj, Any]] = []
        self._stable_known: dict[int, tuple] = {}
        self.stable_bound: dict[int, Value] = {}
        self.later_entries: list | None = None
        #: the value binding each class made from a recipe; those of them the previous
        #: version handed on (`replay.ModuleCarry.classes`): one that changes (`register_pytree`)
        #: ends the incremental analysis, whose tests of what stayed the same go by identity
        self.class_values: dict[Any, Value] = {}
        self.carried_classes: set[ClassObj] = set()
        #: the classes still as made, and each custom function's fields, once the module's
        #: statements ran (see `class_fingerprints`)
        self._classes_as_made: list[tuple[ClassObj, Any]] | None = None
        #: the names `module_fingerprints` fingerprinted (the others kept the previous one)
        self._fresh_fingerprints: list[str] | None = None
        #: the names whose fingerprint `finish_records` makes (see `_fingerprint_module`),
        #: with their values, and the transformed functions' nodes then
        self._later_fingerprints: list[tuple[str, Value]] | None = None
        self._created_then: dict | None = None
        self._custom_fields: list[tuple[CustomFn, Any, tuple]] = []
        #: `recipe_classes` as a dict, once the module's statements ran (see `_stand_ins`)
        self._recipe_of_class: dict[ClassObj, Any] | None = None
        self._start_carried_calls(carry.calls if carry is not None else CarriedCallSet())
        self._replayed_inspected: dict[ast.AST, set[ast.AST]] = {}
        self._injected_late: set[tuple[str, Span]] = set()
        self._memo_entered: dict[tuple, tuple[int, int]] = {}
        #: the root each object was made in (an attribute stored into an object made in
        #: another root is state that root shares)
        self._made_in: dict[Instance, object] = {}
        #: the call each custom_jvp/custom_vjp function was made in (see `note_rule_set`)
        self._custom_made: dict[CustomFn, object] = {}
        #: the recipe (`replay.CustomRecipe`) of each custom function a recorded or replayed
        #: top-level statement made, and the rules attached while a statement is recorded
        self.custom_recipes: dict[CustomFn, object] = {}
        self.rule_log: list[tuple[CustomFn, tuple[tuple[str, object], ...]]] | None = None
        #: stores into objects by roots other than their maker, counted; the count at each
        #: object's last such store; the root and count each memoised call was made at
        self._write_clock = 0
        self._written_at: dict[Instance, int] = {}
        self._memo_made: dict[tuple, tuple[object, int]] = {}
        #: the object each entry point's method is bound to, the attributes it stored into
        #: it, and their values when it returned (see `_snapshot_self_writes`)
        self._root_self: dict[object, Instance] = {}
        self._self_writes: dict[object, set[str]] = {}
        self._self_state: dict[object, tuple[tuple[str, Value], ...]] = {}
        #: fingerprints of classes (forgotten when a root may change one)
        self._class_fps: dict[object, object] = {}  # (classes and custom functions)

    # ------------------------------------------------------------ the driver's hooks

    def after_module_body(self) -> None:
        """The module's statements ran (a recording analysis): fingerprint its names, tell
        the reuse, and let carried interpretations serve."""
        self.module_fingerprints = self._fingerprint_module()
        if self.reuse is not None:
            self.reuse.start(self.module_fingerprints, self._fresh_fingerprints)
        self.start_calls()

    def before_root(self, root: object, applied: object, parts: tuple,
                    me: Value | None = None) -> object:
        """A root is about to run (a recording analysis): its entry fingerprint, or `SKIPPED`
        if the previous version's analysis of it was put back (see `_reused`)."""
        entry = self.entry_fingerprint(root, applied, parts)
        if self._reused(root, entry, me):
            return SKIPPED
        return entry

    def before_root_runs(self, order_sensitive: bool) -> None:
        """A root not put back is about to run."""
        if self.reuse is not None:
            self.reuse.before_root(order_sensitive)

    def after_root(self, root: object) -> None:
        """An entry point returned."""
        self._snapshot_self_writes(root)

    def host_runs_carried(self, ran: bool) -> bool | None:
        """`jax.host_runs`: whether this analysis ran a callback's host function (`ran`) is
        handed on to the next version; in an incremental analysis, whether this one or one
        since the last full analysis ran one (None: this is a full analysis). Where none did,
        the roots put back ran none either."""
        if self.reuse is None:
            sticky = ran
        else:
            sticky = ran or self.carry_in is None or self.carry_in.host_runs
        if self.carry_out is not None:
            self.carry_out.host_runs = sticky
        return None if self.reuse is None else sticky

    def hands_on(self) -> bool:
        """Whether this analysis hands its module's state on to the next version's."""
        return self.carry_out is not None

    def hand_on_may_differentiate(self, carried: object) -> None:
        self.carry_out.may_differentiate = carried  # type: ignore[union-attr,assignment]

    def begin_root(self, root: object, entry: object) -> None:
        self._entries.setdefault(root, entry)

    def note_root_self(self, root: object, inst: Instance) -> None:
        """The entry point `root` is a method bound to `inst`."""
        self._root_self[root] = inst

    def note_late(self, root: object) -> None:
        """A transformed function `root` made escapes: it is applied now, after other roots."""
        self._late.add(root)

    def replayed_inspected(self, created: ast.AST | None) -> set[ast.AST]:
        """The calls of builtins that never call it a transformed function made at `created`
        was passed to, in the roots put back."""
        return self._replayed_inspected.get(created, set())  # type: ignore[arg-type]

    def after_roots(self) -> None:
        """Every root ran (a recording analysis)."""
        if self.defer_records and self.reuse is None:
            # (a full analysis: nothing below changes its findings, nor whether it is exact)
            self.records_due = True
        else:
            self.finish_records()

    def finish_records(self) -> None:
        """What the analysis of the next version reads of this one, made once the roots ran:
        the roots' records, the carried interpretations, classes and value facts (and, in an
        incremental analysis, whether its records prove it exact). Called by `after_roots`,
        or by the caller of a full analysis that deferred it (`defer_records`), before
        anything of the tree changes."""
        ev = self.ev
        self.records_due = False
        later, self._later_fingerprints = self._later_fingerprints, None
        if later:
            fps, created = self.module_fingerprints, self._created_then
            for name, v in later:
                fps[name] = fingerprint(v, created, self._class_fps)
            self._created_then = None
        self.finish_entries()
        if self.carry_out is not None and self._runs_made is not None:
            self.carry_out.runs = build_runs(*self._runs_made)
            self._runs_made = None
        if ev.record:
            self.records = self._collect_records()
            if self.carry_out is not None:
                self.carry_out.calls = self.calls_out()
                self.carry_out.func_infos = self.infos_in
                self.carry_out.transform_valued, self.carry_out.value_facts = ev.carried_facts()
                self.carry_classes()
            if self.reuse is not None:
                ran = set(ev.effects) - self.skipped
                self.reuse.finish(self._wrote, ran)
                if ev.order_sensitive:
                    self.reuse.inexact.append("a recursion was cut or a cap hit")
                if any(
                    r not in self.skipped and r is not MODULE_ROOT
                    for k in self._injected_late
                    for r in ev.finding_roots.get(k, ())
                ):
                    self.reuse.inexact.append("a finding put back early is also found again")

    def _fingerprint_module(self) -> dict[str, object]:
        """The fingerprint of each module-level name; the previous version's for a name that
        holds the same replayed value (see `replay`)."""
        ev = self.ev
        self.class_fingerprints(before=True)
        created, classes = ev.transformed_created, self._class_fps
        prev = self.carry_in
        same = prev.values if prev is not None else {}
        prev_fps = prev.fingerprints if prev is not None else {}
        fresh = self._fresh_fingerprints = []
        fps = {}
        # a deferred full analysis (see `defer_records`): what only the next version reads is
        # made once the answer is out, the fingerprints of the values a recorded statement
        # bound included (nothing changes them, see `replay.stable`; fingerprinted against
        # the transformed functions' nodes as they are now)
        later = self._later_fingerprints = (
            [] if self.defer_records and self.reuse is None and self.carry_out is not None
            else None
        )
        stable_bound = self.stable_bound
        for name, v in ev.module_scope.vars.items():
            fp = prev_fps.get(name, _NONE) if same.get(name) is v else _NONE
            if fp is _NONE:
                if later is not None and stable_bound.get(id(v)) is v:
                    later.append((name, v))
                else:
                    fp = fingerprint(v, created, classes)
                fresh.append(name)
            fps[name] = fp
        if later:
            self._created_then = dict(created)
        if later is not None:
            self.later_entries = []  # (see `entry_fingerprint`)
        if self.carry_out is not None:
            self.carry_out.fingerprints = fps
            self.class_fingerprints(before=False)
        return fps

    # ------------------------------------------------------------ the calls' hooks

    def memo_is_stale(self, key: tuple, args: Args) -> bool:
        """A memoised interpretation made by another root, with an object stored into since
        (see `_stale_memo`)."""
        return bool(self._write_clock) and self._stale_memo(self._memo_made.get(key), args)

    def note_memoised(self, key: tuple) -> None:
        """An interpretation was memoised (a recording analysis): by the running root, now."""
        self._memo_made[key] = (self.ev.root, self._write_clock)

    def note_entered_span(self, key: tuple, start: int, end: int) -> None:
        """The span of the log of functions entered that a memoised interpretation owns."""
        self._memo_entered[key] = (start, end)

    def entered_span(self, key: tuple) -> tuple[int, int] | None:
        return self._memo_entered.get(key)

    def carried_reads_of(self, sharers: tuple | None) -> list[int] | tuple[()]:
        """The context fields the previous version's carried interpretations of calls of
        this shape were keyed on."""
        if not self.calls_in:
            return ()
        return self.carried_reads.get(sharers, ())  # type: ignore[arg-type]

    def note_rule_assigned(self, c: CustomFn, assigned: tuple[tuple[str, object], ...]) -> None:
        """Rules were attached to `c` (`assigned`): a statement recorded replays them."""
        if self.rule_log is not None:
            self.rule_log.append((c, assigned))

    def note_pytree_registered(self, classes: list[ClassObj]) -> None:
        """Classes become pytrees. One the previous version handed on (see
        `replay.ClassRecipe`) would differ from the one its statement makes: the identities
        the incremental analysis compared so far no longer stand for the same content."""
        if not self.carried_classes.isdisjoint(classes):
            raise NotExact("a class carried from the previous version is registered as a pytree")

    def note_made(self, inst: Instance) -> None:
        """An object was made (by the running root)."""
        self._made_in[inst] = self.ev.root
