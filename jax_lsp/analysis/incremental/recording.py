"""The incremental layer's part that records what each root reads and replays the roots an
edit left unchanged (see `roots`): the hooks the evaluator calls where a root stores into
shared state, defines a function or passes a transformed function around, and what its driver
(`interp`) has done before and after each root (through `layer`).
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.compiled import trait
from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.incremental.call_logs import reached
from jax_lsp.analysis.incremental.roots import RootRecord
from jax_lsp.analysis.incremental.shared import LayerShared
from jax_lsp.analysis.interp_state import MAX_DEPTH_ITEMS, MODULE_ROOT, Args
from jax_lsp.analysis.values import NOCONST, CustomFn, FuncInfo, Instance, Transformed, Value


def _plain_data(v: Value, depth: int) -> bool:
    """A value made of nothing an analysis makes afresh (no function, object, level): the
    same in the analysis of the next version."""
    if v.tan or v.fns or depth > MAX_DEPTH_ITEMS:
        return False
    if v.keys is not None and not all(type(k) in (str, int, float, bool) for k in v.keys):
        return False
    if type(v.const) not in (str, int, float, bool, type(None)) and v.const is not NOCONST:
        return False
    return v.items is None or all(_plain_data(i, depth + 1) for i in v.items)


@trait
class RootRecording(LayerShared):
    """A part of the incremental layer (`layer.IncrementalLayer`): see the module's docstring."""

    def _collect_records(self) -> dict[object, RootRecord]:
        """What each root that ran read and did (see `roots`); the skipped ones keep theirs."""
        log = self.ev._entered_log.entries
        for eff in self.ev.effects.values():
            if eff.reached:  # (the functions its answered calls entered: see `call_logs`)
                eff.entered |= reached(eff.reached, log)
                eff.reached = set()
        findings, first_root = self.ev.findings, self.ev.first_root
        credited: dict[object, list[tuple[str, Span]]] = {}
        for key, roots in self.ev.finding_roots.items():
            for r in roots:
                credited.setdefault(r, []).append(key)
        roots_run = self.ev.effects.keys() - self.skipped
        records = {r: rec for r, rec in self.records.items() if r in self.skipped}
        for r in roots_run:
            if r is MODULE_ROOT:
                continue
            eff = self.ev.effects[r]
            code = {(n, self.ev.top_statement(n)) for n in eff.entered}
            if isinstance(r, ast.AST):
                code.add((r, self.ev.top_statement(r)))
            code = {c for c in code if c[1] is not MODULE_ROOT}
            records[r] = RootRecord(
                nodes=frozenset(n for n, _ in code),
                entry=self._entries.get(r),
                code=frozenset(code),  # type: ignore[arg-type]
                effects=eff,
                spawned=tuple(n for n in self._spawned.get(r, ()) if n in self.ev.effects),
                wrote=r in self._wrote,
                self_state=() if r in self._wrote else self._self_state.get(r, ()),
                findings=tuple(
                    (k, findings[k], first_root.get(k) is r) for k in credited.get(r, ())
                ),
                late=r in self._late,
            )
        for r in self.skipped:  # the findings they were credited with, as worded now
            rec = records.get(r)
            if rec is None or (not rec.findings and r not in credited):
                continue  # (most: credited with none, then and now)
            found = tuple(
                (k, findings[k], first_root.get(k) is r) for k in credited.get(r, ())
            )
            if found != rec.findings:
                records[r] = RootRecord(
                    rec.entry,
                    rec.code,
                    rec.effects,
                    rec.spawned,
                    rec.wrote,
                    rec.self_state,
                    found,
                    rec.late,
                    rec.nodes,
                )
        return records

    def _snapshot_self_writes(self, root: object) -> None:
        """What an entry point stored into the attributes of the object its method is bound
        to, as the roots after it see it: replayed when it is skipped, if it is plain data."""
        attrs = self._self_writes.get(root)
        if not attrs:
            return
        inst = self._root_self[root]
        state = tuple((a, inst.attrs[a]) for a in sorted(attrs) if a in inst.attrs)
        if all(_plain_data(v, 0) for _, v in state):
            self._self_state[root] = state
        else:
            self._wrote.add(root)

    def _reused(self, root: object, entry: object, me: Value | None = None) -> bool:
        """Skip `root` if the previous version's analysis of it holds (see `roots`): replay
        what it and the roots it spawned did, and put their findings back."""
        reuse = self.reuse
        family = reuse.reusable(root, entry) if reuse is not None else None
        if family is None:
            return False
        findings = self.ev.findings
        known = reuse.moved_keys  # type: ignore[union-attr]
        moved_key = reuse.moved_key  # type: ignore[union-attr]
        for _, rec in family:
            for _key, finding, first in rec.findings:
                if not first:
                    mk = known.get(id(finding)) or moved_key(finding)
                    if mk[1] not in findings:
                        # worded by a root that ran before and no longer emits it: this
                        # root words it now
                        return False
        state = family[0][1].self_state
        if state:
            if me is None or len(me.fns) != 1 or type(me.fns[0]) is not Instance:
                return False
            inst = me.fns[0]
            for attr, v in state:
                inst.attrs[attr] = v
            self._write_clock += 1
            self._written_at[inst] = self._write_clock
            self._self_state[root] = state
        for i, (r, rec) in enumerate(family):
            self.skipped.add(r)
            self.ev.effects[r] = rec.effects
            self.records[r] = rec
            if i and isinstance(r, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                self.ev.entered.add(self.ev.info(r))
            infos = rec.effects.entered_infos
            if infos is None:
                infos = rec.effects.entered_infos = frozenset(
                    self.ev.info(n) for n in rec.effects.entered
                )
            self.ev.entered |= infos
            self.ev._called_nodes |= rec.effects.called
            self.ev.unresolved_calls |= rec.effects.unresolved
            for created, call in rec.effects.inspected:
                self._replayed_inspected.setdefault(created, set()).add(call)
            late = bool(i) or rec.late
            first_root, finding_roots = self.ev.first_root, self.ev.finding_roots
            for _key, finding, _first in rec.findings:
                moved, k = known.get(id(finding)) or moved_key(finding)
                if k not in findings:
                    findings[k] = moved
                    first_root[k] = r
                    if late:
                        self._injected_late.add(k)
                roots = finding_roots.get(k)
                if roots is None:
                    finding_roots[k] = {r}
                else:
                    roots.add(r)
        return True

    def note_spawned(self, fi: FuncInfo) -> None:
        """A function first defined while a root runs: if it becomes an entry point, it is
        part of that root (see `roots`)."""
        if self.ev.root is not MODULE_ROOT:
            self._spawned.setdefault(self.ev.root, []).append(fi.node)

    def note_write(self) -> None:
        """The running root stored into state another root may read (see `roots`)."""
        if self.ev.root is not MODULE_ROOT:
            self._wrote.add(self.ev.root)
            self._class_fps.clear()

    def note_custom_made(self, c: CustomFn) -> None:
        """A custom_jvp/custom_vjp function was made (by the call running)."""
        self._custom_made[c] = self.ev.frame

    def note_rule_set(self, c: CustomFn) -> None:
        """A rule was attached to `c`: state another root may read (see `note_write`), unless
        the call that made `c` attaches it. Then every root that can see `c` sees it with its
        rule (it leaves that call only once the call returns: through its result, or a store
        into shared state, itself a write), and a root that runs that call again makes its own
        `c` and attaches the same rule: which roots ran before it changes nothing."""
        frame = self.ev.frame
        if frame is None or self._custom_made.get(c) is not frame:
            self.note_write()

    def note_attribute_write(self, inst: Instance, attr: str | None = None) -> None:
        """An attribute of `inst` was stored (`attr`; None: it changed otherwise)."""
        root = self.ev.root
        if self.ev.record and root is not MODULE_ROOT and self._made_in.get(inst) is not root:
            if attr is not None and self._root_self.get(root) is inst and root not in self._late:
                self._self_writes.setdefault(root, set()).add(attr)
            else:
                self._wrote.add(root)
            self._write_clock += 1
            self._written_at[inst] = self._write_clock

    def _stale_memo(self, made: tuple[object, int] | None, args: Args) -> bool:
        """A memoised call made by another root, with an object stored into since: its result
        is the object's state then (had that root not run, this call would see today's)."""
        if made is None or made[0] is self.ev.root:
            return False
        since = made[1]
        written = self._written_at

        def fresh(v: Value, depth: int) -> bool:
            for f in v.fns:
                if type(f) is Instance and written.get(f, 0) > since:
                    return True
            return (
                v.items is not None
                and depth < MAX_DEPTH_ITEMS
                and any(fresh(i, depth + 1) for i in v.items)
            )

        return any(fresh(v, 0) for v in args.all_values())

    def note_inspected(self, tf: Transformed, node: ast.AST) -> None:
        """A transformed function passed to a builtin that never calls it (`print(g)`)."""
        self.ev.impure_effects += 1
        self.ev.transformed_inspected.setdefault(tf, set()).add(node)
        created = self.ev.transformed_created.get(tf)
        if created is not None:
            self.ev._effects.inspected.add((created, node))
