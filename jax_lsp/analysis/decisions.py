"""Host callbacks reached by tangents: which code each finding gets, and its message.

The decision of JAX001-JAX008 at a callback, and the report of every finding with its path and
fixes.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from jax_lsp.analysis import jaxapi
from jax_lsp.analysis.findings import Finding, FixKind, PathStep, Severity, Span
from jax_lsp.analysis.interp_state import (
    BATCH_ONLY,
    CHECKPOINT_LEVELS,
    MASK,
    RULE_LEVELS,
    Args,
)
from jax_lsp.analysis.jaxapi import FORWARD, REVERSE, TRANSPOSE
from jax_lsp.analysis.values import (
    EMPTY,
    UNKNOWN,
    BatchedBy,
    Level,
    TangentOf,
    Value,
    derived,
)
from jax_lsp.codes import RULES

_FIXES: dict[str, tuple[FixKind, ...]] = {
    "JAX001": (FixKind.STOP_GRADIENT, FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP),
    # stop_gradient does not remove a transpose error: a host linear map (custom_vjp kind) does
    "JAX002": (FixKind.CUSTOM_VJP,),
    "JAX003": (FixKind.STOP_GRADIENT,),
    "JAX005": (FixKind.JACREV_INSTEAD,),
    "JAX007": (FixKind.STOP_GRADIENT, FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP),
    "JAX008": (FixKind.CUSTOM_JVP,),
}


class CallbackDecisions:
    """A part of `interp.Interpreter` (one mixin per concern): see the module's docstring."""

    # ------------------------------------------------------------- callbacks

    def call_callback(
        self, name: str, spec: jaxapi.CallbackSpec, args: Args, node: ast.AST | None
    ) -> Value:
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
            has_vmap = "vmap_method" in args.kw or (
                args.kw.get("vectorized", Value()).const is True
            )
            self.check_callback(name, spec.kind, operands, node, has_vmap)
        return derived([v for v, _ in operands])

    def check_callback(
        self,
        name: str,
        kind: str,
        operands: list[tuple[Value, ast.AST | None]],
        node: ast.AST,
        has_vmap_method: bool,
    ) -> None:
        marks = (
            frozenset().union(*(v.tan for v, _ in operands)) - self.reads(MASK).mask
            if operands
            else EMPTY
        )
        levels = [m for m in marks if isinstance(m, Level)]
        tangents = [m.level for m in marks if isinstance(m, TangentOf)]
        short = "jax.pure_callback" if kind == "pure" else "io_callback"

        def operand_spans(pred: Callable[[frozenset], bool]) -> tuple[Span, ...]:
            return tuple(self.span(n) for v, n in operands if n is not None and pred(v.tan))

        # JVP-time errors: a level differentiates the callback (forward or reverse)
        jvp_levels = sorted((lv for lv in levels if lv.mode != TRANSPOSE), key=lambda lv: lv.order)
        batches = sorted(
            (m.level for m in marks if isinstance(m, BatchedBy)), key=lambda lv: lv.order
        )
        if (
            kind == "pure"
            and batches
            and not has_vmap_method
            and (not jvp_levels or batches[-1].order > jvp_levels[-1].order)
        ):
            # the innermost transform sees the callback first: here a vmap, which has no rule
            # for a pure_callback without vmap_method
            inner = batches[-1]
            spans = operand_spans(lambda t: any(isinstance(m, BatchedBy) for m in t))
            self.report("JAX008", node, inner, short, spans)
            return
        if jvp_levels:
            outer = jvp_levels[0]
            rule_levels = self.reads(RULE_LEVELS).rule_levels
            second_order = bool(rule_levels) and outer not in rule_levels
            if kind == "pure":
                code = "JAX007" if second_order else "JAX001"
            else:
                code = "JAX007" if second_order else "JAX003"
            spans = operand_spans(lambda t: bool(t & set(jvp_levels)))
            # an io_callback inside a checkpoint that reverse mode differentiates still fails
            # once its operands' gradients are stopped (JAX004, checked under JAX 0.10.2)
            stop_helps = not (kind == "io" and self.reads(CHECKPOINT_LEVELS).checkpoint_levels)
            modes = tuple(sorted({lv.mode for lv in jvp_levels}))
            self.report(code, node, outer, short, spans, modes=modes,
                        stop_gradient_helps=stop_helps)
            return
        checkpoint_levels = self.reads(CHECKPOINT_LEVELS).checkpoint_levels if kind == "io" else ()
        if checkpoint_levels:
            outer = min(checkpoint_levels, key=lambda lv: lv.order)
            self.report("JAX004", node, outer, short, ())
            return
        # transpose-time errors
        for lv in sorted(levels, key=lambda lv: lv.order):
            if lv.mode == TRANSPOSE:
                code = "JAX002" if kind == "pure" else "JAX003"
                spans = operand_spans(lambda t, lv=lv: lv in t)  # type: ignore[misc]
                self.report(code, node, lv, short, spans, deferred=True)
                return
        for lv in sorted(tangents, key=lambda lv: lv.order):
            spans = operand_spans(lambda t, lv=lv: lv.tangent_mark in t)  # type: ignore[misc]
            if lv.mode == REVERSE:
                code = "JAX002" if kind == "pure" else "JAX003"
                self.report(code, node, lv, short, spans, deferred=True, on_tangents=True)
                return
            if lv.batched and kind == "pure" and not has_vmap_method:
                self.report("JAX008", node, lv, short, spans, on_tangents=True)
                return
            if lv.mode == FORWARD and lv.defer:
                # linearize: raised if its linear function is transposed (`linear_transpose`)
                code = "JAX002" if kind == "pure" else "JAX003"
                self.report(code, node, lv, short, spans, gate=lv.on_transpose, on_tangents=True)
                return

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
    ) -> None:
        if not (code == "JAX008" and level.mode == "batch") and self.reads(BATCH_ONLY).batch_only:
            return  # a differentiation the entry points that name transforms decide about
        span = self.span(node)
        path: tuple[PathStep, ...] = (level.site, *self.stack[level.stack_len :])
        if not self.module.is_main:
            # the offending call is in an imported module: report it at the last step of the
            # path that is in the analysed file, and point from there into the other file
            path = (*path, PathStep(span, f"`{what}` is called here", self.module.path))
            in_main = [i for i, st in enumerate(self.stack) if st.filename is None]
            if not in_main:
                return  # not reached from the analysed file: that file's own finding
            span = self.stack[in_main[-1]].span
            if level.site.filename is not None:
                path = (*self.stack[: level.stack_len], *path)
        rule = RULES[code]
        through = [
            s.label.removeprefix("calls ").strip("`")
            for s in path[1:]
            if s.label.startswith("calls ")
        ]
        route = f" through {' -> '.join(f'`{t}`' for t in through)}" if through else ""
        if not self.module.is_main and self.module.path:
            route += f" (in {Path(self.module.path).name}:{self.span(node).line})"
        site_line = level.site.span.line
        if code in ("JAX005", "JAX006"):
            head = (
                f"`{what}` is a custom_vjp function reached by `{level.name}` "
                f"(line {site_line}){route}"
            )
        elif code == "JAX009" and level.mode == FORWARD:  # linearize's map, transposed
            head = (
                f"`{what}` is linearized by `{level.name}` (line {site_line}){route}, and the "
                f"linear function is transposed"
            )
        elif code == "JAX009":
            head = f"`{what}` is reverse-differentiated by `{level.name}` (line {site_line}){route}"
        elif code == "JAX010":
            head = f"`{level.name}` (line {site_line}) is applied to {rejected}"
        elif code == "JAX008" and level.mode == "batch":
            head = (
                f"`{what}` has no `vmap_method` and its operands are batched by `{level.name}` "
                f"(line {site_line}){route}"
            )
        elif on_tangents:
            head = (
                f"`{what}` is applied to tangents of `{level.name}` (line {site_line}) in a "
                f"custom_jvp rule{route}"
            )
        elif code == "JAX007":
            head = (
                f"`{what}` in a custom derivative rule is differentiated again by "
                f"`{level.name}` (line {site_line}){route}"
            )
        elif code == "JAX004":
            head = (
                f"`{what}` runs inside `jax.checkpoint` differentiated by `{level.name}` "
                f"(line {site_line}){route}"
            )
        else:
            head = f"`{what}` is reached by `{level.name}` (line {site_line}){route}"
        says = jax_says or rule.jax_says
        if code == "JAX003" and deferred:  # raised when the map is transposed, not at JVP
            says = "IO callbacks do not support transpose"
        message = f"{head}; JAX will raise '{says}'"
        finding = Finding(
            code=code,
            message=message,
            span=span,
            severity=Severity.ERROR,
            path=tuple(path),
            # an io_callback JAX transposes stays in the transposed jaxpr whatever stops its
            # operands' gradients (checked under JAX 0.10.2): no stop_gradient fix for it
            fixes=tuple(k for k in (() if code == "JAX003" and deferred else _FIXES.get(code, ()))
                        if stop_gradient_helps or k is not FixKind.STOP_GRADIENT)
            + (FixKind.SUPPRESS,),
            transform=level.name,
            operand_spans=operand_spans,
            modes=modes or (level.mode,),
        )

        def emit() -> None:
            key = (code, span)
            if key not in self.findings:
                self.findings[key] = finding
                self.first_root[key] = self.root
            self.finding_roots.setdefault(key, set()).add(self.root)
            self._emitted.append(key)  # (see `call_logs`)

        if gate is not None:
            gate.append(emit)  # emitted only if a condition is met later (see LoopTangent)
        elif deferred and level.defer:
            level.pending.append(emit)
        else:
            emit()
