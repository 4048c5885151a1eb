"""The JAX API surface as data: every function the analysis knows, by canonical qualified name.

Adding a spelling (a new alias, a library's wrapper) is a row here, not a branch in the
interpreter. Each row says what kind of thing the name is (a transform, a callback, a
higher-order wrapper, a tangent killer, ...) and the facts the interpreter needs about it.
"""

from __future__ import annotations

from dataclasses import dataclass

FORWARD = "forward"
REVERSE = "reverse"
TRANSPOSE = "transpose"


@dataclass(frozen=True)
class TransformSpec:
    """A differentiation transform.

    `shape` says how it is called:
      "fn"        transform(fun, argnums=...)(*args): grad, jacfwd, ...
      "jvp"       transform(fun, primals, tangents)
      "vjp"       transform(fun, *primals) -> (out, pullback)
      "linearize" transform(fun, *primals) -> (out, f_jvp)
      "transpose" transform(fun, *primals) -> transposed function
      "check"     check_grads(f, args, order, modes=...)
    """

    shape: str
    mode: str
    #: default differentiated positional arguments for shape "fn"; None means all
    argnums: tuple[int, ...] | None = (0,)
    #: whether `argnums=` may override the default
    has_argnums: bool = True
    #: jacfwd/jacrev/hessian push a batch of tangents through vmap
    batched: bool = False
    #: the transform rejects integer inputs (for JAX010), with this name in the message
    int_check: str = ""
    #: for "fn": a second, outer transform applied around this one (hessian = jacfwd . jacrev)
    outer: TransformSpec | None = None


_JACREV = TransformSpec("fn", REVERSE, batched=True, int_check="jacrev")
_JACFWD = TransformSpec("fn", FORWARD, batched=True, int_check="jacfwd")

TRANSFORMS: dict[str, TransformSpec] = {
    "jax.grad": TransformSpec("fn", REVERSE, int_check="grad"),
    "jax.value_and_grad": TransformSpec("fn", REVERSE, int_check="value_and_grad"),
    "jax.jacrev": _JACREV,
    "jax.jacfwd": _JACFWD,
    "jax.hessian": TransformSpec("fn", REVERSE, batched=True, int_check="jacfwd", outer=_JACFWD),
    "jax.vjp": TransformSpec("vjp", REVERSE, argnums=None, has_argnums=False),
    "jax.jvp": TransformSpec("jvp", FORWARD, argnums=None, has_argnums=False),
    "jax.linearize": TransformSpec("linearize", FORWARD, argnums=None, has_argnums=False),
    "jax.linear_transpose": TransformSpec("transpose", TRANSPOSE, argnums=None, has_argnums=False),
    "jax.test_util.check_grads": TransformSpec("check", REVERSE, argnums=None, has_argnums=False),
    # equinox differentiates the floating leaves of the first argument only
    "equinox.filter_grad": TransformSpec("fn", REVERSE, has_argnums=False),
    "equinox.filter_value_and_grad": TransformSpec("fn", REVERSE, has_argnums=False),
    "equinox.filter_jvp": TransformSpec("jvp", FORWARD, argnums=None, has_argnums=False),
    "equinox.filter_vjp": TransformSpec("vjp", REVERSE, argnums=None, has_argnums=False),
    "flax.nnx.grad": TransformSpec("fn", REVERSE),
    "flax.nnx.value_and_grad": TransformSpec("fn", REVERSE),
}


#: The last components of the transforms' names: a function whose text mentions none of these
#: (nor a module function that does) cannot apply a transform.
TRANSFORM_SHORT_NAMES: frozenset[str] = frozenset(
    {q.rpartition(".")[2] for q in TRANSFORMS} | {"jacobian", "check_grads", "custom_root"}
)


@dataclass(frozen=True)
class CallbackSpec:
    """A host callback: `kind` is "pure", "io" or "debug" (debug callbacks are always safe)."""

    kind: str
    #: index of the first operand among the positional arguments
    operand_start: int
    #: keyword arguments that configure the callback rather than feed it
    config_keywords: frozenset[str]


_PURE_KW = frozenset({"sharding", "vmap_method", "vectorized"})

CALLBACKS: dict[str, CallbackSpec] = {
    "jax.pure_callback": CallbackSpec("pure", 2, _PURE_KW),
    "jax.experimental.io_callback": CallbackSpec("io", 2, frozenset({"sharding", "ordered"})),
    "jax.debug.callback": CallbackSpec("debug", 1, frozenset({"ordered", "partitioned"})),
    "jax.debug.print": CallbackSpec("debug", 1, frozenset({"ordered"})),
}

#: Higher-order functions. The value names how the interpreter applies them.
HIGHER_ORDER: dict[str, str] = {
    # wrappers that return a function behaving like their argument
    "jax.jit": "jit",
    "jax.pmap": "jit",
    "jax.vmap": "vmap",
    "jax.named_call": "same",
    "equinox.filter_jit": "jit",
    "equinox.filter_vmap": "vmap",
    "equinox.filter_pmap": "jit",
    "flax.nnx.jit": "jit",
    "flax.nnx.vmap": "vmap",
    "flax.linen.jit": "same",
    "flax.linen.vmap": "same",
    "jax.checkpoint": "checkpoint",
    "equinox.filter_checkpoint": "checkpoint",
    "flax.nnx.remat": "checkpoint",
    "flax.linen.remat": "checkpoint",
    "functools.partial": "partial",
    "jax.tree_util.Partial": "partial",
    "functools.wraps": "wraps",
    "functools.update_wrapper": "update_wrapper",
    "functools.lru_cache": "same_or_decorator",
    "functools.cache": "same",
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
    "jax.lax.custom_root": "custom_root",
    "jax.lax.custom_linear_solve": "custom_linear_solve",
    # custom derivative rules
    "jax.custom_jvp": "custom_jvp",
    "jax.custom_vjp": "custom_vjp",
    "equinox.filter_custom_jvp": "custom_jvp",
    "equinox.filter_custom_vjp": "eqx_custom_vjp",
    "flax.nnx.custom_vjp": "custom_vjp",
}

#: Canonical spellings: an alias on the left is the thing on the right.
ALIASES: dict[str, str] = {
    "jax.remat": "jax.checkpoint",
    "jax.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax.ad_checkpoint.remat": "jax.checkpoint",
    "jax.jacobian": "jax.jacrev",
    "jax.tree.map": "jax.tree_util.tree_map",
    "jax.tree_map": "jax.tree_util.tree_map",
    "jax.numpy.stop_gradient": "jax.lax.stop_gradient",
    "jax.experimental.io_callback.io_callback": "jax.experimental.io_callback",
    "jax._src.callback.pure_callback": "jax.pure_callback",
    "jax._src.callback.io_callback": "jax.experimental.io_callback",
    "flax.nnx.checkpoint": "flax.nnx.remat",
    "flax.linen.checkpoint": "flax.linen.remat",
    "flax.nnx.custom_jvp": "jax.custom_jvp",
    "equinox.nn.Module": "equinox.Module",
    "flax.linen.module.Module": "flax.linen.Module",
}

#: Functions whose result carries no tangent at all, whatever their inputs.
TANGENT_KILLERS: frozenset[str] = frozenset(
    {
        "jax.lax.stop_gradient",
        # zero-derivative numerics
        "jax.numpy.floor",
        "jax.numpy.ceil",
        "jax.numpy.round",
        "jax.numpy.around",
        "jax.numpy.rint",
        "jax.numpy.trunc",
        "jax.numpy.fix",
        "jax.numpy.sign",
        "jax.lax.floor",
        "jax.lax.ceil",
        "jax.lax.round",
        "jax.lax.sign",
        "jax.numpy.zeros_like",
        "jax.numpy.ones_like",
        "jax.numpy.empty_like",
        "jax.numpy.zeros",
        "jax.numpy.ones",
        "jax.numpy.empty",
        "jax.numpy.eye",
        "jax.numpy.arange",
        "jax.numpy.linspace",
        "jax.numpy.identity",
        "jax.numpy.floor_divide",
        "jax.numpy.heaviside",
        # integer and boolean results
        "jax.numpy.argmax",
        "jax.numpy.argmin",
        "jax.numpy.argsort",
        "jax.numpy.argwhere",
        "jax.numpy.nonzero",
        "jax.numpy.flatnonzero",
        "jax.numpy.searchsorted",
        "jax.numpy.count_nonzero",
        "jax.numpy.digitize",
        "jax.numpy.bincount",
        "jax.lax.argmax",
        "jax.lax.argmin",
        "jax.numpy.isnan",
        "jax.numpy.isinf",
        "jax.numpy.isfinite",
        "jax.numpy.isclose",
        "jax.numpy.allclose",
        "jax.numpy.array_equal",
        "jax.numpy.any",
        "jax.numpy.all",
        "jax.numpy.greater",
        "jax.numpy.greater_equal",
        "jax.numpy.less",
        "jax.numpy.less_equal",
        "jax.numpy.equal",
        "jax.numpy.not_equal",
        "jax.numpy.logical_and",
        "jax.numpy.logical_or",
        "jax.numpy.logical_not",
        "jax.numpy.logical_xor",
        "jax.numpy.signbit",
        "jax.nn.one_hot",
        # shapes, dtypes and sizes
        "jax.numpy.shape",
        "jax.numpy.ndim",
        "jax.numpy.size",
        "jax.numpy.result_type",
        "jax.numpy.dtype",
        "jax.numpy.iinfo",
        "jax.numpy.finfo",
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
    }
)

#: Module prefixes whose every function yields tangent-free results (PRNG, dtypes).
KILLER_PREFIXES: tuple[str, ...] = ("jax.random.", "jax.dtypes.")

#: Names that, passed as a dtype, make a cast integer or boolean (and so tangent-free).
INTEGER_DTYPES: frozenset[str] = frozenset(
    {
        f"{mod}.{t}"
        for mod in ("jax.numpy", "numpy")
        for t in (
            "int8",
            "int16",
            "int32",
            "int64",
            "uint8",
            "uint16",
            "uint32",
            "uint64",
            "bool_",
            "bool",
            "integer",
            "int_",
            "uint",
        )
    }
    | {"builtins.int", "builtins.bool"}
)
INTEGER_DTYPE_STRINGS: frozenset[str] = frozenset(
    {
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "bool",
        "int",
        "uint",
        "i1",
        "i2",
        "i4",
        "i8",
        "u1",
        "u2",
        "u4",
        "u8",
    }
)

#: Casts: a call of these with an integer dtype (positional index or `dtype=`) kills tangents.
CASTS: dict[str, int] = {
    "jax.numpy.asarray": 1,
    "jax.numpy.array": 1,
    "jax.numpy.astype": 1,
    "jax.lax.convert_element_type": 1,
}

#: Integer dtype constructors used as functions: `jnp.int32(x)`.
INT_CONSTRUCTORS: frozenset[str] = frozenset(
    d for d in INTEGER_DTYPES if not d.endswith((".integer", ".bool"))
)

#: `jnp.where(cond, a, b)`: the condition carries no tangent into the result.
WHERE_LIKE: frozenset[str] = frozenset({"jax.numpy.where", "jax.lax.select"})

#: Base classes that make a class a flax linen module (`model.apply(params, x)`).
LINEN_MODULE_BASES: frozenset[str] = frozenset({"flax.linen.Module"})

#: Array methods and attributes whose result carries no tangent.
KILLER_METHODS: frozenset[str] = frozenset(
    {
        "argmax",
        "argmin",
        "argsort",
        "nonzero",
        "any",
        "all",
        "round",
        "floor",
        "ceil",
        "__len__",
        "tolist",
        "item",
    }
)
KILLER_ATTRIBUTES: frozenset[str] = frozenset(
    {"shape", "ndim", "dtype", "size", "sharding", "aval", "weak_type", "itemsize", "nbytes"}
)


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
    return name in TANGENT_KILLERS or name.startswith(KILLER_PREFIXES)


#: APIs that trace a function to a jaxpr or to shapes without lowering or running it: errors JAX
#: raises only when lowering or executing (a non-batched jvp of a custom_vjp function) do not
#: happen under them. Value: whether the function is returned wrapped (`make_jaxpr(f)(x)`) or
#: called with the remaining arguments (`eval_shape(f, x)`).
TRACE_ONLY: dict[str, str] = {
    "jax.make_jaxpr": "wrapped",
    "jax.eval_shape": "called",
}

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
    "jax._src.custom_derivatives": ("custom_gradient", "custom_jvp", "custom_vjp"),
    "jax._src.ad_checkpoint": ("checkpoint", "remat"),
}
ALIASES.update(
    {
        f"{module}.{name}": canonical(f"jax.{name}")
        for module, names in PRIVATE_REEXPORTS.items()
        for name in names
    }
)
