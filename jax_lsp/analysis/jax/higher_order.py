"""JAX functions that take functions: control flow, staging and wrappers.

lax.scan / fori_loop / while_loop / cond / map, jit, checkpoint, vectorize..., and JAX009
(reverse-mode through a loop with dynamic bounds) decided where loops run.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from jax_lsp.analysis import array_facts
from jax_lsp.analysis.interp_state import (
    CHECKPOINT_LEVELS,
    HOST_DEFERRAL,
    HOSTS_NEVER_RUN,
    IO_REFUSED,
    JIT_DISABLED,
    MASK,
    MAX_DEPTH_ITEMS,
    MAX_ITEMS,
    MAX_LOOP,
    MODULE_TAN,
    STAGED,
    TRACE_ONLY,
    VMAPPED,
    Args,
)
from jax_lsp.analysis.jax import host_runs, tree_leaves
from jax_lsp.analysis.jax.jaxapi import FORWARD, REVERSE, TRANSPOSE
from jax_lsp.analysis.jax.part import Part
from jax_lsp.analysis.python import generators
from jax_lsp.analysis.values import (
    EMPTY,
    NOCONST,
    UNKNOWN,
    Api,
    BatchedBy,
    ClassObj,
    Closure,
    CustomFn,
    Decorator,
    Instance,
    Level,
    LiftedVmap,
    LoopTangent,
    MethodCaller,
    Partial,
    Value,
    Wrapper,
    add_mark,
    batch_marks,
    derived,
    join,
    strip_marks,
)

#: the keyword naming the function a descriptor wraps (`property(fget=...)`)
_DESCRIPTOR_FUNCTION_PARAMETER = {
    "builtins.property": "fget",
    "functools.cached_property": "func",
}


def _data_pytree(v: Value) -> bool:
    """`v` is an instance of a class registered with data fields (its leaves get traced)."""
    return any(
        isinstance(f, Instance) and (f.cls.data_fields or f.array_fields) for f in v.fns
    )


def _as_traced(v: Value) -> Value:
    """`v` passed to jit/vmap: every leaf of it (a dict's or tuple's items too, a Python
    number among them) is a tracer in the function; None (an empty pytree), a function or a
    module that is no data pytree stays as it is."""
    if v.const is None or (v.fns and not _data_pytree(v)):
        return v
    items = tuple(_as_traced(i) for i in v.items) if v.items is not None else None
    out = v.rebuilt(v.tan, items, NOCONST, True)
    if type(v.const) in (int, bool) and not v.traced and not v.tan:
        return replace(out, runs_as=v.const)
    return out


def _leafless(v: Value, depth: int = 0) -> bool:
    """`v` is a pytree of no leaf, as JAX flattens it: None, or a dict, list or tuple of
    known items each of no leaf (`{"gyro": None}`); `jax.tree.map` calls its function on none."""
    if v.fns or depth > 20:
        return False
    if v.const is None:
        return True
    return v.items is not None and all(_leafless(i, depth + 1) for i in v.items)


def _keyword_positions(f: Any) -> tuple[tuple[int, str], ...] | None:
    """The parameters of `f` a call can pass by position or by name, with their positions in
    its signature (what `inspect.signature` lists); None when `f` is no function of the
    analysed code (or a partial of one binding a parameter by name)."""
    if isinstance(f, Partial) and not f.kw:
        inner = _keyword_positions(f.fn)
        n = len(f.args)
        return None if inner is None else tuple((i - n, k) for i, k in inner if i >= n)
    if not isinstance(f, Closure) or not hasattr(f.func.node, "args"):
        return None
    a = f.func.node.args
    first = len(a.posonlyargs)
    return tuple((first + i, p.arg) for i, p in enumerate(a.args))


def _infer_static(
    fun: Value, nums: frozenset[int], names: frozenset[str], from_names: bool
) -> tuple[frozenset[int], frozenset[str]]:
    """jit given only `static_argnames` (`from_names`) or only `static_argnums` infers the
    other from the function's signature, as JAX does (`infer_argnums_and_argnames`): a
    static parameter stays static however the call passes it. Several possible functions:
    only what all of them agree on."""
    inferred: list[frozenset] = []
    for f in fun.fns:
        params = _keyword_positions(f)
        if params is None:
            return nums, names
        inferred.append(
            frozenset(i for i, k in params if k in names)
            if from_names
            else frozenset(k for i, k in params if i in nums)
        )
    if not inferred:
        return nums, names
    common = frozenset.intersection(*inferred)
    return (nums | common, names) if from_names else (nums, names | common)


class _CarryProbe:
    """Marks the carry leaves of one `_forwarded_carry` probe (no check reads it)."""

    __slots__ = ()


def _item_at(v: Value, path: tuple) -> Value | None:
    for k in path:
        if v.items is None or k >= len(v.items):
            return None
        v = v.items[k]
    return v


def _only_traced(v: Value, path: tuple, here: tuple) -> Value:
    """`v`'s structure with untraced, unknown leaves, but a traced one at `path`."""
    if v.items is not None:
        items = tuple(_only_traced(i, path, (*here, k)) for k, i in enumerate(v.items))
        return Value(items=items, keys=v.keys)
    return Value(traced=here == path)


def _may_transpose(m: Any) -> bool:
    """Whether the mark `m` is a level whose loops JAX may transpose: a reverse one (grad, vjp),
    or `linearize` (the forward level that defers): its linear function keeps a `while_loop`
    (a fori_loop with traced bounds) as a loop over tangents, which `linear_transpose` of that
    function cannot transpose (JAX 0.10.2 raises the reverse-mode loop error there; calling
    the linear function alone runs). A `jvp` never transposes."""
    return isinstance(m, Level) and (m.mode == REVERSE or (m.mode == FORWARD and m.defer))


def _mark_loop_tangent(
    v: Value, level: Level, mark: LoopTangent, path: tuple = (), skip: frozenset = EMPTY
) -> Value:
    """`v` with `mark` added to each part that carries `level`'s tangent, except the parts at
    the paths in `skip` (and a container all of whose marked parts are skipped)."""
    if level not in v.tan or path in skip:
        return v
    items = (
        tuple(_mark_loop_tangent(i, level, mark, (*path, k), skip) for k, i in enumerate(v.items))
        if v.items is not None
        else None
    )
    if skip and items is not None and not any(mark in i.tan for i in items):
        return v.rebuilt(v.tan, items, v.const, v.traced)
    return v.rebuilt(v.tan | {mark}, items, v.const, v.traced)


def _argname_indices(fun: Value, names: object) -> tuple[int, ...] | None:
    """The positions of the parameters `names` (a custom function's `nondiff_argnames`), or
    None when the names or the function's parameters are not known."""
    wanted = (names,) if isinstance(names, str) else names
    if not isinstance(wanted, tuple) or len(fun.fns) != 1 or \
            not isinstance(fun.fns[0], Closure):
        return None
    a = getattr(fun.fns[0].func.node, "args", None)
    if not isinstance(a, ast.arguments):
        return None
    params = [p.arg for p in (*a.posonlyargs, *a.args)]
    if not all(isinstance(n, str) and n in params for n in wanted):
        return None
    return tuple(params.index(n) for n in wanted)


def _argnums(v: Value) -> tuple[int, ...] | None:
    """The positions a custom function's `nondiff_argnums` names, or None when they are not
    known (`tuple(cfg["frozen"])` of a config the evaluator cannot read): the rules' arguments
    are not known then either, and a check counting them would guess."""
    if isinstance(v.const, tuple):
        known = v.const
    elif isinstance(v.const, int) and not isinstance(v.const, bool):
        known = (v.const,)
    elif v.items is not None and v.keys is None and all(i.const is not NOCONST for i in v.items):
        known = tuple(i.const for i in v.items)
    else:
        return None
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in known):
        return None
    return tuple(known)


class HigherOrder(Part):
    """A part of the JAX component (`model.JaxModel`): see the module's docstring."""

    # ------------------------------------------------------------- higher order

    def call_higher_order(self, kind: str, name: str, args: Args, node: ast.AST | None) -> Value:
        pos = args.pos
        if kind == "linen_vmap":
            return self.lifted_vmap(name, args)
        if kind in ("jit", "vmap", "same", "checkpoint", "same_or_decorator"):
            fun = args.get(0, "fun") or args.get(0, "f")
            if fun is None:
                # used as `@partial(jax.jit, ...)` or `jax.jit(static_argnums=...)` factory
                return Value(fns=(Partial(Api(name), (), tuple(args.kw.items())),))
            if not fun.fns:
                return derived([fun])
            static: frozenset[int] = EMPTY
            sa = args.kw.get("static_argnums")
            if sa is not None:
                c = sa.const
                static = frozenset(
                    (c,) if isinstance(c, int) else c if isinstance(c, tuple) else ()
                )
            names_v = args.kw.get("static_argnames")
            static_names: frozenset[str] = EMPTY
            if names_v is not None:
                c = names_v.const
                static_names = frozenset(
                    (c,) if isinstance(c, str) else c if isinstance(c, tuple) else ()
                )
            if kind in ("same", "same_or_decorator"):
                return fun
            if (sa is None) != (names_v is None):
                static, static_names = _infer_static(fun, static, static_names, sa is None)
            if any(isinstance(f, ClassObj) for f in fun.fns):
                # flax lifted transforms on Module classes: a remat'd class checkpoints calls
                if kind != "checkpoint":
                    return fun
                return Value(
                    fns=tuple(
                        ClassObj(f.name, f.node, {}, [Value(fns=(f,))], f.linen, remat=True,
                                 vmaps=f.vmaps)
                        if isinstance(f, ClassObj)
                        else f
                        for f in fun.fns
                    )
                )
            batched = self._in_axes(args.get(1, "in_axes")) if kind == "vmap" else None
            return Value(fns=(Wrapper(kind, fun, static, static_names, batched, name),))
        if kind == "partial":
            if not pos:
                return UNKNOWN
            fun = pos[0]
            return (
                Value(
                    fns=tuple(
                        Partial(f, tuple(pos[1:]), tuple(args.kw.items()),
                                pytree=name == "jax.tree_util.Partial",
                                kw_nodes=tuple(args.kw_nodes.items()), module=self.ev.module)
                        for f in fun.fns
                    )
                )
                if fun.fns
                else derived([fun])
            )
        if kind == "methodcaller":
            if not pos:
                return UNKNOWN
            return Value(fns=(MethodCaller(
                pos[0], tuple(pos[1:]), tuple(args.kw.items()), node=node,
                arg_nodes=tuple(args.pos_nodes[1:]), kw_nodes=tuple(args.kw_nodes.items()),
                module=self.ev.module.path),))
        if kind == "partialmethod":
            if not pos or not pos[0].fns:
                return UNKNOWN
            parts = tuple(Partial(f, tuple(pos[1:]), tuple(args.kw.items())) for f in pos[0].fns)
            return Value(fns=(*parts, Decorator("partialmethod")))
        if kind == "wraps":
            return Value(fns=(Decorator("wraps"),))
        if kind == "descriptor":
            # the function, marked as the decorator form marks it (`attribute` binds it so)
            fun = args.get(0, _DESCRIPTOR_FUNCTION_PARAMETER.get(name))
            if fun is None or not fun.fns:
                return UNKNOWN
            deco = "property" if name == "functools.cached_property" else name.rpartition(".")[2]
            return Value(fns=fun.fns + (Decorator(deco),))
        if kind == "update_wrapper":
            return pos[0] if pos else UNKNOWN
        if node is None:
            return UNKNOWN
        # (not a read of `staged`: the call runs staged either way)
        if kind in ("scan", "while_loop", "cond", "switch", "map") and not self.ev.ctx.staged:
            with self.staging():
                return self.call_higher_order(kind, name, args, node)
        if kind == "scan":
            return self.scan(args, node)
        if kind == "fori_loop":
            return self.fori_loop(args, node)
        if kind == "while_loop":
            return self.while_loop(args, node)
        if kind == "cond":
            if len(pos) >= 3:
                ops = Args(pos[3:], {}, args.pos_nodes[3:], {}, args.star)
                call = self.ev.call_value
                runs = self._branch_runs(pos[0], 2, cond=True)
                with self.ev.within(**self._cond_refuses_io([pos[0], *pos[3:]])):
                    # (`cond(pred, true_fun, false_fun)`: branch 0 runs where pred is false)
                    with self.ev.within(**runs(1)):
                        taken = call(pos[1], ops, node)
                    with self.ev.within(**runs(0)):
                        outs = [taken, call(pos[2], ops, node)]
                return join(outs)
            return derived(args.all_values())
        if kind == "switch":
            if len(pos) >= 2:
                ops = Args(pos[2:], {}, args.pos_nodes[2:], {}, args.star)
                table = self.ev.resolve_lazy(pos[1])  # `from registry import BRANCHES`
                branches = list(table.items) if table.items is not None else [table]
                runs = (self._branch_runs(pos[0], len(branches)) if table.items is not None
                        else lambda i: {})
                outs = []
                with self.ev.within(**self._cond_refuses_io([pos[0], *pos[2:]])):
                    for i, b in enumerate(branches):
                        with self.ev.within(**runs(i)):
                            outs.append(self.ev.call_value(b, ops, node))
                return join(outs)
            return derived(args.all_values())
        if kind == "map":
            f = args.get(0, "f") or UNKNOWN
            xs = args.get(1, "xs") or UNKNOWN
            batch_size = args.kw.get("batch_size")
            if batch_size is not None and batch_size.const is not None:
                # lax.map(..., batch_size=n) vmaps `f` over each chunk
                level = self.jax.transforms.level("batch", name, self.ev.span(node), batched=True)
                xs = add_mark(xs, frozenset({level.batch_mark}))
            out = self.ev.call_value(f, Args([xs], {}, [None], {}), node)
            return Value(tan=out.tan, traced=True)
        if kind == "reduce":
            return self.reduce(args, node)
        if kind == "apply":
            if not args.pos:
                return derived(args.all_values())
            rest = Args(args.pos[1:], args.kw, args.pos_nodes[1:], args.kw_nodes, args.star,
                        args.dstar)
            return self.ev.call_value(args.pos[0], rest, node)
        if kind == "tree_map":
            if name == "builtins.map" and len(pos) >= 2 and not args.kw:
                if node is not None and self.ev.unconsumed_map(node):
                    return UNKNOWN  # (a map object no code takes an item of: `fn` never runs)
                mapped = generators.mapped(self.ev, pos[0], pos[1:], node)
                if mapped is not None:
                    return mapped
            elif name != "builtins.map":
                if len(pos) >= 2 and "is_leaf" not in args.kw and _leafless(pos[1]):
                    # `jax.tree.map(f, {"a": None})`: a tree of no leaf, `f` is never called
                    return pos[1]
                by_leaf = tree_leaves.mapped(self.ev, args, node)  # (trees known to leaves)
                if by_leaf is not None:
                    return by_leaf
            if pos:
                rest = Args(pos[1:], {}, args.pos_nodes[1:], {})
                return self.ev.call_value(pos[0], rest, node)
            return UNKNOWN
        if kind == "custom_root":
            return self.custom_root(args, node)
        if kind == "custom_linear_solve":
            return self.custom_linear_solve(args, node)
        if kind == "closure_convert":
            return self.closure_convert(args, node)
        if kind == "custom_vmap":
            fun = args.get(0, "fun")
            if fun is None or not fun.fns:
                return derived(args.all_values())
            label = next((f.func.name for f in fun.fns if isinstance(f, Closure)), "")
            c = CustomFn("vmap", fun, name=label)
            if self.ev.record:
                self.ev.observer.note_custom_made(c)
            return Value(fns=(c,))
        if kind in ("custom_jvp", "custom_vjp", "eqx_custom_vjp"):
            fun = args.get(0, "fun")
            nondiff = args.kw.get("nondiff_argnums")
            nd = _argnums(nondiff) if nondiff is not None else ()
            if fun is None:
                return Value(fns=(Partial(Api(name), (), tuple(args.kw.items())),))
            label = next((f.func.name for f in fun.fns if isinstance(f, Closure)), "")
            # nondiff_argnames join nondiff_argnums, as indices of the function's parameters
            names_v = args.kw.get("nondiff_argnames")
            by_name = _argname_indices(fun, names_v.const) if names_v is not None else ()
            if by_name and nd is not None:
                nd = tuple(sorted(set(nd) | set(by_name)))
            c = CustomFn(
                "jvp" if kind == "custom_jvp" else "vjp",
                fun,
                nd or (),
                opaque_rules=kind == "eqx_custom_vjp",
                name=label,
                nondiff_unknown=by_name is None or nd is None,
            )
            if self.ev.record:
                self.ev.observer.note_custom_made(c)
            return Value(fns=(c,))
        return derived(args.all_values())

    def lifted_vmap(self, name: str, args: Args) -> Value:
        """flax linen's `nn.vmap(target, variable_axes, split_rngs, in_axes, ...)`: a module
        class whose `__call__` runs under a batch level (`LiftedVmap`, run by
        `call_lifted_vmap`), or for a function taking a module first, a wrapper doing the
        same. `split_rngs` batches random draws only, not data: it is not modelled. Where
        its target or its `methods=` cannot be read, the target is returned as it is (no
        batch level: nothing found rather than a guess)."""
        target = args.get(0, "target")
        if target is None:
            # `functools.partial(nn.vmap, in_axes=...)` applied to a method later
            return Value(fns=(Partial(Api(name), (), tuple(args.kw.items())),))
        if not target.fns:
            return derived([target])
        methods = args.get(9, "methods")
        if methods is not None and methods.const is not None:
            # other methods than `__call__` lifted (or unreadable): not modelled
            return target
        lift = LiftedVmap(
            self._in_axes(args.get(3, "in_axes")),
            _maps_params(args.get(1, "variable_axes")),
            name,
        )
        fns: list[Any] = []
        for f in target.fns:
            if isinstance(f, ClassObj):
                fns.append(ClassObj(f.name, f.node, {}, [Value(fns=(f,))], f.linen,
                                    remat=f.remat, vmaps=(*f.vmaps, lift)))
            elif isinstance(f, (Closure, Partial, Wrapper, CustomFn)):
                fns.append(Wrapper("linen_vmap", Value(fns=(f,)), name=name, lifted=lift))
            else:
                fns.append(f)
        return Value(fns=tuple(fns))

    def call_lifted_vmap(
        self,
        lifts: tuple[LiftedVmap, ...],
        module: Value,
        invoke: Callable[[Value, Args], Value],
        args: Args,
        node: ast.AST | None,
    ) -> Value:
        """`invoke(module, args)` under the batch levels of lifted vmaps (innermost first): each
        level marks the positional arguments its `in_axes` maps, and when it maps the
        parameters, the module and every submodule built in the call (`Ctx.module_tan`), so
        what they compute is batched. Keyword arguments stay unmarked: flax's lifted vmap
        does not hand them on (measured with flax 0.12.8: the callee sees its default)."""
        if not lifts or node is None:
            return invoke(module, args)
        if not self.ev.ctx.staged:  # staged either way
            with self.staging():
                return self.call_lifted_vmap(lifts, module, invoke, args, node)
        lift, inner = lifts[-1], lifts[:-1]
        if lift.batched == () and not lift.params:
            with self.ev.within(vmapped=True):
                return self.call_lifted_vmap(inner, module, invoke, args, node)
        level = self.jax.transforms.level("batch", lift.name, self.ev.span(node), batched=True)
        mark = frozenset({level.batch_mark})
        spec = lift.batched
        pos = [
            _as_traced(v)
            if spec is not None and (i >= len(spec) or spec[i] is False)
            else add_mark(_as_traced(v), mark)
            if spec is None
            else _mark_batched(_as_traced(v), spec[i], mark)
            for i, v in enumerate(args.pos)
        ]
        new = Args(pos, args.kw, args.pos_nodes, args.kw_nodes, args.star, args.dstar)
        module_tan = self.ev.reads(MODULE_TAN).module_tan
        if lift.params:
            module = module.with_tan(module.tan | mark)
            module_tan = module_tan | mark
        with self.ev.within(vmapped=True, module_tan=module_tan):
            out = self.call_lifted_vmap(inner, module, invoke, new, node)
        return strip_marks(out, mark)

    @staticmethod
    def _in_axes(v: Value | None) -> tuple[Any, ...] | None:
        """Which positional arguments a vmap batches, from a constant `in_axes` (`v`): per
        argument, True, False (`None`) or, for a pytree prefix (`{"x": 0, "bias": None}`),
        the same per leaf (see `_axes_spec`)."""
        if v is None:
            return None  # in_axes=0: all
        c = v.const
        if isinstance(c, int) and not isinstance(c, bool):
            return None
        if isinstance(c, tuple):
            return tuple(x is not None for x in c)
        if v.items is not None and v.keys is None:
            return tuple(_axes_spec(i) for i in v.items)
        return ()

    @contextmanager
    def staging(self) -> Iterator[None]:
        """JAX traces the functions called in here into a jaxpr (see `Ctx.staged`)."""
        if self.ev.ctx.staged:  # not a read: staged in here either way
            yield
            return
        with self.ev.within(staged=True):
            yield

    def call_trace_only(self, how: str, args: Args, node: ast.AST | None) -> Value:
        """`make_jaxpr(f)` (a function tracing `f`) or `eval_shape(f, *args)` (traces it now).
        What they return (a jaxpr, shapes) carries no tangent."""
        fun = args.get(0, "fun") or UNKNOWN
        if not fun.fns:
            return UNKNOWN
        if how == "wrapped":
            return Value(fns=(Wrapper("trace_only", fun),))
        rest = Args(args.pos[1:], {}, args.pos_nodes[1:], {}, args.star, args.dstar)
        if self.ev.ctx.host_site is not None:  # (a host function running: JAX011)
            host_runs.note_traced_call(self.ev, "jax.trace_only", node)
        with self.ev.within(trace_only=True):
            out = self.call_wrapper(Wrapper("jit", fun), rest, node)  # traced like jit's body
        return _shape_structs(out)

    def call_wrapper(self, w: Wrapper, args: Args, node: ast.AST | None) -> Value:
        if self.ev.ctx.host_site is not None:  # (a host function running: JAX011)
            host_runs.note_traced_call(self.ev, f"jax.{w.kind}", node)
        if w.kind == "trace_only" or w.kind == "tracing":
            with self.ev.within(trace_only=True):
                self.call_wrapper(Wrapper("jit", w.fun), args, node)  # traced like jit's body
            # (`jit(f).trace(x)`: a `Traced`, whose `lower()` gives a `Lowered`)
            return Value(fns=(Wrapper("traced", w.fun),)) if w.kind == "tracing" else UNKNOWN
        if w.kind == "lowering":
            # `jit(f).lower(x)`: traced and lowered (its errors happen), its callbacks' hosts
            # never run (measured on JAX 0.10.2); a `Lowered` whose `compile()` may be called
            with self.ev.within(host_deferral=HOSTS_NEVER_RUN):
                self.call_wrapper(Wrapper("jit", w.fun), args, node)
            return Value(fns=(Wrapper("lowered", w.fun),))
        if w.kind == "lower_traced":
            # `Traced.lower()`: lowered from the trace already made (what only lowering
            # raises is not evaluated again: see docs/analysis.md)
            return Value(fns=(Wrapper("lowered", w.fun),))
        if w.kind == "compile":
            return w.fun  # `Lowered.compile()`: the executable, run as the jitted function
        if w.kind == "traced" or w.kind == "lowered":
            return UNKNOWN  # a `Traced` or `Lowered` is not callable (JAX raises TypeError)
        if w.kind == "jit" and self.ev.reads(JIT_DISABLED).jit_disabled:
            return self.ev.call_value(w.fun, args, node)  # `with jax.disable_jit():`
        if w.kind in ("jit", "vmap", "checkpoint") and not self.ev.ctx.staged:  # staged either way
            with self.staging():
                return self.call_wrapper(w, args, node)
        if w.kind == "checkpoint":
            # the levels that partial-evaluate it: reverse ones, and linearize (a forward level
            # that defers its linear part); a jvp does not
            reverse = frozenset(m for v in args.all_values() for m in v.tan if _may_transpose(m))
            with self.ev.within(
                checkpoint_levels=self.ev.reads(CHECKPOINT_LEVELS).checkpoint_levels | reverse
            ):
                return self.ev.call_value(w.fun, args, node)
        if w.kind in ("jit", "vmap"):
            # vmap hands an argument whose in_axes is None to the function as it is
            batched = w.batched if w.kind == "vmap" else None
            pos = [
                v
                if i in w.static or (batched and i < len(batched) and batched[i] is False)
                else _as_traced(v)
                for i, v in enumerate(args.pos)
            ]
            kw = {
                k: v if k in w.static_names else _as_traced(v) for k, v in args.kw.items()
            }
            if w.kind == "vmap" and node is not None and w.batched != ():
                # the batched arguments carry the mark of this vmap (a callback on them needs
                # a vmap_method); the results, stacked, are plain arrays again
                level = self.jax.transforms.level(
                    "batch", w.name or "jax.vmap", self.ev.span(node), batched=True
                )
                mark = frozenset({level.batch_mark})
                pos = [
                    add_mark(v, mark)
                    if w.batched is None
                    else _mark_batched(v, w.batched[i], mark)
                    if i < len(w.batched)
                    else v
                    for i, v in enumerate(pos)
                ]
                if w.batched is None:
                    kw = {k: add_mark(v, mark) for k, v in kw.items()}
                new = Args(pos, kw, args.pos_nodes, args.kw_nodes, args.star, args.dstar)
                with self.ev.within(vmapped=True):
                    return strip_marks(self.ev.call_value(w.fun, new, node), mark)
            new = Args(pos, kw, args.pos_nodes, args.kw_nodes, args.star, args.dstar)
            if w.kind == "vmap":
                with self.ev.within(vmapped=True):
                    return self.ev.call_value(w.fun, new, node)
            with self.ev.within(jitted=True):
                return self.ev.call_value(w.fun, new, node)
        if w.kind == "closure_converted":
            return self.call_closure_converted(w, args, node)
        if w.kind == "linen_vmap" and w.lifted is not None and args.pos:
            # `nn.vmap(f, ...)(module, *args)`: `in_axes` counts the arguments after the module
            rest = Args(args.pos[1:], args.kw, args.pos_nodes[1:], args.kw_nodes, args.star,
                        args.dstar)
            return self.call_lifted_vmap(
                (w.lifted,),
                args.pos[0],
                lambda m, a: self.ev.call_value(
                    w.fun,
                    Args([m, *a.pos], a.kw, [args.pos_nodes[0], *a.pos_nodes], a.kw_nodes,
                         a.star, a.dstar),
                    node,
                ),
                rest,
                node,
            )
        return self.ev.call_value(w.fun, args, node)

    def closure_convert(self, args: Args, node: ast.AST) -> Value:
        """`converted, consts = closure_convert(fun, *example_args)`: JAX traces `fun` at the
        example arguments and hoists the traced values it closes over into `consts`, which
        the caller passes on (`converted(x, *consts)`, usually through a custom_vjp). So
        `consts` carry the tangents of what `fun` closes over: those of its result when
        called with tangent-free arguments (a transform reaching the custom_vjp through
        them is JAX005 as through any argument)."""
        fun = args.get(0, "fun")
        if fun is None or not fun.fns or args.star is not None or args.kw:
            return derived(args.all_values())
        arity = len(args.pos) - 1
        hoisted = self.jax.api._closed_over_tangents([fun], arity, node)
        # JAX hoists the closure's values that may carry a tangent (`_maybe_perturbed`: a
        # JVP tracer): one at least when a level's tangent reaches `fun`'s result through its
        # closure (measured under JAX 0.10.2: none when called outside any transform, none
        # for a value read only for its `.shape`, one per distinct traced leaf read)
        differentiated = any(type(m) is Level for m in hoisted)
        consts = Value(tan=hoisted, traced=True, min_items=1 if differentiated else 0)
        converted = Value(fns=(Wrapper("closure_converted", fun, arity=arity, hoisted=hoisted),))
        return self.ev._seq([converted, consts])

    def call_closure_converted(self, w: Wrapper, args: Args, node: ast.AST | None) -> Value:
        """`converted(*args, *consts)`: `fun` on its leading arguments, where the constants
        passed in stand for the values it closes over. Marks its closure carried that no
        argument brings (the constants stripped of a level, as in a custom_vjp's fwd and bwd
        rules) are masked in the call and dropped from its result: JAX evaluates the traced
        function on the constants given, not on the closure."""
        own = Args(args.pos[: w.arity], {}, args.pos_nodes[: w.arity], {})
        consts = args.pos[w.arity :] + [v for v in (args.star,) if v is not None]
        given = derived(args.all_values()).tan
        absent = w.hoisted - given
        if absent:
            with self.ev.within(mask=self.ev.reads(MASK).mask | absent):
                out = strip_marks(self.ev.call_value(w.fun, own, node), absent)
        else:
            out = self.ev.call_value(w.fun, own, node)
        return Value(tan=out.tan | derived(consts).tan, traced=True) if consts else out

    def scan(self, args: Args, node: ast.AST) -> Value:
        f = args.get(0, "f") or UNKNOWN
        init = args.get(1, "init") or UNKNOWN
        xs = args.get(2, "xs") or Value(const=None)
        x = xs if xs.items is not None else Value(tan=xs.tan, traced=True)
        length = args.get(3, "length")
        no_trip = self._no_trip(Value(const=0), length) if length is not None else {}
        carry = init
        out = UNKNOWN
        for _ in range(MAX_LOOP + 1):
            with self.ev.within(**no_trip):
                out = self.ev.call_value(f, Args([typed_like(carry, init), x], {}, [None, None],
                                                 {}), node)
            new_carry = out.items[0] if out.items is not None and len(out.items) == 2 else out
            joined = join([carry, new_carry])
            if joined == carry:
                break
            carry = joined
        ys = out.items[1] if out.items is not None and len(out.items) == 2 else out
        carry = typed_like(carry, init)
        return Value(tan=carry.tan | ys.tan, items=(carry, ys), traced=True)

    def reduce(self, args: Args, node: ast.AST) -> Value:
        """`functools.reduce(f, xs[, init])`: f folded over the items, in order when they are
        known (a composition of layers), else to a fixpoint over their join."""
        f = args.get(0, "function") or UNKNOWN
        xs = args.get(1, "iterable") or UNKNOWN
        init = args.get(2, "initial")
        if xs.items is not None and xs.keys is None:
            items = list(xs.items)
            acc = init if init is not None else (items.pop(0) if items else UNKNOWN)
            for item in items[:MAX_ITEMS]:
                acc = self.ev.call_value(f, Args([acc, item], {}, [None, None], {}), node)
            return acc
        elem = self.ev.element_of(xs)
        start = init if init is not None else elem
        return self._loop_fixpoint(f, lambda v: Args([v, elem], {}, [None, None], {}), start, node)

    def _loop_fixpoint(
        self, body: Value, make_args: Callable[[Value], Args], init: Value, node: ast.AST
    ) -> Value:
        val = init
        for _ in range(MAX_LOOP + 1):
            out = self.ev.call_value(body, make_args(val), node)
            joined = join([val, out])
            if joined == val:
                break
            val = joined
        return val

    def fori_loop(self, args: Args, node: ast.AST) -> Value:
        lo = args.get(0, "lower") or UNKNOWN
        hi = args.get(1, "upper") or UNKNOWN
        body = args.get(2, "body_fun") or UNKNOWN
        init = args.get(3, "init_val") or UNKNOWN
        i = Value(traced=lo.traced or hi.traced)
        # bounds derived only from eager grad/jvp tracers are concrete: JAX runs a scan
        dynamic = (lo.traced or hi.traced) and self.ev.reads(STAGED).staged
        make_args = lambda v: Args([i, v], {}, [None, None], {})  # noqa: E731
        # batched bounds batch its while_loop's predicate (`while_loop`)
        refused = ({"io_refused": "while_loop with batched predicate"}
                   if dynamic and batch_marks([lo, hi]) else {})
        with self.staging(), self.ev.within(**refused, **self._no_trip(lo, hi)):
            val = self._loop_fixpoint(body, make_args, init, node)
            if dynamic:
                # its while_loop's cond reads the index and the bounds, never the body's carry
                val = self._check_reverse_loop(val, node, "lax.fori_loop", (body, make_args, None))
        return val

    def _no_trip(self, lo: Value, hi: Value) -> dict[str, Any]:
        """`Ctx.host_deferral` for a loop body of no trip (static bounds `hi <= lo` of a
        fori_loop, a scan's `length=0`): JAX traces the body but never runs it, so its
        callbacks' hosts never run (measured on JAX 0.10.2, under jit and eagerly)."""
        if lo.traced or hi.traced or not all(
                type(b.const) is int for b in (lo, hi)) or hi.const > lo.const:
            return {}
        return {"host_deferral": HOSTS_NEVER_RUN}

    def while_loop(self, args: Args, node: ast.AST) -> Value:
        cond = args.get(0, "cond_fun") or UNKNOWN
        body = args.get(1, "body_fun") or UNKNOWN
        init = args.get(2, "init_val") or UNKNOWN
        make_args = lambda v: Args([v], {}, [None], {})  # noqa: E731
        val = self._loop_fixpoint(body, make_args, init, node)
        # JAX evaluates cond_fun on the primal carry only: no level differentiates it
        with self.ev.within(mask=self.ev.reads(MASK).mask | self._active_marks()):
            test = self.ev.call_value(cond, Args([val], {}, [None], {}), node)
        if batch_marks([test]) and not self.ev.reads(IO_REFUSED).io_refused:
            # its predicate is batched: JAX refuses an unordered IO effect in it (run once
            # more so that the findings there know: `Ctx.io_refused`)
            with self.ev.within(io_refused="while_loop with batched predicate"):
                self.ev.call_value(body, make_args(val), node)
                with self.ev.within(mask=self.ev.reads(MASK).mask | self._active_marks()):
                    self.ev.call_value(cond, Args([val], {}, [None], {}), node)
        return self._check_reverse_loop(val, node, "lax.while_loop", (body, make_args, cond))

    def _branch_runs(self, index: Value, n: int, cond: bool = False
                     ) -> Callable[[int], dict[str, Any]]:
        """`Ctx.host_deferral` for each branch of a `lax.switch` of `n` branches (`cond`: a
        `lax.cond`, its branch 1 taken where the predicate is true) whose index is known
        when it runs: a Python int or bool, or one handed to jit (`Value.runs_as`), not
        batched. JAX traces every branch (what tracing raises, each raises) but runs the
        one selected (the index clamped to the branches), so the other branches'
        callbacks never run their hosts (measured on JAX 0.10.2, eagerly and under jit;
        under a vmap batching the index, every branch runs)."""
        known = index.runs_as if index.traced else index.const
        if type(known) not in (int, bool) or index.tan or n < 1:
            return lambda i: {}
        taken = int(bool(known)) if cond else min(max(int(known), 0), n - 1)
        return lambda i: {} if i == taken else {"host_deferral": HOSTS_NEVER_RUN}

    def _cond_refuses_io(self, given: list[Value]) -> dict[str, str]:
        """`Ctx.io_refused` for the branches of a `cond` / `switch` whose index or operands
        (`given`) a vmap batches: its batching rule refuses an IO effect."""
        return {"io_refused": "vmap-of-cond"} if batch_marks(given) else {}

    def _check_reverse_loop(
        self, val: Value, node: ast.AST, what: str, loop: tuple | None = None
    ) -> Value:
        """A loop reverse-differentiated: JAX009 once its tangent reaches the level's output
        (`_transposed_loops`); `val` comes back carrying that tangent's LoopTangent mark. A
        `linearize` level's loop is kept in its linear function, which fails only once
        transposed (`_may_transpose`). With
        the `loop`'s (body, make_args, cond), the carry parts JAX moves out of the loop (see
        `_forwarded_carry`) keep their tangent unmarked."""
        levels = sorted(
            (m for m in val.tan - self.ev.reads(MASK).mask if _may_transpose(m)),
            key=lambda lv: lv.order,
        )
        if not levels or self.ev.reads(JIT_DISABLED).jit_disabled:
            return val  # (under `jax.disable_jit()` the loop runs as a Python loop)
        mark = self.ev.loop_tangents.get((node, levels[0]))
        if mark is None:
            mark = self.ev.loop_tangents[(node, levels[0])] = LoopTangent(levels[0])
        forwarded = (
            self._forwarded_carry(val, levels[0], node, *loop) if loop is not None else frozenset()
        )
        if not mark.pending:
            self.jax.callbacks.report("JAX009", node, levels[0], what, (), gate=mark.pending)
        return _mark_loop_tangent(val, levels[0], mark, (), forwarded)

    def _forwarded_carry(
        self,
        val: Value,
        level: Level,
        node: ast.AST,
        body: Value,
        make_args: Callable[[Value], Args],
        cond: Value | None,
    ) -> frozenset:
        """The paths (item indices) of the carry leaves carrying `level` that the loop's body
        returns unchanged and its cond does not read: `lax.while_loop` moves them out of the
        loop as constants, so the loop's output there is its input and nothing about them is
        transposed. The body is called once more with those leaves made distinct (a probe
        mark defeats the memo): a leaf it returns as the very object it got is forwarded."""
        probe = _CarryProbe()
        leaves: dict[tuple, Value] = {}

        def mark(v: Value, path: tuple) -> Value:
            if level not in v.tan or len(leaves) >= MAX_ITEMS:
                return v
            items = None
            if v.items is not None:
                items = tuple(mark(item, (*path, k)) for k, item in enumerate(v.items))
            out = v.rebuilt(v.tan | {probe}, items, v.const, v.traced)
            if items is None:
                leaves[path] = out
            return out

        out = self.ev.call_value(body, make_args(mark(val, ())), node)
        forwarded = {path for path, leaf in leaves.items() if _item_at(out, path) is leaf}
        if cond is not None:
            # a leaf the cond reads stays in the carry: its tracedness alone reaches the test
            for path in sorted(forwarded):
                only = _only_traced(val, path, ())
                if self.ev.call_value(cond, Args([only], {}, [None], {}), node).traced:
                    forwarded.discard(path)
        return frozenset(forwarded)

    def _lowered_or_batched(self, level: Level) -> bool:
        """JAX raises the jvp-of-custom_vjp error when the linearized call is lowered or run,
        or at trace time once its tangents are batched (jacfwd, vmap): not under make_jaxpr or
        eval_shape alone."""
        return (
            not self.ev.reads(TRACE_ONLY).trace_only
            or level.batched
            or self.ev.reads(VMAPPED).vmapped
        )

    def _transposed_loops(self, level: Level, out: Value) -> None:
        """The loops whose tangent reaches `level`'s output are transposed: their JAX009 (for a
        `linearize` level, once its linear function is transposed: `Level.on_transpose`)."""
        for m in out.tan:
            if isinstance(m, LoopTangent) and m.level is level:
                (level.on_transpose if level.mode == FORWARD else level.pending).extend(m.pending)

    def custom_root(self, args: Args, node: ast.AST) -> Value:
        f = args.get(0, "f") or UNKNOWN
        guess = args.get(1, "initial_guess") or UNKNOWN
        solve = args.get(2, "solve") or UNKNOWN
        tangent_solve = args.get(3, "tangent_solve") or UNKNOWN
        out_f = self.ev.call_value(f, Args([guess], {}, [None], {}), node)
        # custom_root linearizes `f` at the root whenever it runs (differentiated or not), and
        # so do the levels that reach the root through f's closed-over parameters
        own = self.jax.transforms.level(
            FORWARD, "jax.lax.custom_root", self.ev.span(node), batched=False
        )
        levels = frozenset(m for m in out_f.tan if isinstance(m, Level)) | {own}
        self.ev.call_value(f, Args([add_mark(guess, levels)], {}, [None], {}), node)
        # tangent_solve solves for the tangents of the levels differentiating the root: a
        # batched forward one (jacfwd, hessian's outer) hands it a batch of right-hand sides
        # (measured: an ordered io_callback on them raises under jacfwd and hessian, runs
        # under grad, jacrev and jacrev(grad))
        batches = frozenset(m.batch_mark for m in levels
                            if m.mode == FORWARD and m.batched)
        rhs = add_mark(guess, batches) if batches else guess
        with self.ev.within(mask=self.ev.reads(MASK).mask | self._active_marks()):
            self.ev.call_value(solve, Args([f, guess], {}, [None, None], {}), node)
            if batches:
                with self.ev.within(vmapped=True):
                    self.ev.call_value(tangent_solve, Args([f, rhs], {}, [None, None], {}), node)
            else:
                self.ev.call_value(tangent_solve, Args([f, rhs], {}, [None, None], {}), node)
        return Value(tan=out_f.tan, traced=True)

    def custom_linear_solve(self, args: Args, node: ast.AST) -> Value:
        matvec = args.get(0, "matvec") or UNKNOWN
        b = args.get(1, "b") or UNKNOWN
        solve = args.get(2, "solve") or UNKNOWN
        tsolve = args.get(3, "transpose_solve")
        out = self.ev.call_value(matvec, Args([b], {}, [None], {}), node)
        symmetric = args.get(4, "symmetric")
        if tsolve is not None and (symmetric is None or symmetric.const is not True):
            self.transpose_when_traced([matvec], 1, node, "custom_linear_solve")
        # no derivative reaches the solvers (JAX differentiates the solve implicitly), but a
        # batch does: a vmap's, and a batched level's (jacfwd, jacrev), whose tangents it vmaps
        reaching = b.tan | out.tan
        batches = frozenset(m for m in reaching if isinstance(m, BatchedBy)) | frozenset(
            m.batch_mark for m in reaching if isinstance(m, Level) and m.batched
        )
        rhs = add_mark(b, batches) if batches else b
        with self.ev.within(
            mask=self.ev.reads(MASK).mask | self._active_marks() | (reaching - batches)
        ):
            self.ev.call_value(solve, Args([matvec, rhs], {}, [None, None], {}), node)
            if tsolve is not None:
                with self.ev.within(host_deferral=self._transpose_solve_runs(reaching)):
                    self.ev.call_value(tsolve, Args([matvec, rhs], {}, [None, None], {}), node)
        return Value(tan=b.tan | out.tan, traced=True)

    def _transpose_solve_runs(self, reaching: frozenset) -> Any:
        """When JAX runs custom_linear_solve's `transpose_solve` (`Ctx.host_deferral`, for the
        hosts of its callbacks): only to transpose the solve, under a reverse level reaching
        it (now under `grad`, on the pullback's call under `jax.vjp`); never otherwise (not
        run, not under `jvp`, measured on JAX 0.10.2; a `linearize` whose linear function is
        transposed is not followed: never)."""
        levels = [m for m in reaching if isinstance(m, Level) and m.mode in (REVERSE, TRANSPOSE)]
        if any(not m.defer for m in levels):
            return self.ev.reads(HOST_DEFERRAL).host_deferral
        deferred = min(levels, key=lambda m: m.order, default=None)
        return deferred if deferred is not None else HOSTS_NEVER_RUN

    def transpose_when_traced(
        self, funs: list[Value], arity: int, node: ast.AST, name: str, mode: str = TRANSPOSE
    ) -> None:
        """JAX transposes these linear functions while tracing the call that takes them
        (custom_linear_solve's matvec when it is not symmetric), differentiated or not: like
        `linear_transpose` applied at once. With `mode` REVERSE: it takes their gradient
        (minimize's BFGS), like `grad` applied at once."""
        level = self.jax.transforms.level(mode, name, self.ev.span(node), batched=False)
        arg = Value(tan=frozenset({level}), traced=True)
        with self.staging():
            for f in funs:
                if f.fns:
                    self.jax.transforms.run_level(
                        level, f, Args([arg] * arity, {}, [None] * arity, {}), node
                    )

    def _active_marks(self) -> frozenset:
        # inside a solver no level counts: mask every level created so far
        return frozenset(self.ev.levels)


def _maps_params(v: Value | None) -> bool:
    """Whether a lifted vmap's `variable_axes` maps the parameters: an axis (an int) given for
    the collection "params" (or for `True`, every collection). No entry, `None` (shared) or a
    mapping that cannot be read: no."""
    if v is None or v.keys is None or v.items is None:
        return False
    for key, axis in zip(v.keys, v.items, strict=True):
        if (key == "params" or key is True) and isinstance(axis.const, int) and not isinstance(
            axis.const, bool
        ):
            return True
    return False


def _axes_spec(v: Value) -> Any:
    """One argument's `in_axes`: True (an axis), False (`None`: passed as it is), or for a
    container prefix, its leaves' specs: a tuple of `(key, spec)` pairs for a dict with
    constant keys, a tuple of specs for a tuple or list. An axis that cannot be read at all (a
    field of a configuration the module is given and does not show) is not known to map one,
    as for a whole `in_axes` that cannot be read (`Wrapper.batched == ()`); one of a few
    constants one of which is an axis (`0 if i == pos else None`) may map one."""
    if v.const is None:
        return False
    if v.const is NOCONST and v.items is None:
        return v.choices is not None and any(
            isinstance(c, int) and not isinstance(c, bool) for c in v.choices)
    if v.items is not None:
        if v.keys is not None:
            return ("dict", tuple(zip(v.keys, (_axes_spec(i) for i in v.items), strict=True)))
        return ("seq", tuple(_axes_spec(i) for i in v.items))
    return True


def typed_like(v: Value, like: Value, depth: int = 0) -> Value:
    """A scan's carry `v` with the shapes and dtypes known of its init `like`, leaf by leaf
    where their structures agree: JAX requires the body to return a carry of the init's
    types (it raises otherwise), so every carry the body sees, and the one scan returns,
    has them."""
    if like.items is None:
        if like.arr is None or v.items is not None:
            return v
        return array_facts.with_facts(v, like.arr)
    if v.items is None or len(v.items) != len(like.items) or v.keys != like.keys or (
            depth >= MAX_DEPTH_ITEMS):
        return v
    items = tuple(typed_like(i, j, depth + 1) for i, j in zip(v.items, like.items))
    if all(a is b for a, b in zip(items, v.items)):
        return v
    return v.rebuilt(v.tan, items, v.const, v.traced)


def _shape_structs(v: Value, depth: int = 0) -> Value:  # (`eval_shape(f, *args)`)
    """What `eval_shape` returns for its function's output `v`: the same tuples, lists and
    dicts, each array leaf a `ShapeDtypeStruct` of the shape and dtype known of it (nothing
    else: no tangent, no constant)."""
    if v.items is not None and not v.fns and depth < MAX_DEPTH_ITEMS:
        return Value(items=tuple(_shape_structs(i, depth + 1) for i in v.items), keys=v.keys)
    return Value(arr=v.arr) if v.arr is not None else UNKNOWN


def _mark_batched(v: Value, spec: Any, mark: frozenset) -> Value:
    """`v` as a vmap's argument whose `in_axes` is `spec` (see `_axes_spec`): the leaves an
    axis maps carry the vmap's mark, a leaf mapped by `None` does not. A prefix that does not
    line up with `v` (keys not known) marks all of it."""
    if spec is False:
        return v
    if spec is True:
        return add_mark(v, mark)
    kind, parts = spec
    if v.items is None and kind == "dict" and not v.fns and v.const is NOCONST:
        # an argument the analysis does not see into: vmap takes only a dict with the
        # prefix's very keys (any other raises), so it is one, each leaf as its axis says
        leaf = Value(tan=v.tan, traced=v.traced)
        return _rebuilt_marked(
            Value(v.tan, items=tuple(leaf for _ in parts), keys=tuple(k for k, _ in parts),
                  traced=v.traced),
            tuple(_mark_batched(leaf, p, mark) for _, p in parts), mark)
    if v.items is None:
        return add_mark(v, mark)
    if kind == "dict" and v.keys is not None:
        by_key = dict(parts)
        if all(k in by_key for k in v.keys):
            pairs = zip(v.keys, v.items, strict=True)
            items = tuple(_mark_batched(i, by_key[k], mark) for k, i in pairs)
            return _rebuilt_marked(v, items, mark)
    if kind == "seq" and v.keys is None and len(parts) == len(v.items):
        pairs = zip(v.items, parts, strict=True)
        return _rebuilt_marked(v, tuple(_mark_batched(i, p, mark) for i, p in pairs), mark)
    return add_mark(v, mark)


def _rebuilt_marked(v: Value, items: tuple[Value, ...], mark: frozenset) -> Value:
    """A container whose leaves `items` were marked one by one: it carries the mark when
    one of them does."""
    return v.rebuilt(v.tan | mark if any(i.tan & mark for i in items) else v.tan, items,
                     NOCONST, True)
