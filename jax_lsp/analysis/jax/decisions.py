"""Host callbacks reached by tangents, and the report of every finding.

At a callback, the operands' marks become a `host.CallbackEvent` that the callback codes'
modules decide on (`jax_lsp.rules.decide_callback`, in their precedence); `report` makes the
finding, with its path, its message (`jax_lsp.rules.message`) and its fixes.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from jax_lsp import rules
from jax_lsp.analysis.asserted_errors import catches
from jax_lsp.analysis.findings import Finding, FixKind, PathStep, Severity, Span
from jax_lsp.analysis.interp_state import (
    BATCH_ONLY,
    CAUGHT,
    CHECKPOINT_LEVELS,
    IO_REFUSED,
    MASK,
    PAST_EXIT,
    RULE_LEVELS,
    Args,
)
from jax_lsp.analysis.jax import host_runs, jaxapi
from jax_lsp.analysis.jax.jaxapi import TRANSPOSE
from jax_lsp.analysis.jax.part import Part
from jax_lsp.analysis.values import (
    EMPTY,
    UNKNOWN,
    BatchedBy,
    Level,
    TangentOf,
    Value,
    derived,
)
from jax_lsp.rules import MessageFacts, decide_callback

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator


def _by_order(lv: Level) -> int:
    return lv.order


class _Callback:
    """A host callback's call as the callback codes see it (`host.CallbackEvent`)."""

    __slots__ = ("_host", "_operands", "batches", "has_vmap_method", "jvp_levels", "kind",
                 "levels", "ordered", "tangents", "what")

    def __init__(self, host: Evaluator, kind: str,
                 operands: list[tuple[Value, ast.AST | None]], marks: frozenset,
                 has_vmap_method: bool, ordered: bool = False) -> None:
        self._host = host
        self.ordered = ordered
        self._operands = operands
        self.kind = kind
        self.what = "jax.pure_callback" if kind == "pure" else "io_callback"
        self.has_vmap_method = has_vmap_method
        self.levels = sorted((m for m in marks if isinstance(m, Level)), key=_by_order)
        self.jvp_levels = [lv for lv in self.levels if lv.mode != TRANSPOSE]
        self.batches = sorted((m.level for m in marks if isinstance(m, BatchedBy)),
                              key=_by_order)
        self.tangents = sorted((m.level for m in marks if isinstance(m, TangentOf)),
                               key=_by_order)

    def rule_levels(self) -> frozenset:
        return self._host.reads(RULE_LEVELS).rule_levels

    def checkpoint_levels(self) -> frozenset:
        return self._host.reads(CHECKPOINT_LEVELS).checkpoint_levels

    def operand_spans(self, pred: Callable[[frozenset], bool]) -> tuple[Span, ...]:
        span = self._host.span
        return tuple(span(n) for v, n in self._operands if n is not None and pred(v.tan))

    def batched_operand_spans(self) -> tuple[Span, ...]:
        return self.operand_spans(lambda t: any(isinstance(m, BatchedBy) for m in t))


class CallbackDecisions(Part):
    """A part of the JAX component (`model.JaxModel`): see the module's docstring."""

    # ------------------------------------------------------------- callbacks

    def call_callback(
        self, name: str, spec: jaxapi.CallbackSpec, args: Args, node: ast.AST | None
    ) -> Value:
        host_runs.check_call(self.ev, name, spec, args, node)
        if spec.kind == "debug":
            return UNKNOWN
        operands: list[tuple[Value, ast.AST | None]] = []
        for i, v in enumerate(args.pos):
            if i >= spec.operand_start:
                operands.append((v, args.pos_nodes[i]))
        for k, v in args.kw.items():
            if k not in spec.config_keywords and k not in ("result_shape_dtypes", "callback"):
                operands.append((v, args.kw_nodes.get(k)))
        if args.star is not None:
            operands.append((args.star, None))
        if args.dstar is not None:
            operands.append((args.dstar, None))
        if node is not None:
            # an explicit `vmap_method=None` is JAX's default: no method (JAX008 under vmap)
            method = args.kw.get("vmap_method")
            has_vmap = (method is not None and method.const is not None) or (
                args.kw.get("vectorized", UNKNOWN).const is True
            ) or (method is None and args.dstar is not None)  # `**options` not known: may name one
            ordered = args.kw.get("ordered", UNKNOWN).const is True
            self.check_callback(name, spec.kind, operands, node, has_vmap, ordered)
        return derived([v for v, _ in operands])

    def check_callback(
        self,
        name: str,
        kind: str,
        operands: list[tuple[Value, ast.AST | None]],
        node: ast.AST,
        has_vmap_method: bool,
        ordered: bool = False,
    ) -> None:
        marks = (
            frozenset().union(*(v.tan for v, _ in operands)) - self.ev.reads(MASK).mask
            if operands
            else EMPTY
        )
        event = _Callback(self.ev, kind, operands, marks, has_vmap_method, ordered)
        decision = decide_callback(event)
        if decision is not None:
            # the event's levels are the evaluator's own
            self.report(decision.code, node, cast(Level, decision.level), event.what,
                        decision.spans, **decision.options)

    def report(
        self,
        code: str,
        node: ast.AST,
        level: Level,
        what: str,
        operand_spans: tuple[Span, ...],
        *,
        deferred: bool = False,
        gate: list | None = None,
        on_tangents: bool = False,
        modes: tuple[str, ...] = (),
        jax_says: str | None = None,
        stop_gradient_helps: bool = True,
        rejected: str = "an integer input",
        module: Any = None,
        called_at: ast.AST | None = None,
    ) -> None:
        """`module`: the module `node` is in when it is not the one being interpreted (a
        custom rule defined in another module than `called_at`, the call that runs it).
        Nothing on a sweep's pass that runs only if an earlier one did not leave the loop on
        a test decided at run time (`Ctx.past_exit`)."""
        if self.ev.reads(PAST_EXIT).past_exit:
            return
        caught = self.ev.reads(CAUGHT).caught
        if caught and not level.defer and all(
                catches(caught, (raised,)) for raised in rules.RULES[code].exceptions):
            return  # a `try` around it catches the error JAX raises: the run goes on
        if (
            not (code in rules.BATCH_CODES and level.mode == "batch")
            and self.ev.reads(BATCH_ONLY).batch_only
        ):
            return  # a differentiation the entry points that name transforms decide about
        where = module if module is not None else self.ev.module
        span = self.ev.span(node, where)
        node_span = span
        path: tuple[PathStep, ...] = (level.site, *self.ev.stack[level.stack_len :])
        if not where.is_main:
            # the offending call (or rule) is in an imported module: report it at the last
            # step of the path that is in the analysed file, and point from there into the
            # other file
            said = "is called here" if module is None else "is defined here"
            path = (*path, PathStep(span, f"`{what}` {said}", where.path))
            in_main = [i for i, st in enumerate(self.ev.stack) if st.filename is None]
            if called_at is not None and self.ev.module.is_main:
                span = self.ev.span(called_at)  # the analysed file's call runs the rule
            elif in_main:
                span = self.ev.stack[in_main[-1]].span
            else:
                return  # not reached from the analysed file: that file's own finding
            if level.site.filename is not None:
                path = (*self.ev.stack[: level.stack_len], *path)
        through = [
            s.label.removeprefix("calls ").strip("`")
            for s in path[1:]
            if s.label.startswith("calls ")
        ]
        route = f" through {' -> '.join(f'`{t}`' for t in through)}" if through else ""
        if not where.is_main and where.path:
            route += f" (in {Path(where.path).name}:{node_span.line})"
        facts = MessageFacts(what, level.name, level.mode, level.site.span.line, route,
                             on_tangents, deferred, jax_says, rejected)
        message = rules.message(code, facts)
        finding = Finding(
            code=code,
            message=message,
            span=span,
            severity=Severity.ERROR,
            path=tuple(path),
            # an io_callback JAX transposes stays in the transposed jaxpr whatever stops its
            # operands' gradients (checked under JAX 0.10.2): no stop_gradient fix for it
            fixes=tuple(k for k in rules.fix_kinds(code, deferred)
                        if (stop_gradient_helps or k is not FixKind.STOP_GRADIENT)
                        and (k is not FixKind.UNORDERED or self._unordered_runs(node)))
            + (FixKind.SUPPRESS,),
            transform=level.name,
            operand_spans=operand_spans,
            modes=modes or (level.mode,),
        )

        def emit(applied: PathStep | None = None) -> None:
            """Record the finding; `applied`: where the function a `vjp`, `linearize` or
            `linear_transpose` returned is called, which is where JAX raises a deferred one."""
            key = (code, span)
            if key not in self.ev.findings:
                self.ev.findings[key] = finding if applied is None else replace(
                    finding, path=(finding.path[0], applied, *finding.path[1:]))
                self.ev.first_root[key] = self.ev.root
            elif FixKind.UNORDERED not in finding.fixes and FixKind.UNORDERED in (
                    old := self.ev.findings[key]).fixes:
                # made unordered, the callback fails on this path (`Ctx.io_refused`)
                self.ev.findings[key] = replace(old, fixes=tuple(
                    k for k in old.fixes if k is not FixKind.UNORDERED))
            self.ev.finding_roots.setdefault(key, set()).add(self.ev.root)
            self.ev._emitted.append(key)  # (see `call_logs`)

        if gate is not None:
            gate.append(emit)  # emitted only if a condition is met later (see LoopTangent)
        elif deferred and level.defer:
            level.pending.append(emit)
        else:
            emit()

    def _unordered_runs(self, node: ast.AST) -> bool:
        """Whether `ordered=False` makes the io_callback called at `node` run: the call
        writes `ordered=True` itself (what the fix edits), and it is not where JAX refuses an
        unordered IO effect (`Ctx.io_refused`: a while_loop whose predicate is batched,
        a cond or switch under vmap)."""
        return _keyword_here(node, "ordered", True) and not self.ev.reads(
            IO_REFUSED).io_refused


def _keyword_here(node: ast.AST, name: str, literal: object = None) -> bool:
    """Whether the call `node` writes the keyword `name` itself (the fix that edits it has
    nothing to edit when a `functools.partial` bound it elsewhere), as the constant `literal`
    when one is given (the unordered fix rewrites only a written `ordered=True`, not
    `ordered=self.value`)."""
    return isinstance(node, ast.Call) and any(
        k.arg == name and (literal is None or (
            isinstance(k.value, ast.Constant) and k.value.value is literal))
        for k in node.keywords)
