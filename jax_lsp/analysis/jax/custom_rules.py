"""custom_jvp / custom_vjp functions, custom_root and custom_linear_solve.

Their rules run with the semantics JAX gives each mode (JAX005, JAX006, JAX007 arise here).
"""

from __future__ import annotations

import ast

from jax_lsp.analysis import rule_shapes
from jax_lsp.analysis.interp_state import (
    MASK,
    RULE_LEVELS,
    Args,
)
from jax_lsp.analysis.jax.jaxapi import FORWARD, REVERSE, TRANSPOSE
from jax_lsp.analysis.jax.part import Part
from jax_lsp.analysis.syntax import iter_nodes
from jax_lsp.analysis.values import (
    UNKNOWN,
    BatchedBy,
    Closure,
    CustomFn,
    Level,
    LoopTangent,
    RuleSetter,
    TangentOf,
    Value,
    add_mark,
    strip_marks,
)


def _fwd_unwraps_primals(c: CustomFn) -> bool:
    """Whether every fwd rule of `c` reads its differentiable parameters only as
    `p.value` / `p.perturbed` (what a `CustomVJPPrimal` offers under `symbolic_zeros=True`)."""
    if c.fwd is None or not c.fwd.fns:
        return False
    for f in c.fwd.fns:
        if not isinstance(f, Closure) or f.func.node.args.vararg is not None:
            return False
        a = f.func.node.args
        params = {p.arg for i, p in enumerate(a.posonlyargs + a.args) if i not in c.nondiff}
        unwrapped = {
            id(n.value)
            for n in iter_nodes(f.func.node)
            if isinstance(n, ast.Attribute) and n.attr in ("value", "perturbed")
        }
        for n in iter_nodes(f.func.node):
            if (
                isinstance(n, ast.Name)
                and n.id in params
                and isinstance(n.ctx, ast.Load)
                and id(n) not in unwrapped
            ):
                return False
    return True


class CustomRules(Part):
    """A part of the JAX component (`model.JaxModel`): see the module's docstring."""

    # ------------------------------------------------------------- custom rules

    def set_rule(self, s: RuleSetter, args: Args) -> Value:
        c = s.target
        self.ev.impure_effects += 1  # `c` changes (see `replay`)
        self.ev.observer.note_rule_set(c)  # the rule holds for every root that calls `c`
        assigned: tuple[tuple[str, object], ...] = ()
        result = UNKNOWN
        if s.which == "defjvp":
            rule = args.get(0, "jvp")
            if rule is not None:
                assigned = (("jvp_rule", rule),)
                result = rule
        elif s.which == "defjvps":
            assigned = (("jvps", tuple(args.pos)),)
        elif s.which == "def_vmap":
            rule = args.get(0, "vmap_rule")
            if rule is not None:
                assigned = (("vmap_rule", rule),)
                result = rule  # returned unchanged: `@f.def_vmap` keeps the rule's name
        elif s.which == "defvjp":
            zeros = args.get(2, "symbolic_zeros")
            assigned = (
                ("fwd", args.get(0, "fwd")),
                ("bwd", args.get(1, "bwd")),
                ("symbolic_zeros", zeros is not None and zeros.const not in (False, None, 0)),
            )
        for name, value in assigned:
            setattr(c, name, value)
        self.ev.observer.note_rule_assigned(c, assigned)
        return result

    def call_custom(self, c: CustomFn, args: Args, node: ast.AST | None) -> Value:
        if c.kind == "vmap":
            return self.call_custom_vmap(c, args, node)
        vals = args.all_values()
        marks = frozenset(m for v in vals for m in v.tan if isinstance(m, Level))
        marks -= self.ev.reads(MASK).mask
        if c.kind == "vjp" and node is not None:
            # a custom_vjp applied to a reverse level's tangents in a custom_jvp rule: JAX
            # transposes the rule's tangent computation, and custom_vjp_call has no transpose
            reverse_tangents = sorted(
                (
                    m.level
                    for v in vals
                    for m in v.tan
                    if isinstance(m, TangentOf)
                    and m.level.mode == REVERSE
                    and m.level not in self.ev.reads(MASK).mask
                ),
                key=lambda lv: lv.order,
            )
            if reverse_tangents and not marks:
                lv = reverse_tangents[0]
                self.jax.callbacks.report(
                    "JAX006", node, lv, c.name or "custom_vjp function", (), deferred=True
                )
        if not marks:
            return self.ev.call_value(c.primal, args, node)
        level = max(marks, key=lambda lv: lv.order)
        strip = frozenset({level})
        out_tan = frozenset().union(*(v.tan for v in vals))
        result = Value(tan=out_tan, traced=True)
        if node is None:
            return result
        if c.kind == "jvp":
            if level.mode == TRANSPOSE:
                return self.ev.call_value(c.primal, args, node)
            primals = [strip_marks(v, strip) for v in args.pos]
            tangents = [
                Value(tan=frozenset({level.tangent_mark}) | level.tangent_in)
                if level in v.tan
                else UNKNOWN
                for v in args.pos
            ]
            with self.ev.within(rule_levels=self.ev.reads(RULE_LEVELS).rule_levels | strip):
                if c.jvp_rule is not None:
                    nd = [primals[i] for i in c.nondiff if i < len(primals)]
                    rest = [i for i in range(len(primals)) if i not in c.nondiff]
                    rule_args = Args(
                        nd
                        + [
                            self.ev._seq([primals[i] for i in rest]),
                            self.ev._seq([tangents[i] for i in rest]),
                        ],
                        {},
                        [None] * (len(nd) + 2),
                        {},
                    )
                    out, reached = self._run_rule(c.jvp_rule, rule_args, node)
                    rule_shapes.check_jvp(self.ev, c, args, level, node, out, reached)
                elif c.jvps is not None:
                    # defjvps computes the primal output by calling the custom function itself
                    ans = self.call_custom(c, Args(primals, {}, args.pos_nodes, {}), node)
                    for i, jf in enumerate(c.jvps):
                        if i < len(tangents) and tangents[i].tan:
                            self.ev.call_value(
                                jf,
                                Args(
                                    [tangents[i], ans, *primals],
                                    {},
                                    [None] * (len(primals) + 2),
                                    {},
                                ),
                                node,
                            )
                    rule_shapes.check_jvp(self.ev, c, args, level, node, None)
            return result
        # custom_vjp
        if level.mode == FORWARD and not self.jax.control._lowered_or_batched(level):
            return result  # only traced (make_jaxpr / eval_shape): JAX raises nothing here
        if level.mode == FORWARD:
            if c.symbolic_zeros and not _fwd_unwraps_primals(c):
                # JAX runs fwd first: an array op on a CustomVJPPrimal raises "... is not a
                # valid JAX type" before the jvp-of-custom_vjp error
                return result
            self.jax.callbacks.report(
                "JAX005",
                node,
                level,
                c.name or "custom_vjp function",
                (),
                deferred=level.name.endswith("linearize"),
            )
            return result
        if level.mode == TRANSPOSE:
            self.jax.callbacks.report(
                "JAX006", node, level, c.name or "custom_vjp function", (), deferred=True
            )
            return result
        if c.opaque_rules or c.fwd is None:
            return result
        # JAX runs the bwd only for a nonzero cotangent: when the output's tangent reaches the
        # level's output (not through `stop_gradient`, nor when unused), which the mark shows
        # (`higher_order._transposed_loops` emits what it holds then). The output carries the
        # mark only where a bwd finding waits on it: a mark in every custom_vjp's output made
        # every value downstream new (memoised calls missed: 2x the analysis of a module)
        mark = self.ev.loop_tangents.get((node, level)) or LoopTangent(level)
        primals = [strip_marks(v, strip) for v in args.pos]
        with self.ev.within(rule_levels=self.ev.reads(RULE_LEVELS).rule_levels | strip):
            fwd_out = self.ev.call_value(c.fwd, Args(primals, {}, [None] * len(primals), {}), node)
            res = (
                fwd_out.items[1]
                if fwd_out.items is not None and len(fwd_out.items) == 2
                else (Value(tan=fwd_out.tan, traced=True))
            )
            if c.bwd is not None:
                nd = [primals[i] for i in c.nondiff if i < len(primals)]
                # the incoming cotangent depends on the primal values downstream, so it carries
                # the outer levels' tangents (e.g. under hessian); whether an outer vmap batches
                # it depends on that downstream code too (`vmap(grad(sum(g(x))))` pulls back an
                # unbatched 1.0), which is not known here: no outer batch mark (precision first)
                g = Value(
                    tan=frozenset(
                        m
                        for m in out_tan - strip - {level.tangent_mark}
                        if not isinstance(m, BatchedBy)
                    ),
                    traced=True,
                )
                if level.batched:
                    # jacrev pulls back a batch of cotangents: the bwd rule runs under vmap
                    g = g.with_tan(g.tan | {level.batch_mark})
                # JAX runs bwd when the pullback is called: a `jax.vjp`'s, only if it is
                # (the hosts of its callbacks wait for that call: `host_runs.when_run`)
                waits = (
                    {"host_deferral": level} if level.defer else {}
                )
                with self.ev.within(**waits):
                    _, reached = self._run_rule(
                        c.bwd, Args(nd + [res, g], {}, [None] * (len(nd) + 2), {}), node,
                        residuals_at=len(nd))
            else:
                reached = None
            shown = fwd_out.items is not None and len(fwd_out.items) == 2
            rule_shapes.check_vjp(self.ev, c, args, level, node, res if shown else None,
                                  reached, mark.pending)
        if mark.pending:  # (kept only then: a kept mark is work at every level's end)
            self.ev.loop_tangents[(node, level)] = mark
            return Value(tan=out_tan | {mark}, traced=True)
        return result

    def _run_rule(self, rule: Value, args: Args, node: ast.AST | None,
                  residuals_at: int | None = None) -> tuple[Value, dict | None]:
        """Call a custom rule (a bwd, a JVP rule) recording the `return`s its run reached and
        what each gave (`statements._watched_return`): JAX sees only those, so the shape
        checks read only those (a bwd whose `if np.ndim(scale) == 0` returns one cotangent
        too few). A run the memo or a shared interpretation answered records nothing: it
        reads what an earlier run of the rule with the same arguments reached, else None
        (every `return` of the code). `residuals_at`: the position of a bwd's residuals among
        `args`, which JAX rebuilds from the pytree the fwd returned: `len(res)` in the bwd is
        their count (`calls._rebuilt_len`)."""
        fn = rule_shapes.rule_function(rule)
        if fn is None or isinstance(fn.func.node, ast.Lambda):
            return self.ev.call_value(rule, args, node), None
        record: dict = {}
        outer = self.ev.watched_returns
        outer_rebuilt = self.ev.rebuilt_params
        self.ev.watched_returns = (fn.func.node, record)
        a = fn.func.node.args
        params = [p.arg for p in (*a.posonlyargs, *a.args)]
        at = None if residuals_at is None else residuals_at + rule_shapes.bound_count(rule)
        self.ev.rebuilt_params = (fn.func.node, params[at]) if at is not None and (
            at < len(params)) else None
        try:
            out = self.ev.call_value(rule, args, node)
        finally:
            self.ev.watched_returns = outer
            self.ev.rebuilt_params = outer_rebuilt
        try:
            key = (fn.func.node, rule, tuple(args.pos))
            if record:
                seen = self.ev.rule_returns.get(key)
                self.ev.rule_returns[key] = record if seen is None else {**seen, **record}
            else:
                record = self.ev.rule_returns.get(key) or {}
        except TypeError:  # an unhashable constant inside an argument
            pass
        return out, record or None

    def call_custom_vmap(self, c: CustomFn, args: Args, node: ast.AST | None) -> Value:
        """A `custom_vmap` function called. JAX traces its function into a jaxpr of its own
        (no outer level applies there) and runs or differentiates that jaxpr; a vmap
        batching an argument (the innermost such vmap) runs the rule instead, on the whole
        batch: `rule(axis_size, in_batched, *args)` returning `(out, out_batched)`, its
        arguments no longer batched by that vmap (measured under JAX 0.10.2: an ordered
        io_callback in the rule runs; in the function, under vmap without the rule, it
        raises)."""
        mask = self.ev.reads(MASK).mask
        batches = [
            m.level for v in args.all_values() for m in v.tan
            if isinstance(m, BatchedBy) and m.level not in mask and m not in mask
        ]
        if not batches or node is None:
            return self.ev.call_value(c.primal, args, node)
        level = max(batches, key=lambda lv: lv.order)
        strip = frozenset({level.batch_mark})
        # the function is traced (never batched) at every call
        quiet = frozenset(
            m for lv in self.ev.levels for m in (lv, lv.batch_mark, lv.tangent_mark)
        )
        with self.ev.within(mask=mask | quiet):
            self.ev.call_value(c.primal, args, node)
        if c.vmap_rule is None:
            return Value(tan=frozenset().union(*(v.tan for v in args.all_values())), traced=True)
        pos = [strip_marks(v, strip) for v in args.pos]
        in_batched = self.ev._seq(
            [Value(const=strip <= v.tan) if v.items is None else UNKNOWN for v in args.pos]
        )
        rule_args = Args(
            [Value(traced=False), in_batched, *pos], {}, [None] * (len(pos) + 2), {},
            None if args.star is None else strip_marks(args.star, strip),
        )
        out = self.ev.call_value(c.vmap_rule, rule_args, node)
        if out.items is None or len(out.items) != 2:
            return Value(tan=out.tan | strip, traced=True)
        value, batched = out.items
        return value if batched.const is False else add_mark(value, strip)
