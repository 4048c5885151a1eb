"""The abstract values of the interpreter and the objects they can stand for.

A `Value` over-approximates a Python value at one program point: which differentiation levels'
tangents it may carry (`tan`), which callables it may be (`fns`), its known structure (tuple
items, dict keys, which may include instances of the module's classes) and a known
constant. Values are immutable and hashable so
that function calls can be memoised on their arguments.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from jax_lsp.analysis.findings import PathStep, Span

# (at run time: a compiled build's dataclasses resolve their fields' types)
from jax_lsp.analysis.jax.specs import TransformSpec
from jax_lsp.analysis.python.hooks import HOOKS

if TYPE_CHECKING:
    from jax_lsp.analysis.array_facts import ArrayFacts


class _NoConst:
    __slots__ = ()

    def __repr__(self) -> str:
        return "NOCONST"


NOCONST: Any = _NoConst()
EMPTY: frozenset = frozenset()


class Level:
    """One differentiation level: one application of a transform to a function.

    Values carry a Level in their `tan` when they carry that transform's tangent. Identity is
    the level: two applications of the same transform are two levels.
    """

    __slots__ = (
        "arrays_only",
        "batch_mark",
        "batched",
        "closed",
        "defer",
        "mode",
        "name",
        "on_transpose",
        "order",
        "pending",
        "site",
        "stack_len",
        "tangent_in",
        "tangent_mark",
        "wrt",
    )
    _counter: ClassVar[int] = 0

    def __init__(
        self, mode: str, name: str, site: PathStep, stack_len: int, *, defer: bool, batched: bool
    ) -> None:
        Level._counter += 1
        self.order = Level._counter
        self.mode = mode
        self.name = name
        self.site = site
        self.stack_len = stack_len
        #: transpose-time errors wait until the pullback / transposed function is called
        self.defer = defer
        self.pending: list[Any] = []
        #: for a linearize level: the errors raised if its linear function is transposed
        self.on_transpose: list[Any] = []
        self.batched = batched
        self.tangent_mark: TangentOf | None = TangentOf(self)  # (None once released)
        self.batch_mark: BatchedBy | None = BatchedBy(self)
        #: the marks of the tangents `jax.jvp` was given (an outer level's, when the jvp is
        #: itself transposed or differentiated): they travel with this level's tangent
        self.tangent_in: frozenset = EMPTY
        #: equinox's filter transforms: only inexact array leaves are differentiated
        self.arrays_only = False
        #: flax nnx.grad: the filter (nnx_filters.Filter) of the Variables it differentiates
        self.wrt: Any = None
        #: its function has been run (`run_level` returned): no call made after that runs
        #: under it, so no value made after that can carry its marks
        self.closed = False

    def __repr__(self) -> str:
        return f"Level({self.name}#{self.order})"


class TangentOf:
    """Marks a value that *is* a tangent of `level`, inside that level's custom_jvp rule."""

    __slots__ = ("level",)

    def __init__(self, level: Level) -> None:
        self.level = level

    def __repr__(self) -> str:
        return f"TangentOf({self.level!r})"


class BatchedBy:
    """Marks a value batched by one `vmap` application (`level`, of mode "batch"): a
    `pure_callback` on it needs a `vmap_method`. Kept in `Value.tan` like a tangent, but it is
    no `Level`, so no differentiation check sees it."""

    __slots__ = ("level",)

    def __init__(self, level: Level) -> None:
        self.level = level

    def __repr__(self) -> str:
        return f"BatchedBy({self.level!r})"


class LoopTangent:
    """Marks a value carrying the tangent a reverse `level` gives a `while_loop` (or a fori_loop
    with dynamic bounds): JAX fails only if it transposes the loop, that is if this tangent
    reaches the level's output (not when it ends in `stop_gradient` or is never used).
    `pending` holds the finding to emit then."""

    __slots__ = ("level", "pending")

    def __init__(self, level: Level) -> None:
        self.level = level
        self.pending: list = []

    def __repr__(self) -> str:
        return f"LoopTangent({self.level!r})"


#: Not `frozen`: a frozen dataclass sets each field through `object.__setattr__`, four times
#: the cost of a plain slot store (building dataclasses was 8% of an analysis's samples). Values
#: are still never changed once built (nothing assigns their fields:
#: tests/analysis/test_value_immutable.py checks it) except for the cached hash below.
@dataclass(slots=True)
class Value:
    tan: frozenset = EMPTY
    fns: tuple = ()
    items: tuple[Value, ...] | None = None
    #: for dict literals: the keys, aligned with `items`
    keys: tuple | None = None
    const: Any = NOCONST
    #: derived from a traced value (a transform's or jit's argument)
    traced: bool = False
    #: an integer or boolean literal array (for JAX010)
    intish: bool = False
    #: when `const` is unknown: the few constants it is one of (an element of `["a", "b"]`),
    #: so that `registry[name]` reads only those entries; None when not known
    choices: frozenset | None = None
    #: a typed PRNG key array (`jax.random.key`): grad and jacrev reject it as they reject
    #: integers (JAX010); it never carries a tangent
    prng_key: bool = False
    #: a sequence whose items are not known: the fewest it holds (0: it may be empty). Set
    #: where a length is bounded but not known: `closure_convert`'s constants under a level
    #: whose tangents its function's closure carries (one traced value at least)
    min_items: int = 0
    #: an array's shape and dtype where the code makes them known (`analysis/array_facts.py`);
    #: None (most values) when neither is
    arr: ArrayFacts | None = None
    #: a tracer jit made of a Python int or bool the program handed it
    #: (`higher_order._as_traced`): the value it holds when the compiled code runs, which
    #: decides the branch a `lax.switch` / `lax.cond` runs (`higher_order._branch_runs`);
    #: any other value: NOCONST (no rebuild or join keeps it)
    runs_as: Any = NOCONST
    #: a `collections.defaultdict(list)` of known keys: what reading a key it lacks stores
    #: and gives (an empty list: `python/keyed_lists.py`); None for any other value (no
    #: rebuild or join keeps it)
    default_entry: Value | None = None
    #: cached hash: values nest, and memo keys hash them often
    _hash: int = field(default=0, compare=False, repr=False)

    def __hash__(self) -> int:
        h = self._hash
        if not h:
            h = (
                hash(
                    (
                        self.tan,
                        self.fns,
                        self.items,
                        self.keys,
                        self.const,
                        self.traced,
                        self.intish,
                        self.choices,
                        self.prng_key,
                        self.min_items,
                        self.arr,
                        self.runs_as,
                        self.default_entry,
                    )
                )
                or 1
            )
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def depth(self) -> int:
        if not self.items:
            return 0
        return 1 + max(i.depth for i in self.items)

    def rebuilt(self, tan: frozenset, items: tuple | None, const: Any, traced: bool,
                arr_kept: bool = True) -> Value:
        """This value with new tangents, leaves, constant or tracedness: what it holds (`fns`,
        `keys`) and its kind (an integer array, a PRNG key: JAX010) kept. The one place that
        says which facts survive a rebuild (marks added or stripped, jit's tracers, renamed
        levels), so a new kind is not dropped at one of them."""
        return Value(
            tan, self.fns, items, self.keys, const, traced, self.intish, prng_key=self.prng_key,
            min_items=self.min_items if items is None else 0,
            # (a batched argument loses an axis, not its dtype)
            arr=self.arr if arr_kept or self.arr is None or self.arr.dtype is None else replace(
                self.arr, shape=None),
        )

    def with_tan(self, tan: frozenset) -> Value:
        return self.rebuilt(tan, self.items, self.const, self.traced)

    def array_element(self) -> Value:
        """An element or slice of this array (`a, b = keys`, `keys[0]`, `for k in labels`):
        an integer array's are integers, a PRNG key array's are keys (JAX010 needs both)."""
        return Value(
            tan=self.tan, traced=self.traced, intish=self.intish, prng_key=self.prng_key
        )


UNKNOWN = Value()
#: Shared values for the results the evaluator makes most often (values are immutable, so one
#: object serves every use): building a `Value` runs a class call with its keywords, about
#: 3,500 instructions, and an open builds over 10,000 of them.
TRACED = Value(traced=True)
NONE_VALUE = Value(const=None)
FALSE_VALUE = Value(const=False)


#: the literals' shared values (see `literal`), by type and constant
_LITERALS: dict[tuple[type, Any], Value] = {}


def literal(c: Any) -> Value:
    """The value of the literal constant `c` (an integer one for an `int` or a `bool`): one
    shared object per `None`, `bool`, `int`, `float` or short `str` of equal type and constant
    (the same literal; but `0.0 == -0.0`, and a NaN equals nothing: those made afresh), and for
    any other constant (bytes, complex numbers, long strings) a fresh one."""
    t = type(c)
    if not (t is int or t is bool or c is None or t is str and len(c) <= 64
            or t is float and c and c == c):
        return Value(const=c, intish=t is int or t is bool)
    key = (t, c)
    v = _LITERALS.get(key)
    if v is None:
        if len(_LITERALS) >= 4096:
            _LITERALS.clear()
        v = _LITERALS[key] = Value(const=c, intish=t is int or t is bool)
    return v


class _MaybeNone:
    """In the `fns` of a join of None with callables or objects: whether the value `is None`
    is unknown (without it, a value with `fns` is known not to be None)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MAYBE_NONE"


MAYBE_NONE: Any = _MaybeNone()


def join(values: list[Value] | tuple[Value, ...]) -> Value:
    """The least value that over-approximates all of `values`."""
    vs = [v for v in values if v is not None]
    if not vs:
        return UNKNOWN
    first = vs[0]
    if len(vs) == 1 or all(v is first or v == first for v in vs[1:]):
        return first
    tan: frozenset = frozenset().union(*(v.tan for v in vs))
    fns = _distinct(vs)
    if fns and any(v.const is None for v in vs) and MAYBE_NONE not in fns:
        fns.append(MAYBE_NONE)
    items = None
    keys = None
    if all(v.items is not None for v in vs) and len({len(v.items) for v in vs}) == 1:  # type: ignore[arg-type]
        if all(v.keys == first.keys for v in vs):
            n = len(first.items)  # type: ignore[arg-type]
            items = tuple(join([v.items[i] for v in vs]) for i in range(n))  # type: ignore[index]
            keys = first.keys
    c0 = first.const
    if all(v.const is c0 for v in vs):
        const = c0
    else:
        const = c0 if len({repr(v.const) for v in vs}) == 1 else NOCONST
    return Value(
        tan,
        tuple(fns),
        items,
        keys,
        const,
        any(v.traced for v in vs),
        all(v.intish for v in vs),
        _choices(vs) if const is NOCONST else None,
        all(v.prng_key for v in vs),
        min(v.min_items for v in vs) if items is None else 0,
    )


def _distinct(vs: list[Value]) -> list:
    """The callables and objects of `vs`, each once (by equality), in order. By hash: a join
    of values holding hundreds of functions (a summary) compared each with each."""
    try:
        return list(dict.fromkeys([f for v in vs for f in v.fns]))
    except TypeError:  # an unhashable constant inside one (a partial's list argument)
        fns: list = []
        for v in vs:
            for f in v.fns:
                if f not in fns:
                    fns.append(f)
        return fns


#: the most constants `Value.choices` keeps: beyond it, a value is just unknown
MAX_CHOICES = 16


def _choices(vs: list[Value]) -> frozenset | None:
    """The constants one of `vs` is, when each is a string, number or None constant (or a
    few): `0 if last else None` is one of two axes (`higher_order._axes_spec`)."""
    out: set = set()
    for v in vs:
        c = v.const
        if c is NOCONST:
            if v.choices is None:
                return None
            out.update(v.choices)
        elif type(c) in (str, int, float, bool, type(None)):
            out.add(c)
        else:
            return None
        if len(out) > MAX_CHOICES:
            return None
    return frozenset(out)


def _keeps_shape(v: Value, marks: frozenset) -> bool:
    """Whether `v`'s array facts hold for it as an argument given `marks`: not under a
    batching mark (a vmap takes an axis away; which one is not followed here)."""
    return v.arr is None or not any(
        type(m) is BatchedBy or (type(m) is Level and m.batched) for m in marks)


def add_mark(v: Value, marks: frozenset, traced: bool = True) -> Value:
    """`v` as an argument of a transform: it (and each leaf of it) now carries `marks`."""
    items = tuple(add_mark(i, marks, traced) for i in v.items) if v.items is not None else None
    return v.rebuilt(v.tan | marks, items, NOCONST, v.traced or traced, _keeps_shape(v, marks))


def add_tangent_mark(v: Value, marks: frozenset) -> Value:
    """`v` as a differentiated argument of a transform: each leaf carries `marks`, but an
    integer (or boolean) leaf and a PRNG key leaf, at any depth of the pytree: JAX gives them
    a `float0` tangent (jvp requires it, `allow_int` and vjp make it), a symbolic zero that no
    primitive is differentiated for, so a callback on such a leaf alone is never reached by
    the transform (and the leaf stays the concrete value it was). A container carries the
    marks when one of its leaves does."""
    if v.intish or v.prng_key:
        return v
    if v.items is None:
        if v.arr is None and type(v.const) in (float, complex) and not v.fns:
            # a Python number differentiated is a 0-d array in JAX (`scale * leaf` broadcasts)
            from jax_lsp.analysis.array_facts import SCALAR
            return Value(v.tan | marks, traced=True, arr=SCALAR)
        return v.rebuilt(v.tan | marks, None, NOCONST, True, _keeps_shape(v, marks))
    items = tuple(add_tangent_mark(i, marks) for i in v.items)
    tan = v.tan | marks if any(i.tan & marks for i in items) else v.tan
    return v.rebuilt(tan, items, NOCONST, True, _keeps_shape(v, marks))


def is_python_number(v: Value) -> bool:
    """Whether `v` is a Python scalar (not an array): equinox's filters never differentiate it."""
    return isinstance(v.const, (bool, int, float, complex))


def without_arrays_only(marks: frozenset) -> frozenset:
    """`marks` without the levels of equinox's filter transforms."""
    return frozenset(m for m in marks if not (isinstance(m, Level) and m.arrays_only))


def add_mark_to_arrays(v: Value, marks: frozenset) -> Value:
    """`v` as an argument of an equinox filter transform: only its inexact array leaves carry
    `marks` (a Python number, an integer or boolean array is not differentiated)."""
    if v.intish or is_python_number(v) or isinstance(v.const, str):
        return v
    items = (
        tuple(add_mark_to_arrays(i, marks) for i in v.items) if v.items is not None else None
    )
    return v.rebuilt(v.tan | marks, items, NOCONST, True, _keeps_shape(v, marks))


def inherit_marks(v: Value, marks: frozenset) -> Value:
    """A part of a value that carries `marks` (an attribute of a differentiated module): its
    leaves carry them too; strings and integers never carry tangents, Python numbers none of
    equinox's filter transforms."""
    if isinstance(v.const, str) or v.intish:
        return v
    if is_python_number(v):
        marks = without_arrays_only(marks)
    items = tuple(inherit_marks(i, marks) for i in v.items) if v.items is not None else None
    return v.rebuilt(v.tan | marks, items, v.const, v.traced, _keeps_shape(v, marks))


def strip_marks(v: Value, marks: frozenset) -> Value:
    """`v` with the tangents of `marks` removed (stop_gradient, or a custom rule's primals)."""
    if not (v.tan & marks):
        return v
    items = tuple(strip_marks(i, marks) for i in v.items) if v.items is not None else None
    return v.rebuilt(v.tan - marks, items, v.const, v.traced)


def kill(v: Value) -> Value:
    """A tangent-free result derived from `v` (stop_gradient, casts to int, ...)."""
    return Value(traced=v.traced)


def merged_dict(parts: list[Value] | tuple[Value, ...]) -> Value | None:
    """The dict whose entries are those of `parts` in order, a later key replacing an earlier
    one (`{**a, **b}`, `a | b`, `dict(a, **b)`); None when one part's keys are not known."""
    entries: dict[Any, Value] = {}
    for p in parts:
        if p.keys is None or p.items is None:
            return None
        try:
            entries.update(zip(p.keys, p.items, strict=True))
        except TypeError:  # a key that cannot be hashed
            return None
    vals = tuple(entries.values())
    return Value(tan=frozenset().union(*(v.tan for v in vals)) if vals else EMPTY,
                 items=vals, keys=tuple(entries), traced=any(v.traced for v in vals))


def dict_of_pairs(seq: Value) -> Value | None:
    """`dict(pairs)` of a known sequence of key-value pairs (`dict((("vectorized", True),))`,
    `dict(zip(names, values))`), each key a known constant: the dict, a later key replacing an
    earlier one; None otherwise."""
    if seq.items is None or seq.keys is not None:
        return None
    keys: list[Any] = []
    vals: list[Value] = []
    for pair in seq.items:
        if pair.items is None or pair.keys is not None or len(pair.items) != 2:
            return None
        key = pair.items[0].const
        if key is NOCONST or isinstance(key, (list, dict, set)):
            return None
        keys.append(key)
        vals.append(pair.items[1])
    return merged_dict([Value(items=tuple(vals), keys=tuple(keys))])


def batch_marks(parts: Iterable[Value]) -> frozenset:
    """The vmap batch marks (`BatchedBy`) of `parts`: a tangent-free result computed from
    them (an integer cast, a comparison, an argmax) carries no tangent, but is as batched
    as they are."""
    marks: frozenset = EMPTY
    for p in parts:
        if p.tan:
            marks = marks | frozenset(m for m in p.tan if type(m) is BatchedBy)
    return marks


def derived(parts: list[Value] | tuple[Value, ...]) -> Value:
    """The result of an ordinary computation on `parts`: it carries all their tangents."""
    tan: frozenset = EMPTY
    traced = False
    for p in parts:
        if p.tan:
            tan = tan | p.tan
        traced = traced or p.traced
    return plain(tan, traced)


def plain(tan: frozenset, traced: bool) -> Value:
    """A value that carries `tan` and is `traced` or not, nothing more known: a shared one when
    it carries no tangent."""
    if not tan:
        return TRACED if traced else UNKNOWN
    return Value(tan, traced=traced)


# ---------------------------------------------------------------------------------------------
# Callables and objects


@dataclass(frozen=True, slots=True)
class Api:
    """A module or function outside the analysed code, by canonical qualified name."""

    name: str


class ModuleInfo:
    """A module taking part in one analysis: the analysed file (`is_main`) or one it imports."""

    __slots__ = ("has_walrus", "is_main", "lines", "names_x64", "path", "scope")

    def __init__(
        self, path: str | None, lines: list[str], is_main: bool, text: str | None = None
    ) -> None:
        self.path = path
        self.lines = lines
        self.scope: Any = None
        self.is_main = is_main
        # (`text`: the lines joined, if the caller has it)
        text = text if text is not None else "\n".join(lines)
        self.has_walrus = ":=" in text
        #: whether its text names the x64 flag (`jax/array_shapes.py`: else it is off)
        self.names_x64 = "enable_x64" in text


@dataclass(frozen=True, slots=True)
class UserModule:
    """A module of the workspace bound to a name by an import; read when first used."""

    path: Any  # pathlib.Path


@dataclass(frozen=True, slots=True)
class LazyName:
    """`from module import name` of a workspace module: resolved when first used, so that only
    the modules a differentiated path really reaches are read."""

    path: Any  # pathlib.Path
    name: str


class FuncInfo:
    """A `def` or `lambda` of an analysed module. Its scope facts (`locals`, ...) are computed
    when it is first called: most functions of a module never are."""

    __slots__ = ("globals_", "locals", "module", "name", "node", "nonlocals")

    def __init__(
        self,
        node: ast.AST,
        name: str,
        module: ModuleInfo | None = None,
        locals_: frozenset[str] | None = None,
        globals_: frozenset[str] = frozenset(),
        nonlocals: frozenset[str] = frozenset(),
    ) -> None:
        self.node: Any = node
        self.name = name
        self.module = module
        self.locals: Any = locals_  # a frozenset[str]; None until computed (`Interpreter.info`)
        self.globals_ = globals_
        self.nonlocals = nonlocals


@dataclass(frozen=True, slots=True, eq=False)
class Closure:
    func: FuncInfo
    scope: Any  # the Scope the def was executed in
    defaults: tuple[Value, ...]
    kw_defaults: tuple[tuple[str, Value], ...]


@dataclass(frozen=True, slots=True)
class Partial:
    """`functools.partial(fn, *args, **kw)`, also a bound method (self as first arg)."""

    fn: Any
    args: tuple[Value, ...]
    kw: tuple[tuple[str, Value], ...] = ()
    #: a `jax.tree_util.Partial`: a pytree whose leaves are its arguments
    pytree: bool = False
    #: where each keyword is written, and the module it is written in (for a finding on a
    #: keyword a partial bound: JAX012); not part of the value
    kw_nodes: tuple[tuple[str, Any], ...] = field(default=(), compare=False)
    module: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class MethodCaller:
    """`operator.methodcaller(name, *args, **kw)`: calling it with `obj` calls
    `obj.<name>(*args, **kw)` (`name` a value: the method is read when it is called)."""

    name: Value
    args: tuple[Value, ...]
    kw: tuple[tuple[str, Value], ...] = ()
    #: where it is made, each argument and keyword is written, and the module they are in:
    #: the call `obj.<name>(...)` is written there (a callback's host argument, its
    #: `vectorized=`: JAX011, JAX012); not part of the value
    node: Any = field(default=None, compare=False)
    arg_nodes: tuple[Any, ...] = field(default=(), compare=False)
    kw_nodes: tuple[tuple[str, Any], ...] = field(default=(), compare=False)
    #: (the module's path: a plain value, which keeps a module-level statement binding one
    #: replayable, `incremental.replay`)
    module: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Transformed:
    """`transform(fun, **options)`: a function that differentiates `fun` when called."""

    spec: TransformSpec
    name: str
    fun: Value
    argnums: tuple[int, ...] | None
    allow_int: bool
    site: Span
    #: flax nnx.grad: the filter of the Variables it differentiates
    wrt: Any = None
    #: the `holomorphic=` given: False (the default), True, or None when not a constant
    holomorphic: bool | None = False
    #: the `has_aux=` given: False (the default), True, or None when not a constant; with
    #: True only the first item of `fun`'s output is differentiated (the rest is auxiliary)
    has_aux: bool | None = False
    #: cached hash: the incremental analysis looks each one up in several tables per version
    #: (its structural hash walks its spec, site and function)
    _hash: int = field(default=0, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        h = self._hash
        if not h:
            h = (
                hash(
                    (self.spec, self.name, self.fun, self.argnums, self.allow_int, self.site,
                     self.wrt, self.holomorphic, self.has_aux)
                )
                or 1
            )
            object.__setattr__(self, "_hash", h)
        return h


@dataclass(frozen=True, slots=True)
class Wrapper:
    """jit / vmap / checkpoint / named_call applied to `fun`: calls it, with a twist."""

    kind: str
    fun: Value
    static: frozenset[int] = EMPTY
    static_names: frozenset[str] = EMPTY
    #: for vmap: which positional arguments are batched (`in_axes`, per leaf for a pytree
    #: prefix: `higher_order._axes_spec`); None: all of them; () when `in_axes` cannot be
    #: read (then no argument is known to be batched)
    batched: tuple[Any, ...] | None = None
    name: str = ""
    #: for closure_convert's function: how many leading arguments are `fun`'s own (the rest
    #: are the hoisted constants, which stand for what `fun` closes over), and the marks
    #: its closure carried when converted (the constants passed in replace them)
    arity: int = 0
    hoisted: frozenset = EMPTY
    #: for flax linen's lifted vmap of a function taking a module first (kind "linen_vmap")
    lifted: LiftedVmap | None = None


# eq=False: equal and hashed by identity, with object's hash (computed in C, not a Python
# `__hash__`: a join hashes every object it holds, millions per repository)
@dataclass(eq=False)
class CustomFn:
    """A `custom_jvp`, `custom_vjp` or `custom_vmap` function; rules are attached after
    creation."""

    kind: str  # "jvp" | "vjp" | "vmap"
    primal: Value
    nondiff: tuple[int, ...] = ()
    jvp_rule: Value | None = None
    jvps: tuple[Value, ...] | None = None
    fwd: Value | None = None
    bwd: Value | None = None
    #: equinox's filter_custom_vjp has other fwd/bwd signatures: treat as an opaque boundary
    opaque_rules: bool = False
    #: `defvjp(..., symbolic_zeros=True)` (or a value not known to be False): fwd gets its
    #: primals wrapped in `CustomVJPPrimal`s
    symbolic_zeros: bool = False
    name: str = ""
    #: `nondiff_argnames` whose positions are not known: the rules' arguments are not either
    nondiff_unknown: bool = False
    #: a custom_vmap's rule (`def_vmap`): what a vmap of it runs instead of the function
    vmap_rule: Value | None = None


@dataclass(frozen=True, slots=True)
class RuleSetter:
    """`f.defjvp`, `f.defjvps`, `f.defvjp`, `f.def_vmap`: attaches rules to a CustomFn when
    called."""

    target: CustomFn
    which: str


@dataclass(frozen=True, slots=True)
class LiftedVmap:
    """flax linen's lifted `nn.vmap` (a module class's `__call__`, or a function taking a
    module first): which positional arguments it batches (`in_axes`, as `Wrapper.batched`),
    and whether `variable_axes` maps the module's parameters (then what they compute is
    batched; with `None`, or no entry, they are shared)."""

    batched: tuple[Any, ...] | None
    params: bool
    name: str


# eq=False: equal and hashed by identity, with object's hash (computed in C, not a Python
# `__hash__`: a join hashes every object it holds, millions per repository)
@dataclass(eq=False)
class ClassObj:
    name: str
    node: ast.ClassDef
    attrs: dict[str, Value] = field(default_factory=dict)
    bases: list[Value] = field(default_factory=list)
    linen: bool = False
    #: fields declared static (`eqx.field(static=True)`): structure, not leaves
    static_fields: set[str] = field(default_factory=set)
    #: registered as a pytree (flax.struct.dataclass, register_dataclass, ...): its fields
    #: are leaves
    pytree: bool = False
    #: wrapped by a lifted remat (`nn.remat(Block)`): its instances' calls are checkpointed
    remat: bool = False
    #: wrapped by lifted vmaps (`nn.vmap(Block, ...)`), innermost first: its instances'
    #: calls run under their batch levels
    vmaps: tuple[LiftedVmap, ...] = ()
    #: the fields `jax.tree_util.register_dataclass` declares data (leaves): traced under jit
    data_fields: set[str] = field(default_factory=set)
    #: an enumeration's members, by name (`python/enums.py`): instances of the class
    members: dict[str, Value] = field(default_factory=dict)
    #: its own fields' `default_factory=` (`dataclasses.field(default_factory=f)`): called
    #: for each instance its arguments leave the field to
    factories: dict[str, Value] = field(default_factory=dict)
    #: its metaclass, when a class of the workspace (given, or its bases')
    metaclass: ClassObj | None = None
    #: a library's record class (a pydantic model, an attrs class): the library model's
    #: description of its fields (`HOOKS.record_class`), which makes its instances
    record: Any = None
    #: made by a `class` statement on a certain path of the module's statements, so one
    #: object at run time: a store into it there replaces its attribute (a class-level switch
    #: `Ledger.sequential = True`; `python/certain_paths.py`); `version` counts those
    #: replacements (a memoised call given the class is keyed on it)
    singular: bool = field(default=False, compare=False)
    version: int = field(default=0, compare=False)

    def is_pytree(self, seen: frozenset = EMPTY) -> bool:
        if self.pytree:
            return True
        return any(
            (isinstance(f, ClassObj) and f not in seen and f.is_pytree(seen | {self}))
            or (isinstance(f, Api) and f.name in HOOKS.pytree_bases)
            for b in self.bases
            for f in b.fns
        )

    def tuple_fields(self, seen: frozenset = EMPTY) -> tuple[str, ...] | None:
        """A `typing.NamedTuple` class's fields in order (its instances are tuples of them);
        None for any other class."""
        for b in self.bases:
            for f in b.fns:
                if isinstance(f, Api) and f.name == "typing.NamedTuple":
                    return tuple(
                        s.target.id
                        for s in self.node.body
                        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                    )
                if isinstance(f, ClassObj) and f not in seen:
                    fields = f.tuple_fields(seen | {self})
                    if fields is not None:
                        return fields
        return None

    def is_static_field(self, name: str, seen: frozenset = EMPTY) -> bool:
        if name in self.static_fields:
            return True
        return any(
            isinstance(f, ClassObj) and f not in seen and f.is_static_field(name, seen | {self})
            for b in self.bases
            for f in b.fns
        )

    def mro(self) -> list[ClassObj] | None:
        """Its method resolution order over the workspace's classes (C3, as Python's
        `__mro__`; bases that are not classes of the workspace, `object` or a library's
        class, left out); None where the bases do not tell (a base of several values), C3
        finds no order (Python rejects such a class) or the hierarchy is too deep."""
        return _c3(self, 0)

    def lookup(self, name: str, seen: frozenset = EMPTY) -> Value | None:
        if name in self.attrs:
            return self.attrs[name]
        for b in self.bases:
            for f in b.fns:
                if isinstance(f, ClassObj) and f not in seen:
                    found = f.lookup(name, seen | {self})
                    if found is not None:
                        return found
        return None


def _c3(cls: ClassObj, depth: int) -> list[ClassObj] | None:
    if depth > 32:
        return None
    direct: list[ClassObj] = []
    for base in cls.bases:
        classes = [f for f in base.fns if type(f) is ClassObj]
        if (classes and len(classes) != len(base.fns)) or len(classes) > 1:
            return None  # a base that may be one class or another: no one order
        direct += classes
    seqs: list[list[ClassObj]] = []
    for b in direct:
        m = _c3(b, depth + 1)
        if m is None:
            return None
        seqs.append(m)
    seqs.append(direct)
    out = [cls]
    while True:
        seqs = [q for q in seqs if q]
        if not seqs:
            return out
        head = next((q[0] for q in seqs if not any(q[0] in r[1:] for r in seqs)), None)
        if head is None:
            return None
        out.append(head)
        seqs = [q[1:] if q[0] is head else q for q in seqs]


# eq=False: equal and hashed by identity, with object's hash (computed in C, not a Python
# `__hash__`: a join hashes every object it holds, millions per repository)
@dataclass(eq=False)
class Instance:
    cls: ClassObj
    attrs: dict[str, Value] = field(default_factory=dict)
    #: attributes holding a flax nnx Variable: its type chain (nnx_filters.type_chain), or
    #: nnx_filters.PLAIN for a plain array; nnx.grad's filter decides on them
    var_kinds: dict[str, Any] = field(default_factory=dict)
    #: the fields of a pytree instance its construction gave an array JAX makes
    #: (`Euler(n=jnp.asarray(20))`): data leaves, traced under jit like the class's own
    #: `data_fields`
    array_fields: set[str] = field(default_factory=set)
    #: made once on a certain path of the module's statements, so one object at run time: a
    #: store into it there replaces its attribute (`python/certain_paths.py`); `version`
    #: counts those replacements (a memoised call on it is keyed on it)
    singular: bool = False
    version: int = 0

    def data_leaf(self, name: str) -> bool:
        """Whether the field `name` is an array leaf of this pytree instance."""
        return name in self.cls.data_fields or name in self.array_fields


@dataclass(frozen=True, slots=True)
class ArrayMethod:
    """`x.name` on an array-like value, not yet called."""

    name: str
    receiver: Value


@dataclass(frozen=True, slots=True, eq=False)
class Pullback:
    """The function `vjp`/`linearize`/`linear_transpose` returns: calling it runs the
    transpose-time checks of its level."""

    level: Level


@dataclass(frozen=True, slots=True)
class Decorator:
    """`functools.wraps(f)`: returns its argument unchanged when applied."""

    kind: str


@dataclass(frozen=True, slots=True, eq=False)
class SuperOf:
    """`super()` in a method of `cls`: attributes are looked up past `cls`, bound to `self`."""

    cls: ClassObj
    self_value: Value
