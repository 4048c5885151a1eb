"""Calls of JAX's API, from the table measured by running JAX (`apitable`).

Which operands' tangents reach which outputs, integer outputs, dtypes, array methods.
"""

from __future__ import annotations

import ast

from jax_lsp.analysis import array_facts
from jax_lsp.analysis.interp_state import (
    JITTED,
    MASK,
    MAX_ITEMS,
    MODULE_TAN,
    Args,
)
from jax_lsp.analysis.jax import (
    apitable,
    array_shapes,
    config_flags,
    host_runs,
    jaxapi,
    signatures,
)
from jax_lsp.analysis.jax.jaxapi import FORWARD, REVERSE, TRANSPOSE
from jax_lsp.analysis.jax.part import Part
from jax_lsp.analysis.libraries.flax_nnx import filters as nnx_filters
from jax_lsp.analysis.libraries.flax_nnx import graph as nnx_graph
from jax_lsp.analysis.libraries.flax_nnx import variables as nnx_variables
from jax_lsp.analysis.python import (
    argparse_values,
    certain_paths,
    concurrency,
    config_parsers,
    config_strings,
    constant_builtins,
    context_vars,
    dynamic_classes,
    generators,
    iterator_protocol,
    keyed_lists,
    namespaces,
    object_lists,
    schedulers,
    single_dispatch,
)
from jax_lsp.analysis.pytree_fields import flatten_aux_attributes
from jax_lsp.analysis.values import (
    EMPTY,
    NOCONST,
    UNKNOWN,
    Api,
    ArrayMethod,
    ClassObj,
    Closure,
    Instance,
    LazyName,
    Level,
    Transformed,
    Value,
    Wrapper,
    add_mark,
    batch_marks,
    derived,
    dict_of_pairs,
    join,
    literal,
    merged_dict,
    plain,
    strip_marks,
)

#: what `ndim`, `shape` and `size` give of a scalar, by the function's last name


def _scalar_metadata(name: str, args: Args) -> Value | None:
    """`np.ndim(2.0)`, `jnp.shape(x)` of a Python number (or a tracer the analysis knows
    to hold one: jit's or a transform's scalar argument stays 0-d): 0, `()`, 1, so an `if
    np.ndim(scale) == 0` on a scalar hyper-parameter takes its branch. None for anything
    else (an array, whose shape the analysis does not track)."""
    if name not in jaxapi.SCALAR_METADATA or len(args.pos) != 1 or args.kw or (
            args.star is not None):
        return None
    if type(args.pos[0].const) not in (int, float, bool, complex) or args.pos[0].fns:
        return None
    return constant_builtins.value_of(jaxapi.SCALAR_METADATA[name])



#: the primitives of a measured function (`ApiFacts.primitives`) whose batching refuses an
#: unordered IO effect in the functions it calls under its batch (`Ctx.io_refused`)
_IO_REFUSING = (("while", "while_loop with batched predicate"), ("cond", "vmap-of-cond"))

#: Python's builtins that iterate the iterable they are given first
_CONSUMERS = frozenset({f"builtins.{n}" for n in (
    "list", "tuple", "sorted", "sum", "set", "frozenset", "min", "max", "any", "all")})


class JaxApiCalls(Part):
    """A part of the JAX component (`model.JaxModel`): see the module's docstring."""

    # ------------------------------------------------------------- API calls

    def call_api(self, name: str, args: Args, node: ast.AST | None) -> Value:
        out = self._call_api(name, args, node)
        if name in array_shapes.MAKERS:
            return array_shapes.made(self.ev, name, args, out)
        if name in array_shapes.READERS:
            return array_shapes.read(self.ev, name, args) or out
        return out

    def _call_api(self, name: str, args: Args, node: ast.AST | None) -> Value:
        name = self.ev.extra_transforms.get(name, name)
        if name in _CONSUMERS and args.pos and len(args.pos[0].fns) == 1 and type(
                args.pos[0].fns[0]) is Instance:
            # `list(levels)`: Python iterates an instance of an analysed class as a `for`
            # does (its generator `__iter__`, its `__next__` driven call by call, or a cut)
            args = Args([generators.iterated(self.ev, args.pos[0]), *args.pos[1:]], args.kw,
                        args.pos_nodes, args.kw_nodes, args.star, args.dstar)
        if self.ev.ctx.host_site is not None:  # (a host function running: JAX011)
            host_runs.note_api_call(self.ev, name, node)
        args = self.imported_data_read(args)
        if name == "jax.config.update":
            config_flags.note_update(self.ev, args)  # (`jax.config.jax_enable_x64` reads it)
            if node is not None:
                self.ev.config_updates.add(node)  # (`host_runs._rebound`: no container)
        if name in jaxapi.CALLBACKS:
            return self.jax.callbacks.call_callback(name, jaxapi.CALLBACKS[name], args, node)
        if name in self.ev.extra_callbacks:
            return self.jax.callbacks.call_callback(
                name, jaxapi.CallbackSpec("pure", 0, frozenset()), args, node
            )
        spec = jaxapi.TRANSFORMS.get(name)
        if spec is not None:
            return self.jax.transforms.make_transform(name, spec, args, node)
        kind = jaxapi.HIGHER_ORDER.get(name)
        if kind is not None:
            return self.jax.control.call_higher_order(kind, name, args, node)
        if name in jaxapi.TRACE_ONLY:
            return self.jax.control.call_trace_only(jaxapi.TRACE_ONLY[name], args, node)
        if name in array_shapes.GENERATOR_MAKERS:  # (its samplers' shapes: `array_shapes`)
            return Value(fns=(Api(array_shapes.GENERATOR),))
        if name == "types.SimpleNamespace" and not args.pos and args.dstar is None:
            return namespaces.simple_namespace(
                args.kw, singular=certain_paths.singular_here(self.ev, node))
        if name == "builtins.object" and not args.all_values():
            return object_lists.sentinel(certain_paths.singular_here(self.ev, node))
        if name == "builtins.type" and len(args.pos) == 1 and not args.kw:
            made = dynamic_classes.type_of(args.pos[0])
            if made is not None:
                return made
        if name == "builtins.type" and len(args.pos) == 3 and not args.kw:
            made = dynamic_classes.make_class(args.pos[0], args.pos[1], args.pos[2], node)
            if made is not None:
                return made
        if name == "builtins.type" and len(args.pos) == 1 and not args.kw and (
                made := dynamic_classes.type_of(args.pos[0])) is not None:
            return made
        if name == "types.MethodType" and len(args.pos) == 2 and args.pos[0].fns:
            return dynamic_classes.bind_method(args.pos[0], args.pos[1])
        if name in concurrency.CONSTRUCTORS:
            return concurrency.construct(concurrency.CONSTRUCTORS[name], args,
                                         ordered=concurrency.ordered_here(self.ev, name, node))
        if name == schedulers.CONSTRUCTOR:
            return schedulers.construct()
        if name in context_vars.CONSTRUCTORS:
            return context_vars.construct(args)
        if name in config_strings.LOADERS:
            loaded = config_strings.loads(name, args)
            if loaded is not None:
                return loaded
        if name in config_parsers.PARSERS:
            return config_parsers.new_parser(name, args)
        if name == argparse_values.PARSER:
            return argparse_values.new_parser(args)
        if name == "builtins.vars" and len(args.pos) == 1 and not args.kw:
            attrs = namespaces.attributes(args.pos[0])
            if attrs is None:  # `vars(cls)` of a class of a `class` statement
                attrs = dynamic_classes.class_namespace(args.pos[0])
            if attrs is not None:
                return attrs
        if name == "functools.singledispatch" and args.pos:
            return Value(fns=(single_dispatch.Dispatcher(args.pos[0]),))
        if name in jaxapi.PYTREE_REGISTRATIONS and args.pos:
            return self.register_pytree(name, args)
        if name in jaxapi.NNX_VARIABLE_BASES and args.pos:
            return args.pos[0]  # an nnx Variable stands for its array (dtype included)
        if name in nnx_filters.CONSTRUCTORS:
            parts = [nnx_variables.filter_of(v) for v in args.pos]
            key = args.pos[0].const if args.pos else None
            return Value(const=nnx_filters.build(nnx_filters.CONSTRUCTORS[name], parts, key))
        if name in nnx_graph.NAMES and args.pos:
            result = self.call_nnx_graph(name, args)
            if result is not None:
                return result
        if name == "flax.nnx.DiffState" and len(args.pos) == 2:
            state = nnx_filters.DiffState(args.pos[0].const, nnx_variables.filter_of(args.pos[1]))
            return Value(const=state)
        vals = args.all_values()
        # `traced`: derived from a tracer (a concrete array is static to fori_loop's bounds)
        jax_array = any(v.traced for v in vals) or (
            name.startswith("jax.") and self.ev.reads(JITTED).jitted
        )
        if name in jaxapi.NON_CALLING_BUILTINS and node is not None:
            for v in vals:
                for f in v.fns:
                    if isinstance(f, Transformed):
                        self.ev.observer.note_inspected(f, node)
        if name in ("typing.cast", "typing_extensions.cast") and len(args.pos) == 2:
            return args.pos[1]  # (a no-op at run time)
        if name == "builtins.callable" and len(args.pos) == 1 and not args.kw:
            known = _known_callable(self.ev.resolve_lazy(args.pos[0]))
            if known is not None:
                return known
        if name == "builtins.isinstance":
            decided = constant_builtins.is_instance(args)  # `isinstance(flag, bool)`
            if decided is None and len(args.pos) == 2 and not args.kw and args.star is None:
                decided = dynamic_classes.is_instance_of(*args.pos)  # `isinstance(o, Cost)`
            if decided is not None:
                return decided
        if name == "builtins.len" and len(args.pos) == 1 and not args.kw:
            n = signatures.parameter_count(args.pos[0])  # `len(inspect.signature(f).parameters)`
            if n is not None:
                return Value(const=n, intish=True)
        if name in constant_builtins.NAMES:
            known = constant_builtins.call(name, args)  # `str(3)`, `max(1, n)` of constants
            if known is not None:
                return known
        if name.startswith("builtins.") and jaxapi.is_killer(name):
            if name == "builtins.range" and vals and all(type(v.const) is int for v in vals):
                # a constant range (`argnums=tuple(range(4))`): its items are known
                r = range(*(v.const for v in vals[:3]))
                if len(r) <= MAX_ITEMS:
                    return Value(const=r, intish=True)
            if name in ("builtins.int", "builtins.bool") and vals and vals[0].const is not NOCONST:
                try:
                    return Value(const=int(vals[0].const), intish=True)
                except (TypeError, ValueError):
                    pass
            if name in jaxapi.PYTHON_INT_RESULTS:
                return Value(intish=True)  # Python ints: no tangent, and grad rejects them
            return UNKNOWN
        if name in jaxapi.INT_CONSTRUCTORS:
            return Value(traced=jax_array, intish=True, runs_as=_scalar_held(name, vals))
        if name in ("jax.numpy.array", "jax.numpy.asarray") and args.pos:
            # a given dtype decides, not the element literals (`dtype=jnp.float32`)
            return self.array_with_dtype(args.pos[0], args.get(1, "dtype"))
        facts = apitable.facts(name)
        if facts is not None:
            return self.call_measured(facts, args, node)
        if name in jaxapi.PYTHON_STATIC:
            # Python values: static even on a tracer (`jnp.shape(x)`)
            return _scalar_metadata(name, args) or Value()
        if jaxapi.is_killer(name):
            return Value(traced=jax_array)
        if name.startswith("flax.linen.") and self.ev.reads(MODULE_TAN).module_tan:
            if name.rpartition(".")[2][:1].isupper():
                # a linen submodule (nn.Dense(...)) built in a module's apply: its
                # parameters are that apply's variables
                return Value(tan=derived(vals).tan | self.ev.ctx.module_tan, traced=True)
        if name == "builtins.next" and 1 <= len(args.pos) <= 2 and not args.kw:
            first = iterator_protocol.first_of_fresh(node, args.pos[0], args.get(1, "default"))
            if first is not None:  # `next(reversed(TABLE.items()))`
                return first
            # `next(levels, None)` of an iterator of the analysed code: its `__next__` run
            got = iterator_protocol.next_of(self.ev, args.pos[0], args.get(1, "default"))
            if got is not None:
                return got
        if name in ("builtins.zip", "builtins.enumerate") and args.pos:
            return self.ev._zip(name, args.pos)
        if name == "itertools.product" and args.pos and not args.kw and args.star is None:
            grid = self.ev._product(args.pos)
            if grid is not None:
                return grid
        if name == "itertools.islice" and 2 <= len(args.pos) <= 4 and not args.kw:
            # `islice(stream(2, 3), 2)`: the first items of a known sequence (a generator's
            # yields, `python/generators.py`), so a loop over them stops where Python's does
            v = self.ev.resolve_lazy(args.pos[0])
            bounds = [b.const for b in args.pos[1:]]
            if v.items is not None and v.keys is None and all(
                    b is None or (type(b) is int and b >= 0) for b in bounds):
                cut = slice(*bounds) if len(bounds) > 1 else slice(bounds[0])
                return self.ev._seq(list(v.items[cut]))
        if name == "builtins.reversed" and len(args.pos) == 1 and not args.kw:
            # the items of a known sequence, last first (`reduce(apply, reversed(transforms),
            # fn)` composes right to left); a dict's keys and unknown sequences stay unknown
            v = args.pos[0]
            if isinstance(v.const, range):
                return self.ev._seq([Value(const=i, intish=True) for i in reversed(v.const)])
            if v.items is not None and v.keys is None:
                return self.ev._seq(list(reversed(v.items)))
        if name == "builtins.filter" and len(args.pos) == 2 and not args.kw:
            kept = generators.filtered(self.ev, args.pos[0], args.pos[1])
            if kept is not None:
                return kept
        if name == "builtins.filter" and len(args.pos) == 2 and not args.kw and (
                args.pos[0].const is None):
            # `filter(None, words)`: the items of a known sequence of Python scalars that are
            # true (`filter(None, (s.strip() for s in text.split(",")))` of an option string)
            v = args.pos[1]
            if v.items is not None and v.keys is None and all(
                    type(i.const) in constant_builtins.SCALARS for i in v.items):
                return self.ev._seq([i for i in v.items if i.const])
        if name == "builtins.sorted" and len(args.pos) == 1 and not args.kw:
            # `sorted(d)` of a dict of known keys: its keys in order, as `list(d)` reads them
            # (a key function, `reverse=`: not read here)
            v = args.pos[0]
            if v.keys is not None and v.items is not None and not v.traced and all(
                    type(k) in constant_builtins.SCALARS for k in v.keys):
                try:
                    keys = sorted(v.keys)
                except TypeError:  # (keys Python cannot order: it raises there)
                    keys = None
                if keys is not None:
                    return self.ev._seq([literal(k) for k in keys])
        if name in ("builtins.tuple", "builtins.list") and args.pos:
            v = args.pos[0]
            if isinstance(v.const, range):
                return self.ev._seq([Value(const=i, intish=True) for i in v.const])
            if v.keys is not None and v.items is not None and not v.traced and all(
                    type(k) in constant_builtins.SCALARS for k in v.keys):
                # `list(d)` of a dict of known keys: its keys, in order (`list(inspect.
                # signature(f).parameters)`: the parameter names)
                return self.ev._seq([literal(k) for k in v.keys])
            return v if v.items is not None else derived([v])
        if name in ("builtins.dict", "collections.OrderedDict"):
            if not args.pos and args.star is None and args.dstar is None:  # (`dict()`: `{}`)
                return Value(
                    tan=frozenset().union(*(v.tan for v in args.kw.values())),
                    items=tuple(args.kw.values()),
                    keys=tuple(args.kw.keys()),
                    traced=any(v.traced for v in args.kw.values()),
                )
            if len(args.pos) == 1 and args.star is None and args.dstar is None:
                # `dict(d, **more)`: a copy of `d` with `more`'s entries
                more = [Value(items=tuple(args.kw.values()), keys=tuple(args.kw))] if args.kw \
                    else []
                first = args.pos[0]
                if first.keys is None:  # `dict(pairs)`: the pairs' keys and values
                    first = dict_of_pairs(first) or first
                merged = merged_dict([first, *more])
                if merged is not None:
                    return merged
        if name == "collections.defaultdict" and len(args.pos) == 1 and not args.kw and (
                args.star is None and args.dstar is None):
            table = keyed_lists.made(args.pos[0])  # `defaultdict(list)`: a handler table
            if table is not None:
                return table
        if name in ("builtins.getattr",) and len(args.pos) >= 2:
            attr = args.pos[1].const
            if isinstance(attr, str):
                return self.ev.attribute(args.pos[0], attr)
            if self.ev.limits is not None and node is not None:
                self.ev.note_limit(node, "getattr with a name not known statically: unknown value")
        if name == "builtins.setattr" and len(args.pos) == 3 and isinstance(args.pos[1].const, str):
            self.ev.set_attribute(args.pos[0], args.pos[1].const, args.pos[2])
            return Value(const=None)
        if name == "builtins.super":
            return UNKNOWN
        if name in ("numpy.array", "numpy.asarray") and len(args.pos) == 1 and not args.kw and (
                args.pos[0].arr is not None and args.pos[0].const is not NOCONST):
            return args.pos[0]
        if name in ("numpy.array", "numpy.asarray") and args.pos:
            return self.array_with_dtype(args.pos[0], args.get(1, "dtype"))
        if self.ev.host_run is not None and any(
                not isinstance(f, Api) for v in vals for f in v.fns):
            self.ev.host_run.complete = False  # (the functions given are not followed)
        if self.ev.limits is not None and node is not None and not name.startswith("builtins."):
            if any(f for v in vals for f in v.fns if not isinstance(f, Api)):
                self.ev.note_limit(
                    node,
                    f"`{name}` is not modelled (no JAX API facts, not workspace code): the "
                    "functions passed to it are not followed",
                )
            else:
                self.ev.note_limit_call(
                    node,
                    args,
                    f"`{name}` is not modelled (no JAX API facts, not workspace code): "
                    "differentiated values are assumed to pass through it",
                )
        return derived(vals)

    def imported_data_read(self, args: Args) -> Args:
        """`args` with each imported name that holds data (`from .config import ARGNUMS`, a
        tuple of such names) read as the value its module binds: JAX reads the value it is
        given (an `argnums`, an `in_axes`, a dtype), so it is known here as a literal written
        in place would be. An imported function stays the lazy name, read when it is called."""
        if not any(type(f) is LazyName for v in args.all_values() for f in self._lazy_parts(v)):
            return args

        def read(v: Value, depth: int = 0) -> Value:
            if v.items is not None and v.keys is None and depth == 0:
                items = [read(i, 1) for i in v.items]
                if any(a is not b for a, b in zip(items, v.items)):
                    return self.ev._seq(items) if v.const is NOCONST else v
                return v
            if not v.fns or not all(type(f) is LazyName for f in v.fns):
                return v
            value = self.ev.resolve_lazy(v)
            return value if not value.fns and value.const is not NOCONST else v

        return Args(
            [read(v) for v in args.pos],
            {k: read(v) for k, v in args.kw.items()},
            args.pos_nodes,
            args.kw_nodes,
            args.star,
            args.dstar,
        )

    @staticmethod
    def _lazy_parts(v: Value) -> tuple:
        """The callables of `v` and of its items (a tuple literal's), where lazy names are."""
        if v.items is None:
            return v.fns
        return v.fns + tuple(f for i in v.items for f in i.fns)

    def register_pytree(self, name: str, args: Args) -> Value:
        """`register_pytree_node(cls, flatten, unflatten)`, `register_dataclass(cls,
        data_fields, meta_fields)`: the class becomes a pytree; its aux data and meta fields
        are static."""
        classes = [f for f in args.pos[0].fns if isinstance(f, ClassObj)]
        self.ev.observer.note_pytree_registered(classes)
        static: set[str] = set()
        if name == "jax.tree_util.register_pytree_node":
            flatten = args.get(1, "flatten_func")
            for f in flatten.fns if flatten is not None else ():
                if isinstance(f, Closure):
                    static |= flatten_aux_attributes(f.func.node)
        else:
            # register_dataclass: the data fields are leaves (tracers under jit)
            data = args.get(1, "data_fields")
            if data is not None and data.items is not None:
                for c in classes:
                    c.data_fields.update(i.const for i in data.items if isinstance(i.const, str))
            meta = args.get(2, "meta_fields")
            if meta is not None:
                names = (
                    meta.const
                    if isinstance(meta.const, tuple)
                    else tuple(i.const for i in meta.items or ())
                )
                static = {n for n in names if isinstance(n, str)}
        for c in classes:
            c.pytree = True
            c.static_fields |= static
        if classes:
            self.ev.observer.note_write()  # what the class is, for every root that uses it
        return args.pos[0]

    def call_measured(self, facts: apitable.ApiFacts, args: Args, node: ast.AST | None) -> Value:
        """A JAX function the API table describes: its result carries the tangents of the
        arguments whose tangents reach it in JAX, and is an integer when JAX's is."""
        if facts.callables and facts.calling:
            return self.call_measured_higher_order(facts, args, node)
        vals = args.all_values()
        traced = any(v.traced for v in vals) or self.ev.reads(JITTED).jitted
        # an explicit integer dtype (`dtype=jnp.int32`, `astype(x, "int32")`) makes it an integer
        dtypes = []
        for p in jaxapi.DTYPE_PARAMS:
            i = facts.position(p)
            dtype = args.get(i if i is not None else 1 << 30, p)
            if dtype is not None and self.is_int_dtype(dtype):
                return Value(tan=batch_marks(vals), traced=traced, intish=True)
            if dtype is not None and dtype.const is not None:
                dtypes.append(dtype)
        # the array arguments decide (options such as `indexing="ij"` or `None` say nothing),
        # unless another dtype is given (`arange(4, dtype="float32")`)
        arrays = [v for v in vals if v.const is not None and not isinstance(v.const, str)]
        all_int = bool(arrays) and all(v.intish for v in arrays) and not dtypes
        intish = (facts.out == "int" and (facts.int_from_float or all_int)) or (
            facts.int_preserving and all_int
        )
        if facts.tangent_free or intish:
            # integer results (and PRNG keys) carry float0 tangents: none; but what is drawn
            # from a key a vmap batches is batched (a batch of keys gives a batch of draws)
            return Value(tan=batch_marks(vals), traced=traced, intish=intish,
                         prng_key=facts.out == "key")
        if facts.items is not None:
            # a tuple of results (top_k's values and indices): each carries what reaches it
            items = tuple(
                Value(traced=traced, intish=True)
                if integer
                else Value(tan=self._reaching_tan(facts, args, sources), traced=traced)
                for integer, sources in facts.items
            )
            return Value(tan=frozenset().union(*(i.tan for i in items)), items=items, traced=traced)
        return plain(self._reaching_tan(facts, args), traced)

    @staticmethod
    def _reaching_tan(
        facts: apitable.ApiFacts, args: Args, sources: frozenset[int] | None = None
    ) -> frozenset:
        """The tangents of the arguments that reach a measured function's result (or, with
        `sources`, one item of it: a measured position reaches it only if it is a source)."""

        def reaches(i: int) -> bool:
            if sources is not None and i < len(facts.reach) and facts.reach[i] is not None:
                return i in sources
            return facts.reaches(i)

        reaching = [v for i, v in enumerate(args.pos) if reaches(i)]
        for k, v in args.kw.items():
            i = facts.position(k)
            if i is None or reaches(i):
                reaching.append(v)
        reaching += [v for v in (args.star, args.dstar) if v is not None]
        return derived(reaching).tan

    def call_measured_higher_order(
        self, facts: apitable.ApiFacts, args: Args, node: ast.AST | None
    ) -> Value:
        """A JAX function that takes functions (vectorize, odeint, minimize, cg, ...): it calls
        them with values derived from its array arguments, at once or through the function it
        returns; the custom rules and loops inside raise what probing JAX showed they raise."""
        fn_positions = {facts.position(c) for c in facts.callables}
        funs: list[Value] = []
        data: list[Value] = []
        #: the functions no outer derivative differentiates (cg's preconditioner)
        plain: list[Value] = []
        for i, v in enumerate(args.pos):
            if i in fn_positions and facts.params and facts.params[i] in facts.undifferentiated:
                plain.append(v)
            else:
                (funs if i in fn_positions else data).append(v)
        for k, v in args.kw.items():
            if k in facts.undifferentiated:
                plain.append(v)
            else:
                (funs if k in facts.callables else data).append(v)
        data += [v for v in (args.star, args.dstar) if v is not None]
        if facts.calling == "wrapper":
            if len(funs) != 1 or not funs[0].fns:
                return derived(args.all_values())
            # a wrapper that maps its function over slices (vectorize) batches like vmap
            kind = "vmap" if facts.maps else "jit"
            batched = _unexcluded(funs[0], args) if facts.maps else None
            return Value(fns=(Wrapper(kind, funs[0], batched=batched, name=facts.name),))
        operand = Value(tan=derived(data).tan, traced=True)
        short = facts.name.rpartition(".")[2]
        # the custom_vjp inside also takes the values its functions close over (odeint
        # closure-converts them): their tangents reach it as the arguments' do
        inputs = operand.tan
        if node is not None and (
            facts.forward == "custom_vjp_forward" or facts.transpose == "custom_vjp_transpose"
        ):
            inputs |= self._closed_over_tangents(funs, facts.callee_arity, node)
        if node is not None and facts.forward == "custom_vjp_forward":
            forward = sorted(
                (
                    m
                    for m in inputs - self.ev.reads(MASK).mask
                    if isinstance(m, Level) and m.mode == FORWARD
                ),
                key=lambda lv: lv.order,
            )
            if forward:
                # JAX rejects the forward-mode use of its custom_vjp before calling anything
                lv = forward[0]
                self.jax.callbacks.report(
                    "JAX005", node, lv, short, (), deferred=lv.name.endswith("linearize")
                )
                return Value(tan=operand.tan, traced=True)
        if node is not None and facts.transpose == "custom_vjp_transpose":
            transposed = sorted(
                (
                    m
                    for m in inputs - self.ev.ctx.mask
                    if isinstance(m, Level) and m.mode == TRANSPOSE
                ),
                key=lambda lv: lv.order,
            )
            if transposed:
                # linear_transpose reaches the custom_vjp inside: it has no transpose rule
                self.jax.callbacks.report("JAX006", node, transposed[0], short, (), deferred=True)
                return Value(tan=operand.tan, traced=True)
        batch: frozenset = EMPTY
        callee_operand = operand
        if node is not None and facts.forward == "custom_vjp_forward":
            # a batched reverse level (jacrev) reaching the custom_vjp inside pulls back a
            # batch of cotangents: its bwd (odeint's adjoint solve, which calls `func` on the
            # state it integrates back) runs under vmap (measured: an ordered io_callback on
            # `stop_gradient(y)` there raises under jacrev, runs under grad)
            batch = frozenset(
                m.batch_mark for m in inputs - self.ev.reads(MASK).mask
                if isinstance(m, Level) and m.mode == REVERSE and m.batched
            )
            if batch:
                callee_operand = add_mark(operand, batch)
        if facts.maps and node is not None:
            # it calls them under its own vmap (piecewise's switch): their arguments are
            # batched by it, as by `jax.vmap` (a callback there needs a vmap_method)
            level = self.jax.transforms.level("batch", facts.name, self.ev.span(node), batched=True)
            batch = frozenset({level.batch_mark})
            callee_operand = add_mark(operand, batch)
        arity = facts.callee_arity
        callee_args = Args([callee_operand] * arity, {}, [None] * arity, {})
        # a list of functions (piecewise's funclist) is its functions
        funs = [i for f in funs for i in (f.items if f.items is not None else (f,))]
        emitted = self.ev._emitted.offered  # (see `call_logs`)
        if batch:
            # batched inside a loop or branch of its own (odeint's adaptive while_loop, whose
            # step the batched state decides; piecewise's switch): JAX refuses an unordered IO
            # effect there (measured: odeint's func under jacrev)
            refused = next((why for prim, why in _IO_REFUSING if prim in facts.primitives),
                           None)
            with self.ev.within(vmapped=True, **(
                    {"io_refused": refused} if refused is not None else {})):
                outs = [strip_marks(self.ev.call_value(f, callee_args, node), batch)
                        for f in funs if f.fns]
        else:
            outs = [self.ev.call_value(f, callee_args, node) for f in funs if f.fns]
        if plain:
            with self.ev.within(mask=self.ev.reads(MASK).mask | self.jax.control._active_marks()):
                for f in plain:
                    if f.fns:
                        self.ev.call_value(f, callee_args, node)
        result = Value(tan=operand.tan | join(outs).tan if outs else operand.tan, traced=True)
        if facts.transposes and node is not None:
            self.jax.control.transpose_when_traced(funs + plain, facts.callee_arity, node, short)
        if facts.differentiates and node is not None:
            self.jax.control.transpose_when_traced(funs, facts.callee_arity, node, short, REVERSE)
        if (
            node is not None
            and facts.reverse == "while_loop_reverse"
            and self.ev._emitted.offered == emitted
        ):
            # (an error while differentiating the loop's body is raised first)
            result = self.jax.control._check_reverse_loop(result, node, short)
        return result

    def _closed_over_tangents(self, funs: list[Value], arity: int, node: ast.AST) -> frozenset:
        """The tangents the functions `funs` return when called with tangent-free arguments:
        those of the values they close over. Called as JAX's `closure_convert` traces them,
        where no transform applies: every level is masked, so only what fails whatever the
        levels (an integer input to a transform inside, ...) is reported here."""
        quiet = frozenset(m for lv in self.ev.levels for m in (lv, lv.batch_mark, lv.tangent_mark))
        args = Args([Value(traced=True)] * arity, {}, [None] * arity, {})
        with self.ev.within(mask=self.ev.reads(MASK).mask | quiet):
            outs = [self.ev.call_value(f, args, node) for f in funs if f.fns]
        return join(outs).tan if outs else EMPTY

    def array_with_dtype(self, first: Value, dtype: Value | None) -> Value:
        """`array(first, dtype)`: a given dtype decides whether it is an integer array (JAX010),
        not the element literals (`np.array([0, 0], dtype=np.float32)` is a float array;
        `dtype=object` is not a JAX type at all, another error); no dtype or `None`: inferred."""
        if dtype is None or dtype.const is None:
            intish = first.intish
        else:
            intish = self.is_int_dtype(dtype)
        if intish:
            return Value(traced=first.traced, intish=True)
        return derived([first])

    def is_int_dtype(self, v: Value) -> bool:
        if type(v.const) is array_facts.DType:  # (`x.astype(ids.dtype)`)
            return array_facts.KINDS[v.const.name] in "biu"
        if isinstance(v.const, str):
            return v.const in jaxapi.INTEGER_DTYPE_STRINGS
        return bool(v.fns) and all(
            isinstance(f, Api) and f.name in jaxapi.INTEGER_DTYPES for f in v.fns
        )

    def call_nnx_graph(self, name: str, args: Args) -> Value | None:
        """nnx.split / merge / graphdef / state (see `nnx_graph`)."""
        first = args.pos[0]
        if name == nnx_graph.SPLIT:
            return self.ev._seq(nnx_graph.split_parts(first, len(args.pos) - 1))
        if name == nnx_graph.GRAPHDEF:
            return nnx_graph.graphdef_of(first)
        if name == nnx_graph.STATE:
            return nnx_graph.state_of(first)
        return nnx_graph.merged(first, list(args.pos[1:]))

    def call_at_update(self, name: str, recv: Value, args: Args) -> Value:
        """`x.at[i].name(...)` (`recv` is `x.at[i]`): most updates keep `x`'s dtype, so an
        integer or PRNG key array stays one (JAX010); the tangents are the operands'."""
        if name in jaxapi.DTYPE_KEEPING_AT_METHODS:
            arrays = [f.receiver for f in recv.fns]
            traced = recv.traced or any(v.traced for v in args.all_values())
            if all(a.intish for a in arrays):
                return Value(traced=traced, intish=True)
            if all(a.prng_key for a in arrays):
                return Value(traced=traced, prng_key=True)
        return derived([recv, *args.all_values()])

    def call_array_method(self, m: ArrayMethod, args: Args) -> Value:
        recv = m.receiver
        if m.name == "astype":
            dtype = args.get(0, "dtype")
            if dtype is not None and self.is_int_dtype(dtype):
                out = Value(tan=batch_marks((recv,)), traced=recv.traced, intish=True)
            else:
                out = derived([recv])
            return array_facts.with_facts(out, array_shapes.astype_method(self.ev, recv, args))
        if m.name == "reshape" and recv.arr is not None:
            out = self._call_array_method(m, args)
            return array_facts.with_facts(out, array_shapes.reshape_method(recv, args))
        return self._call_array_method(m, args)

    def _call_array_method(self, m: ArrayMethod, args: Args) -> Value:
        recv = m.receiver
        if recv.fns and all(type(f) is ArrayMethod and f.name == "at[]" for f in recv.fns):
            return self.call_at_update(m.name, recv, args)
        if jaxapi.is_killer_method(m.name):
            return Value(tan=batch_marks((recv,)), traced=recv.traced)
        if m.name in ("get", "pop", "setdefault") and recv.keys is not None:
            return self.ev.subscript(recv, args.pos[0] if args.pos else UNKNOWN)
        if m.name == "index" and recv.keys is None and recv.items is not None and len(
                args.pos) == 1 and not args.kw and args.star is None:
            # `PARAMS.index("n_terms")` of a sequence of known scalars: where Python finds it
            # (the items as a subscript reads them), so `nondiff_argnums` computed from a
            # signature's names is known
            at = _index_of(recv.items, args.pos[0])
            if at is not None:
                return Value(const=at, intish=True)
        if m.name in ("items", "values") and recv.keys is not None:
            if m.name == "values":
                return self.ev._seq(list(recv.items or ()))
            return self.ev._seq(
                [self.ev._seq([Value(const=k), v]) for k, v in zip(recv.keys, recv.items or ())]
            )
        facts = apitable.facts(f"jax.Array.{m.name}") if recv.items is None else None
        if facts is not None and not facts.callables:
            # an array method as JAX measured it (`x.reshape` keeps an integer dtype)
            return self.call_measured(
                facts,
                Args([recv, *args.pos], args.kw, [None, *args.pos_nodes], args.kw_nodes),
                None,
            )
        return derived([recv, *args.all_values()])


def _index_of(items: tuple[Value, ...], wanted: Value) -> int | None:
    """The position of the first of `items` equal to `wanted`, all of them known Python
    scalars (an equality of scalars runs no program code); None when one is not, or when
    none is equal (Python raises `ValueError` there)."""
    w = constant_builtins.scalar(wanted)
    if w is NOCONST:
        return None
    for i, item in enumerate(items):
        c = constant_builtins.scalar(item)
        if c is NOCONST:
            return None
        if c == w:
            return i
    return None


def _excluded_positions(v: Value | None, node: ast.AST | None) -> frozenset[int] | None:
    """The positions a constant `excluded=` names (`{1}`, `(0, 2)`, `frozenset({1})`):
    from its value, or from a display of integer literals written at the call; None when
    it is not known."""
    if v is None:
        return frozenset()
    c = v.const
    if isinstance(c, (tuple, frozenset, set)):
        items = list(c)
    elif v.items is not None and all(i.const is not NOCONST for i in v.items):
        items = [i.const for i in v.items]
    elif isinstance(node, (ast.Set, ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) for e in node.elts):
        items = [e.value for e in node.elts]  # type: ignore[attr-defined]
    else:
        return None
    # a name (a keyword argument excluded) leaves the positions batched
    return frozenset(i for i in items if isinstance(i, int) and not isinstance(i, bool))


def _unexcluded(fun: Value, args: Args) -> tuple[bool, ...] | None:
    """For `jnp.vectorize(f, excluded=...)`: which positional arguments it batches, one entry
    per positional parameter of `f` (JAX binds the excluded ones with a partial, unbatched);
    None (all) when nothing is excluded or `f`'s parameters are not known."""
    excluded = _excluded_positions(args.kw.get("excluded"), args.kw_nodes.get("excluded"))
    if not excluded:
        return None
    nodes = {id(f.func.node): f.func.node for f in fun.fns if isinstance(f, Closure)}
    if len(nodes) != 1 or len(nodes) != len(fun.fns):
        return None
    a = next(iter(nodes.values())).args
    if a.vararg is not None:
        return None
    n = len(a.posonlyargs) + len(a.args)
    return tuple(i not in excluded for i in range(max(n, max(excluded) + 1)))


def _known_callable(v: Value) -> Value | None:
    """`callable(v)` where Python's answer is known from `v`: a scalar constant (a string, a
    number, None: `constant_builtins.scalar`, what the builtins of constants are decided on)
    is not callable; a value holding only the analysed code's functions or classes is. None:
    not known."""
    if constant_builtins.scalar(v) is not NOCONST:
        return Value(const=False)
    if v.fns and all(type(f) in (Closure, ClassObj) for f in v.fns):
        return Value(const=True)
    return None


def _scalar_held(name: str, vals: list[Value]) -> object:
    """The value `jnp.int32(k)` (an integer or bool scalar type called on a Python int or
    bool `k` the code pins down) holds when the code runs (`Value.runs_as`: a host given it
    as a callback's operand reads `int(np.asarray(x))` as `k`); NOCONST where `k` is not
    known or may not fit the type (a width read from the name, `int_`'s 64 bits)."""
    if len(vals) != 1 or type(vals[0].const) not in (int, bool):
        return NOCONST
    k = vals[0].const
    if name.endswith(".bool_"):
        return bool(k)
    digits = name.rpartition(".")[2].lstrip("uint")  # (`int32`: 32; `uint8`: 8; `int_`)
    width = int(digits) if digits.isdigit() else 64
    return int(k) if 0 <= k < 1 << (width - 1) else NOCONST
