"""The JAX API surface as data: every function the analysis knows, by canonical qualified name.

Adding a spelling (a new alias, a library's wrapper) is a row here, not a branch in the
interpreter. Each row says what kind of thing the name is (a transform, a callback, a
higher-order wrapper, a tangent killer, ...) and the facts the interpreter needs about it.
"""

from __future__ import annotations

from jax_lsp.analysis import libraries
from jax_lsp.analysis.jax import apitable
from jax_lsp.analysis.jax.modes import FORWARD, REVERSE, TRANSPOSE  # noqa: F401 - the modes
from jax_lsp.analysis.jax.specs import CallbackSpec, TransformSpec

_JACREV = TransformSpec("fn", REVERSE, batched=True, int_check="jacrev")
_JACFWD = TransformSpec("fn", FORWARD, batched=True, int_check="jacfwd")

TRANSFORMS: dict[str, TransformSpec] = {
    "jax.grad": TransformSpec("fn", REVERSE, int_check="grad"),
    "jax.value_and_grad": TransformSpec("fn", REVERSE, int_check="grad"),
    "jax.jacrev": _JACREV,
    "jax.jacfwd": _JACFWD,
    "jax.hessian": TransformSpec("fn", REVERSE, batched=True, int_check="jacfwd", outer=_JACFWD),
    "jax.vjp": TransformSpec("vjp", REVERSE, argnums=None, has_argnums=False),
    "jax.jvp": TransformSpec("jvp", FORWARD, argnums=None, has_argnums=False),
    "jax.linearize": TransformSpec("linearize", FORWARD, argnums=None, has_argnums=False),
    "jax.linear_transpose": TransformSpec("transpose", TRANSPOSE, argnums=None, has_argnums=False),
    "jax.test_util.check_grads": TransformSpec("check", REVERSE, argnums=None, has_argnums=False),
    # the libraries' (`libraries/`): equinox's filter transforms, optax's, flax nnx's
    **libraries.rows("TRANSFORMS"),
}


#: The last components of the transforms' names: a function whose text mentions none of these
#: (nor a module function that does) cannot apply a transform.
TRANSFORM_SHORT_NAMES: frozenset[str] = frozenset(
    {q.rpartition(".")[2] for q in TRANSFORMS} | {"jacobian", "check_grads", "custom_root"}
)


_PURE_KW = frozenset({"sharding", "vmap_method", "vectorized"})

CALLBACKS: dict[str, CallbackSpec] = {
    "jax.pure_callback": CallbackSpec("pure", 2, _PURE_KW, removed_unused=True),
    "jax.experimental.io_callback": CallbackSpec("io", 2, frozenset({"sharding", "ordered"})),
    "jax.debug.callback": CallbackSpec("debug", 1, frozenset({"ordered", "partitioned"})),
    "jax.debug.print": CallbackSpec("debug", 1, frozenset({"ordered"})),
}

#: Higher-order functions. The value names how the interpreter applies them.
HIGHER_ORDER: dict[str, str] = {
    # wrappers that return a function behaving like their argument
    "jax.jit": "jit",
    "jax.pmap": "jit",
    # a function of each shard, traced once for all of them (a one-device mesh included)
    "jax.shard_map": "jit",
    "jax.vmap": "vmap",
    "jax.named_call": "same",
    "jax.checkpoint": "checkpoint",
    "functools.partial": "partial",
    # calling what it makes with an object calls that object's method of the name given
    "operator.methodcaller": "methodcaller",
    # a partial whose instance is bound first, when read through an instance
    "functools.partialmethod": "partialmethod",
    "jax.tree_util.Partial": "partial",
    "functools.wraps": "wraps",
    "functools.update_wrapper": "update_wrapper",
    "functools.lru_cache": "same_or_decorator",
    "functools.cache": "same",
    # `op = staticmethod(host)` in a class body: what the decorator form makes
    "builtins.staticmethod": "descriptor",
    "builtins.classmethod": "descriptor",
    "builtins.property": "descriptor",
    # a property whose value is computed once per instance: read as a property (each read
    # runs its function, what the first read does)
    "functools.cached_property": "descriptor",
    # control flow
    "jax.lax.scan": "scan",
    "jax.lax.fori_loop": "fori_loop",
    "jax.lax.while_loop": "while_loop",
    "jax.lax.cond": "cond",
    "jax.lax.switch": "switch",
    "jax.lax.map": "map",
    "jax.lax.associative_scan": "map",
    "jax.tree_util.tree_map": "tree_map",
    "builtins.map": "tree_map",
    "functools.reduce": "reduce",
    # `await asyncio.to_thread(f, *args, **kw)` runs `f(*args, **kw)` in a worker thread
    "asyncio.to_thread": "apply",
    "jax.lax.custom_root": "custom_root",
    "jax.lax.custom_linear_solve": "custom_linear_solve",
    # `converted, consts = closure_convert(fun, *example_args)`: fun with what it closes over
    # hoisted into explicit arguments (the way to hand a closure to a custom_vjp)
    "jax.closure_convert": "closure_convert",
    # custom derivative rules
    "jax.custom_jvp": "custom_jvp",
    "jax.custom_vjp": "custom_vjp",
    # a function whose vmap runs its own rule (`def_vmap`) instead of batching its body
    "jax.custom_batching.custom_vmap": "custom_vmap",
    # the libraries' wrappers, loops and custom rules (`libraries/`)
    **libraries.rows("HIGHER_ORDER"),
}

#: The last components of vmap's names, the wrappers JAX measured as mapping their function
#: (`vectorize`), and `lax.map`'s `batch_size`: a function that names one of these but no
#: differentiation transform is analysed as an entry point for JAX008 only (a pure_callback
#: without `vmap_method` fails under vmap with no derivative around).
BATCH_SHORT_NAMES: frozenset[str] = frozenset(
    {q.rpartition(".")[2] for q, kind in HIGHER_ORDER.items() if kind == "vmap"}
    | {q.rpartition(".")[2] for q in apitable.mapping_wrappers()}
    | {"batch_size"}
)

#: Canonical spellings: an alias on the left is the thing on the right.
ALIASES: dict[str, str] = {
    "jax.remat": "jax.checkpoint",
    "jax.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax.ad_checkpoint.remat": "jax.checkpoint",
    "jax.jacobian": "jax.jacrev",
    "jax.experimental.shard_map.shard_map": "jax.shard_map",
    "jax.tree.map": "jax.tree_util.tree_map",
    "jax.tree_map": "jax.tree_util.tree_map",
    "jax.numpy.stop_gradient": "jax.lax.stop_gradient",
    "jax.experimental.io_callback.io_callback": "jax.experimental.io_callback",
    "jax._src.callback.pure_callback": "jax.pure_callback",
    "jax._src.callback.io_callback": "jax.experimental.io_callback",
    # what jax.random.key calls once its `impl` is resolved: a typed key array
    "jax._src.random.prng.random_seed": "jax.random.key",
    **libraries.rows("ALIASES"),
}

#: Python's own functions whose result carries no tangent (static metadata, conversions that
#: leave traced code: `int(x)` on a tracer raises instead). JAX's functions are not listed here:
#: what they do to tangents is measured from JAX (`apitable`, scripts/gen_jax_api.py).
PYTHON_STATIC: frozenset[str] = frozenset(
    {
        "builtins.len",
        "builtins.isinstance",
        "builtins.type",
        "builtins.range",
        "builtins.print",
        "builtins.id",
        "builtins.hash",
        "builtins.str",
        "builtins.repr",
        "builtins.int",
        "builtins.bool",
        "builtins.round",
        "numpy.shape",
        "numpy.ndim",
        "numpy.size",
        # static metadata of an array: Python values (ints, tuples, dtypes), never arrays
        "jax.numpy.shape",
        "jax.numpy.ndim",
        "jax.numpy.size",
        "jax.numpy.result_type",
        "jax.numpy.dtype",
        "jax.numpy.iinfo",
        "jax.numpy.finfo",
    }
)

#: The static metadata of a Python scalar (int, float, bool, complex), which a jit or vmap
#: traces as a 0-d array: `np.ndim(0.05)` is 0, `np.size(0.05)` 1 and `np.shape(0.05)` (),
#: so a branch on them (`in_axes=None if np.ndim(lr) == 0 else 0`) is decided (measured:
#: NumPy and jax.numpy, eager and on a tracer of the scalar; tests/analysis/test_enum_flags.py)
SCALAR_METADATA: dict[str, int | tuple[()]] = {
    "numpy.ndim": 0,
    "jax.numpy.ndim": 0,
    "numpy.size": 1,
    "jax.numpy.size": 1,
    "numpy.shape": (),
    "jax.numpy.shape": (),
}

#: Field declarations that can make a dataclass field static (`static=True`,
#: `pytree_node=False`).
FIELD_FUNCTIONS: frozenset[str] = (
    frozenset({"dataclasses.field"}) | libraries.names("FIELD_FUNCTIONS")
)

#: Class decorators and base classes that make a class a pytree (its fields are leaves).
PYTREE_CLASS_DECORATORS: frozenset[str] = frozenset(
    {
        "jax.tree_util.register_dataclass",
        "jax.tree_util.register_pytree_node_class",
    }
) | libraries.names("PYTREE_CLASS_DECORATORS")
#: The decorator whose class says in `tree_flatten` which attributes are aux data (static).
PYTREE_NODE_CLASS = "jax.tree_util.register_pytree_node_class"
#: Functions registering a class as a pytree, saying which of its attributes are static.
PYTREE_REGISTRATIONS: frozenset[str] = frozenset(
    {"jax.tree_util.register_pytree_node", "jax.tree_util.register_dataclass"}
)
PYTREE_BASES: frozenset[str] = frozenset({"typing.NamedTuple"}) | libraries.names("PYTREE_BASES")

#: flax nnx's Variable types, filtered transforms and graph nodes (`libraries/flax_nnx`)
NNX_VARIABLE_BASES: dict[str, str] = libraries.flax_nnx.VARIABLE_BASES
PARAM_ONLY_TRANSFORMS: frozenset[str] = libraries.flax_nnx.PARAM_ONLY_TRANSFORMS
NNX_GRAPH_BASES: frozenset[str] = libraries.flax_nnx.GRAPH_BASES

#: Python builtins that look at a function without ever calling it.
NON_CALLING_BUILTINS: frozenset[str] = frozenset(
    f"builtins.{n}"
    for n in ("callable", "print", "isinstance", "type", "id", "repr", "str", "hash", "dir",
              "vars", "format", "bool")
)

#: Python functions whose results are Python ints (a `range`'s elements too).
PYTHON_INT_RESULTS: frozenset[str] = frozenset({"builtins.len", "builtins.range"})

#: Module prefixes whose every function describes dtypes, not arrays.
KILLER_PREFIXES: tuple[str, ...] = ("jax.dtypes.",)


def _dtype_names(kinds: frozenset[str]) -> frozenset[str]:
    """The measured jax.numpy dtype names of these kinds, and numpy's names of the same
    dtypes (`np.int32` is `jnp.int32`'s dtype; tests/analysis/test_jax_api_table.py checks
    every numpy name against numpy)."""
    names = {
        n for n, k in apitable.dtype_kinds().items() if k in kinds and not n.startswith("'")
    }
    return frozenset(names | {f"numpy.{n[len('jax.numpy.'):]}" for n in names
                              if n.startswith("jax.numpy.")})


#: Names that, passed as a dtype, make a cast integer or boolean (and so tangent-free); and the
#: same as strings ("int32", "i4"). Measured: numpy's and jax.numpy's dtypes by their kind.
INTEGER_DTYPES: frozenset[str] = _dtype_names(frozenset({"int", "bool"}))
INTEGER_DTYPE_STRINGS: frozenset[str] = frozenset(
    n.strip("'")
    for n, k in apitable.dtype_kinds().items()
    if k in ("int", "bool") and n.startswith("'")
)

#: Integer dtype constructors used as functions: `jnp.int32(x)`.
INT_CONSTRUCTORS: frozenset[str] = frozenset(
    d for d in INTEGER_DTYPES if not d.endswith((".integer", ".bool"))
)

#: The parameters of a JAX function that set its result's dtype.
DTYPE_PARAMS: tuple[str, ...] = ("dtype", "new_dtype")

#: Base classes that make a class a flax linen module (`libraries/flax_linen`).
LINEN_MODULE_BASES: frozenset[str] = libraries.flax_linen.MODULE_BASES

#: Array methods that leave traced code (`x.item()`, `x.tolist()` raise on a tracer) or ask
#: Python for a size; the others are measured (`jax.Array.<name>` rows of the table).
PYTHON_STATIC_METHODS: frozenset[str] = frozenset({"__len__", "tolist", "item"})
KILLER_ATTRIBUTES: frozenset[str] = frozenset(
    {"shape", "ndim", "dtype", "size", "sharding", "aval", "weak_type", "itemsize", "nbytes"}
)

#: The `x.at[i].<name>(...)` updates whose result has `x`'s dtype (an integer or PRNG key array
#: stays one; checked under JAX 0.10.2: `divide` gives floats, a float value set into an
#: integer array is cast to it).
DTYPE_KEEPING_AT_METHODS: frozenset[str] = frozenset(
    {"set", "add", "subtract", "multiply", "mul", "power", "min", "max", "apply", "get"}
)



#: the transforms (by their name in JAX's message) that reject a PRNG key input with the
#: message they give integers (checked under JAX 0.10.2; jacfwd and hessian say otherwise)
KEY_REJECTING_CHECKS = frozenset({"grad", "jacrev"})


def int_input_error(int_check: str) -> str:
    """What JAX says when transform `int_check` gets an integer input (jacfwd wants floats)."""
    if int_check == "jacfwd":
        return "jacfwd requires real-valued inputs"
    return f"{int_check or 'grad'} requires real- or complex-valued inputs"


def canonical(qualname: str) -> str:
    """The canonical spelling of a qualified name (follows ALIASES, also for prefixes)."""
    if qualname in ALIASES:
        return ALIASES[qualname]
    head, _, tail = qualname.rpartition(".")
    while head:
        if head in ALIASES:
            return f"{ALIASES[head]}.{tail}"
        head, _, more = head.rpartition(".")
        tail = f"{more}.{tail}"
    return qualname


def is_killer(name: str) -> bool:
    """Whether `name`'s result never carries a tangent, whatever its arguments."""
    if name in PYTHON_STATIC or name.startswith(KILLER_PREFIXES):
        return True
    f = apitable.facts(name)
    return f is not None and f.tangent_free


def is_killer_method(name: str) -> bool:
    """Whether the array method `x.name(...)` returns a tangent-free result (argmax, round)."""
    if name in PYTHON_STATIC_METHODS:
        return True
    f = apitable.facts(f"jax.Array.{name}")
    return f is not None and f.tangent_free


def method_facts(name: str) -> apitable.ApiFacts | None:
    return apitable.facts(f"jax.Array.{name}")


#: APIs that trace a function to a jaxpr or to shapes without lowering or running it: errors JAX
#: raises only when lowering or executing (a non-batched jvp of a custom_vjp function) do not
#: happen under them. Value: whether the function is returned wrapped (`make_jaxpr(f)(x)`) or
#: called with the remaining arguments (`eval_shape(f, x)`).
TRACE_ONLY: dict[str, str] = {
    "jax.make_jaxpr": "wrapped",
    "jax.eval_shape": "called",
}

#: Context managers that change how JAX evaluates the code inside them, and the evaluator's
#: context fields they set (see `interp_state.Ctx`): `ensure_compile_time_eval` computes the
#: operations on concrete operands eagerly even inside jit (`jitted` off) or a trace-only
#: transform (`compile_time_eval`: a callback on concrete operands runs there); `disable_jit`
#: runs jit and lax loops as Python (`jit_disabled` on).
EVALUATION_CONTEXTS: dict[str, tuple[tuple[str, bool], ...]] = {
    "jax.ensure_compile_time_eval": (("jitted", False), ("compile_time_eval", True)),
    "jax.disable_jit": (("jit_disabled", True),),
}

#: The steps of JAX's ahead-of-time staging, by the kind of the evaluator's `Wrapper` a method
#: is read from and the method's name: the kind of the `Wrapper` it gives (its `fun` the
#: jitted function), which `higher_order.HigherOrder.call_wrapper` calls. A jitted function's
#: `lower(x)` traces and lowers it (errors of lowering happen, like in a call) and gives a
#: `Lowered`, `trace(x)` only traces it and gives a `Traced`, `eval_shape(x)` only traces it;
#: `Traced.lower()` gives a `Lowered` and `Lowered.compile()` the executable, which runs as
#: the jitted function when called. None of the steps runs a callback's host, the executable's
#: call does (measured on JAX 0.10.2).
STAGING_METHODS: dict[tuple[str, str], str] = {
    ("jit", "lower"): "lowering",
    ("jit", "trace"): "tracing",
    ("jit", "eval_shape"): "trace_only",
    ("traced", "lower"): "lower_traced",
    ("lowered", "compile"): "compile",
}

#: Keyword arguments a transformed function consumes itself, not passing them to the function
#: it differentiates (optax's `value_and_grad_from_state(f)(params, state=...)`).
OWN_KEYWORDS: dict[str, frozenset[str]] = libraries.rows("OWN_KEYWORDS")

#: JAX's private modules whose functions are the public ones under the same name (JAX's own
#: tests write `from jax._src import api; api.jvp(...)`). Each pair checked on JAX 0.10.2:
#: `jax._src.api.jvp is jax.jvp`.
PRIVATE_REEXPORTS: dict[str, tuple[str, ...]] = {
    "jax._src.api": (
        "eval_shape",
        "grad",
        "hessian",
        "jacfwd",
        "jacobian",
        "jacrev",
        "jit",
        "jvp",
        "linear_transpose",
        "linearize",
        "make_jaxpr",
        "named_call",
        "value_and_grad",
        "vjp",
        "vmap",
    ),
    "jax._src.custom_derivatives": (
        "closure_convert",
        "custom_gradient",
        "custom_jvp",
        "custom_vjp",
    ),
    "jax.custom_derivatives": ("closure_convert",),
    "jax._src.ad_checkpoint": ("checkpoint", "remat"),
}
ALIASES.update(
    {
        f"{module}.{name}": canonical(f"jax.{name}")
        for module, names in PRIVATE_REEXPORTS.items()
        for name in names
    }
)
