"""Differentiation and batching transforms: a `Level` per transform applied.

grad, vjp, jvp, jacfwd, jacrev, hessian, linearize, linear_transpose, vmap, check_grads, and
JAX010 (integer inputs) decided when a transform is called.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from typing import Any

from jax_lsp.analysis.findings import PathStep, Span
from jax_lsp.analysis.interp_state import (
    MASK,
    MAX_DEPTH_ITEMS,
    Args,
)
from jax_lsp.analysis.jax import host_runs, jaxapi
from jax_lsp.analysis.jax.jaxapi import FORWARD, REVERSE, TRANSPOSE
from jax_lsp.analysis.jax.part import Part
from jax_lsp.analysis.libraries.flax_nnx import filters as nnx_filters
from jax_lsp.analysis.libraries.flax_nnx import variables as nnx_variables
from jax_lsp.analysis.values import (
    EMPTY,
    FALSE_VALUE,
    NOCONST,
    UNKNOWN,
    Api,
    BatchedBy,
    Instance,
    Level,
    Partial,
    Pullback,
    Transformed,
    Value,
    add_mark_to_arrays,
    add_tangent_mark,
    derived,
    strip_marks,
)


class Transforms(Part):
    """A part of the JAX component (`model.JaxModel`): see the module's docstring."""

    # ------------------------------------------------------------- transforms

    def make_transform(
        self, name: str, spec: jaxapi.TransformSpec, args: Args, node: ast.AST | None
    ) -> Value:
        if spec.shape == "fn":
            if not args.pos and "fun" not in args.kw and "f" not in args.kw and args.star is None:
                # `@eqx.filter_value_and_grad(has_aux=True)`: a decorator that builds the
                # transform when applied to the function
                return Value(fns=(Partial(Api(name), (), tuple(args.kw.items())),))
            fun = args.get(0, "fun") or args.get(0, "f") or UNKNOWN
            argnums: tuple[int, ...] | None = spec.argnums
            wrt = None
            if name in jaxapi.PARAM_ONLY_TRANSFORMS:
                an = args.kw.get("argnums")
                read = nnx_filters.argnums_and_filter(
                    [0]
                    if an is None
                    else [i.const for i in an.items]
                    if an.items is not None
                    else [an.const]
                )
                if read is None:
                    return derived([fun])  # argnums we cannot read: stay silent
                argnums, wrt = read
            elif spec.has_argnums:
                an = args.get(1, "argnums")
                if an is not None and an.const is not NOCONST:
                    c = an.const
                    if isinstance(c, int):
                        argnums = (c,)
                    elif isinstance(c, tuple) and all(isinstance(x, int) for x in c):
                        argnums = c
                elif an is not None:
                    return derived([fun])  # argnums we cannot read: stay silent
            allow_int = bool(args.kw.get("allow_int", FALSE_VALUE).const is True)
            holo = args.kw.get("holomorphic", FALSE_VALUE).const
            aux = args.kw.get("has_aux", FALSE_VALUE).const
            site = self.ev.span(node) if node is not None else Span(1, 0, 1, 0)
            tf = Transformed(spec, name, fun, argnums, allow_int, site, wrt,
                             holo if isinstance(holo, bool) else None,
                             aux if isinstance(aux, bool) else None)
            if node is not None and self.ev.module.is_main:
                # only this file's transforms: an imported module's are its own findings
                self.ev.transformed_created.setdefault(tf, node)
                self.ev._created_root.setdefault(tf, self.ev.root)
            return Value(fns=(tf,))
        if node is None:
            return UNKNOWN
        fun = args.pos[0] if args.pos else args.kw.get("fun", UNKNOWN)
        if spec.shape == "jvp":
            primals = args.get(1, "primals") or UNKNOWN
            prim = list(primals.items) if primals.items is not None else [primals]
            level = self.new_level(spec, name, node, defer=False)
            tangents = args.get(2, "tangents")
            if tangents is not None:
                level.tangent_in = frozenset(
                    m
                    for m in tangents.tan - self.ev.reads(MASK).mask
                    if isinstance(m, (Level, BatchedBy))
                )
            out = self.run_level(
                level,
                fun,
                Args(
                    [add_tangent_mark(p, frozenset({level})) for p in prim],
                    {},
                    [None] * len(prim),
                    {},
                ),
                node,
            )
            # the tangent output is linear in the given tangents: it carries their marks
            t_out = (out.tan - {level}) | (level.tangent_in if level in out.tan else EMPTY)
            tangent = Value(tan=t_out, traced=True)
            # the primal output is an array again once jvp returns: this level has ended
            primal_out = strip_marks(out, frozenset({level}))
            return Value(tan=out.tan - {level} | t_out, items=(primal_out, tangent), traced=True)
        if spec.shape in ("vjp", "linearize", "transpose"):
            prim = args.pos[1:]
            level = self.new_level(spec, name, node, defer=True)
            has_aux = spec.shape != "transpose" and args.kw.get(
                "has_aux", FALSE_VALUE).const is True
            out = self.run_level(
                level,
                fun,
                Args(
                    [add_tangent_mark(p, frozenset({level})) for p in prim],
                    {},
                    [None] * len(prim),
                    {},
                ),
                node,
                has_aux,
            )
            base = Value(tan=out.tan - {level}, traced=True)
            pull = Value(fns=(Pullback(level),))
            if spec.shape == "transpose":
                return pull
            return Value(
                items=(base, pull, base) if has_aux else (base, pull), tan=base.tan, traced=True
            )
        if spec.shape == "check":
            return self.check_grads(name, fun, args, node)
        return UNKNOWN

    def check_grads(self, name: str, fun: Value, args: Args, node: ast.AST) -> Value:
        prim_v = args.get(1, "args") or UNKNOWN
        prim = list(prim_v.items) if prim_v.items is not None else [prim_v]
        modes_v = args.kw.get("modes")
        modes: tuple[str, ...] = ("fwd", "rev")
        if modes_v is not None and isinstance(modes_v.const, tuple):
            modes = tuple(str(m) for m in modes_v.const)
        order_v = args.get(2, "order")
        order = order_v.const if order_v is not None and isinstance(order_v.const, int) else 1
        for mode in modes:
            spec = jaxapi.TRANSFORMS["jax.jvp" if mode == "fwd" else "jax.vjp"]

            def nest(depth: int, vals: list[Value], spec: jaxapi.TransformSpec = spec) -> Value:
                level = self.new_level(spec, name, node, defer=False)
                marked = [add_tangent_mark(p, frozenset({level})) for p in vals]
                if depth <= 1:
                    return self.run_level(
                        level, fun, Args(marked, {}, [None] * len(marked), {}), node
                    )
                return nest(depth - 1, marked)

            nest(max(1, min(order, 3)), prim)
        return UNKNOWN

    def new_level(
        self, spec: jaxapi.TransformSpec, name: str, node: ast.AST, *, defer: bool
    ) -> Level:
        return self.level(spec.mode, name, self.ev.span(node), batched=spec.batched, defer=defer)

    def level(
        self, mode: str, name: str, site: Span, *, batched: bool, defer: bool = False
    ) -> Level:
        where = None if self.ev.module.is_main else self.ev.module.path
        lv = Level(
            mode,
            name,
            PathStep(
                site,
                f"`{name}` batches here" if mode == "batch" else f"`{name}` differentiates here",
                where,
            ),
            len(self.ev.stack),
            defer=defer,
            batched=batched,
        )
        self.ev._level_group[lv] = self.ev._group
        self.ev.levels.append(lv)
        return lv

    def pullback_applied(self, pull: Pullback, node: ast.AST | None) -> PathStep | None:
        """The path step for a call of the function `vjp`/`linearize`/`linear_transpose`
        returned, when it is on another line than the transform: JAX transposes there, so its
        traceback ends there, and the finding's path should show it (None otherwise)."""
        if node is None:
            return None
        span = self.ev.span(node)
        site = pull.level.site
        if site.filename is None and self.ev.module.is_main and site.span.line == span.line:
            return None
        return PathStep(
            span,
            f"the function `{pull.level.name}` returned is called here: JAX raises on this call",
            None if self.ev.module.is_main else self.ev.module.path,
        )

    def call_pullback(self, f: Pullback, args: Args, node: ast.AST | None) -> Value:
        """A call of the function `vjp`/`linearize`/`linear_transpose` returned: the errors
        its level deferred are raised here, and those of transposing its tangents when the
        call transposes (its arguments carry a transposing level)."""
        applied = self.pullback_applied(f, node)
        for emit in f.level.pending:
            emit(applied)
        f.level.pending.clear()
        if any(
            isinstance(m, Level) and m.mode == TRANSPOSE
            for v in args.all_values()
            for m in v.tan
        ):
            # the linear function transposed: what transposing its tangents raises
            for emit in f.level.on_transpose:
                emit(applied)
            f.level.on_transpose.clear()
        return derived(args.all_values())

    @staticmethod
    def rematerialised(marks: Iterable[object]) -> frozenset:
        """The levels of `marks` a checkpoint (`jax.checkpoint`, a lifted remat) rematerialises
        under: the reverse ones (linearize partial-evaluates too: a forward level that
        defers)."""
        return frozenset(
            m
            for m in marks
            if isinstance(m, Level) and (m.mode == REVERSE or (m.mode == FORWARD and m.defer))
        )

    def run_level(self, level: Level, fun: Value, args: Args, node: ast.AST,
                  has_aux: bool = False) -> Value:
        """Run `fun` under `level`. `has_aux`: `fun` returns `(output, aux)` and only `output`
        is differentiated: a custom_vjp's bwd whose result reaches only `aux` gets no
        cotangent, and JAX never runs it (`_transposed_loops` reads `output` alone)."""
        self.ev.level_depth += 1
        try:
            if level.batched:
                with self.ev.within(vmapped=True):
                    out = self.ev.call_value(fun, args, node)
            else:
                out = self.ev.call_value(fun, args, node)
        finally:
            self.ev.level_depth -= 1
            level.closed = True
        differentiated = out.items[0] if has_aux and out.items is not None and len(
            out.items) == 2 and out.keys is None else out
        self.jax.control._transposed_loops(level, differentiated)
        if not level.defer:
            for emit in level.pending:
                emit()
            level.pending.clear()
        return out

    def call_transformed(self, f: Transformed, args: Args, node: ast.AST | None) -> Value:
        if self.ev.ctx.host_site is not None:  # (a host function running: JAX011)
            host_runs.note_traced_call(self.ev, f.name, node)
        self.ev.transformed_called.add(f)
        created = self.ev.transformed_created.get(f)
        if created is not None:
            self.ev._effects.called.add(created)
        spec = f.spec
        argnums = f.argnums
        n = len(args.pos)
        diff = tuple(range(n)) if argnums is None else tuple(a % n if n else a for a in argnums)
        if any(i >= n for i in diff):
            if args.star is None:
                return derived(args.all_values())
        # JAX010: integer inputs are rejected before tracing (PRNG keys too, by grad and
        # jacrev; jacfwd says otherwise: "jacfwd with input element type key<fry>"); with
        # `holomorphic=True` (or one not known) JAX rejects them in other words ("... with
        # holomorphic=True requires inputs with complex dtype"), as it does real inputs
        if spec.int_check and not f.allow_int and f.holomorphic is False and node is not None:
            keys = spec.int_check in jaxapi.KEY_REJECTING_CHECKS
            for i in diff:
                if i < n and self._has_int_leaf(args.pos[i], wrt=f.wrt):
                    self._report_int(f, node)
                    return UNKNOWN
                if i < n and keys and self._has_int_leaf(args.pos[i], wrt=f.wrt, key=True):
                    self._report_int(f, node, "a PRNG key input")
                    return UNKNOWN
        # jacfwd (and hessian, jacfwd outermost) wants real inputs: a complex Python number is
        # rejected as an integer is, unless `holomorphic=True` ("jacfwd requires real-valued
        # inputs ..., but got complex64")
        if spec.int_check == "jacfwd" and f.holomorphic is False and node is not None:
            for i in diff:
                if i < n and self._has_complex_leaf(args.pos[i]):
                    self._report_int(f, node, "a complex input")
                    return UNKNOWN
        if spec.outer is not None:
            outer = Transformed(
                spec.outer,
                f.name,
                Value(
                    fns=(
                        Transformed(
                            jaxapi.TransformSpec(
                                "fn",
                                spec.mode,
                                argnums,
                                spec.has_argnums,
                                spec.batched,
                                arrays_only=spec.arrays_only,
                            ),
                            f.name,
                            f.fun,
                            argnums,
                            f.allow_int,
                            f.site,
                        ),
                    )
                ),
                argnums,
                f.allow_int,
                f.site,
                holomorphic=f.holomorphic,
            )
            return self.call_transformed(outer, args, node)
        level = self.level(spec.mode, f.name, f.site, batched=spec.batched)
        level.arrays_only = spec.arrays_only
        level.wrt = f.wrt
        marks = frozenset({level})
        # integer inputs (allow_int), at any depth of their pytree, get float0 tangents:
        # symbolic zeros, never a real tangent (`add_tangent_mark`)
        mark = add_mark_to_arrays if spec.arrays_only else add_tangent_mark
        new_pos = [mark(v, marks) if i in diff else v for i, v in enumerate(args.pos)]
        own = jaxapi.OWN_KEYWORDS.get(f.name, EMPTY)
        kw = {k: v for k, v in args.kw.items() if k not in own} if own else args.kw
        new_args = Args(new_pos, kw, args.pos_nodes, args.kw_nodes, args.star, args.dstar)
        if spec.mode == TRANSPOSE and not self.ev.ctx.staged:  # staged either way
            with self.jax.control.staging():  # linear_transpose traces its function to a jaxpr
                out = self.run_level(level, f.fun, new_args, node) if node is not None else UNKNOWN
        else:
            out = self.run_level(level, f.fun, new_args, node,
                                 f.has_aux is True) if node is not None else UNKNOWN
        return Value(tan=(out.tan | derived(args.all_values()).tan) - marks, traced=True)

    def _has_int_leaf(self, v: Value, depth: int = 0, wrt: Any = None, key: bool = False) -> bool:
        """Whether the pytree `v` has an integer leaf (with `key`: a PRNG key leaf): a tuple's
        item, a field (not a static one) of an instance of a class registered as a pytree
        (flax.struct, ...), or a Variable of an nnx module that nnx.grad's filter `wrt`
        selects."""
        if v.prng_key if key else v.intish:
            return True
        if depth > MAX_DEPTH_ITEMS:
            return False
        if v.items is not None:
            return any(self._has_int_leaf(i, depth + 1, wrt, key) for i in v.items)
        for f in v.fns:
            if wrt is not None and isinstance(f, Instance) and nnx_variables.is_graph_node(f.cls):
                for k, a in f.attrs.items():
                    kind = f.var_kinds.get(k)
                    if isinstance(kind, tuple) and nnx_filters.selects(wrt, kind, k) is True:
                        if a.prng_key if key else a.intish:
                            return True
                    elif kind is None and any(isinstance(g, Instance) for g in a.fns):
                        if self._has_int_leaf(a, depth + 1, wrt, key):
                            return True
            elif isinstance(f, Instance) and f.cls.is_pytree():
                if any(
                    self._has_int_leaf(a, depth + 1, key=key)
                    for k, a in f.attrs.items()
                    if not f.cls.is_static_field(k)
                ):
                    return True
            elif isinstance(f, Partial) and f.pytree:
                # `jax.tree_util.Partial(fn, *args, **kw)`: its arguments are its leaves
                if any(
                    self._has_int_leaf(a, depth + 1, key=key)
                    for a in (*f.args, *(a for _, a in f.kw))
                ):
                    return True
        return False

    def _has_complex_leaf(self, v: Value, depth: int = 0) -> bool:
        """Whether the pytree `v` has a leaf that is a Python complex constant (`1 + 2j`)."""
        if isinstance(v.const, complex):
            return True
        if v.items is None or depth > MAX_DEPTH_ITEMS:
            return False
        return any(self._has_complex_leaf(i, depth + 1) for i in v.items)

    def _report_int(self, f: Transformed, node: ast.AST, what: str = "an integer input") -> None:
        level = self.level(f.spec.mode, f.name, f.site, batched=False)
        says = jaxapi.int_input_error(f.spec.int_check)
        self.jax.callbacks.report("JAX010", node, level, f.name, (), jax_says=says, rejected=what)
