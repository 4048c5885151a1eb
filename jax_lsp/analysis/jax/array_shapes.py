"""The shapes and dtypes JAX's and NumPy's constructors give, where their arguments are known.

`MAKERS` set `Value.arr` (`analysis/array_facts.py`) on what a call returns:
`jnp.array([[1.0, 2.0]])`, `zeros((2, 3))`, `full`, `*_like`, `arange`, `linspace`, `eye`,
`reshape`, `atleast_1d`, `astype`, `pad`, `jax.random.normal(key, shape)`,
`jax.ShapeDtypeStruct(shape, dtype)`. `READERS` answer calls that only read them (`len(x)`,
`np.ndim(x)`, `jnp.result_type(x)`, `jnp.issubdtype(x.dtype, jnp.floating)`, `jnp.finfo(d)`,
`np.dtype(d)`).

JAX's default dtypes follow the x64 flag (`jnp.array(1.0)` is float32, float64 under
`jax_enable_x64`), and JAX narrows a 64-bit dtype it is asked for when the flag is off
(`jnp.zeros(2, np.float64)` is float32). The flag is known where `config_flags` knows it;
off in a module whose text never names it; else unknown, and so is every dtype it decides.
NumPy's defaults are float64 and int64 whatever the flag. A statement that asked the flag is
never replayed from an earlier analysis's record (it counts as an impure effect).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis import array_facts
from jax_lsp.analysis.array_facts import KINDS, ArrayFacts, DType, TypeInfo
from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.values import NOCONST, Api, Value

_FLAG = "jax_enable_x64"

#: the 64-bit dtypes JAX narrows when the x64 flag is off
_NARROWED = {"float64": "float32", "int64": "int32", "uint64": "uint32",
             "complex128": "complex64"}


def x64(ev: Any) -> bool | None:
    """The x64 flag where the analysis knows it (see the module's docstring)."""
    # a statement whose value the flag decided is run again after an edit, never replayed
    # from a record (`incremental/replay.py`, as `config_flags.read`): the edit may set it
    ev.impure_effects += 1
    v = ev.jax_flags.get(_FLAG, None)
    if v is NOCONST:
        return None
    if v is not None:
        return bool(v)
    return None if ev.module.names_x64 else False


def _jax_dtype(ev: Any, name: str | None) -> str | None:
    """The dtype JAX makes when asked for `name`."""
    if name is None or name not in _NARROWED:
        return name
    wide = x64(ev)
    return None if wide is None else name if wide else _NARROWED[name]


#: Python's scalar types as dtypes, by kind
_PY_KINDS = {"builtins.float": "f", "builtins.int": "i", "builtins.bool": "b",
             "builtins.complex": "c"}


def _default(kind: str, jax: bool, ev: Any) -> str | None:
    """The default dtype of a kind: NumPy's, or JAX's (x64 flag)."""
    name = {"b": "bool", "i": "int64", "f": "float64", "c": "complex128"}[kind]
    return _jax_dtype(ev, name) if jax else name


def _dtype_arg(ev: Any, v: Value | None, jax: bool) -> tuple[bool, str | None]:
    """(given, dtype) of a `dtype=` argument: not given (None, or absent), or the dtype it
    names (None when not known)."""
    if v is None or v.const is None:
        return False, None
    if len(v.fns) == 1 and type(v.fns[0]) is Api and v.fns[0].name in _PY_KINDS:
        return True, _default(_PY_KINDS[v.fns[0].name], jax, ev)
    name = array_facts.dtype_named(v)
    return True, (_jax_dtype(ev, name) if jax else name)


def _shape_arg(v: Value | None) -> tuple[int, ...] | None:
    """A shape argument: an int, or a tuple or list of ints."""
    if v is None:
        return None
    c = v.const
    if type(c) is int and c >= 0:
        return (c,)
    if isinstance(c, (tuple, list)) and all(type(i) is int and i >= 0 for i in c):
        return tuple(c)
    if v.items is not None and v.keys is None and all(
            type(i.const) is int and i.const >= 0 for i in v.items):
        return tuple(i.const for i in v.items)
    return None


_KIND_ORDER = "bifc"


def _literal(v: Value, depth: int = 0) -> tuple[tuple[int, ...] | None, str | None] | None:
    """(shape, kind) of an array's literal contents: a Python number, nested lists or
    tuples of them, arrays whose facts are known; None when the contents are not known
    (the kind None when the items' dtypes are not all known)."""
    c = v.const
    if type(c) in (bool, int, float, complex) and not v.fns:
        return (), {bool: "b", int: "i", float: "f", complex: "c"}[type(c)]
    if v.arr is not None:
        return v.arr.shape, None  # (stacked arrays: their dtypes' promotion is not followed)
    if depth > 8 or v.keys is not None or v.fns:
        return None
    if v.items is not None:
        parts = [_literal(i, depth + 1) for i in v.items]
    elif isinstance(c, (tuple, list)):
        parts = [_literal(Value(const=i), depth + 1) for i in c]
    else:
        return None
    if any(p is None or p[0] is None for p in parts):
        return None
    shapes = {p[0] for p in parts if p is not None}
    if len(shapes) > 1:
        return None  # ragged: JAX raises
    inner = shapes.pop() if shapes else ()
    kinds = [p[1] for p in parts if p is not None]
    kind = None if any(k is None for k in kinds) else (
        max(kinds, key=_KIND_ORDER.index) if kinds else "f")  # type: ignore[arg-type]
    return (len(parts), *inner), kind  # type: ignore[misc]


def _array(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`array(obj, dtype=None)` / `asarray`."""
    obj = args.get(0, "object" if jax else "object")
    if obj is None:
        obj = args.get(0, "a")
    if obj is None:
        return None
    given, dtype = _dtype_arg(ev, args.get(1, "dtype"), jax)
    if obj.arr is not None:
        shape = obj.arr.shape
        if not given:
            dtype = _jax_dtype(ev, obj.arr.dtype) if jax else obj.arr.dtype
        return ArrayFacts(shape, dtype)
    lit = _literal(obj)
    if lit is None:
        return ArrayFacts(None, dtype) if given else None
    shape, kind = lit
    if not given:
        dtype = _default(kind, jax, ev) if kind is not None else None
    return ArrayFacts(shape, dtype)


def _filled(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`zeros(shape, dtype=None)`, `ones`, `empty`."""
    given, dtype = _dtype_arg(ev, args.get(1, "dtype"), jax)
    if not given:
        dtype = _default("f", jax, ev)
    return ArrayFacts(_shape_arg(args.get(0, "shape")), dtype)


def _full(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`full(shape, fill_value, dtype=None)`."""
    given, dtype = _dtype_arg(ev, args.get(2, "dtype"), jax)
    if not given:
        fill = args.get(1, "fill_value")
        lit = _literal(fill) if fill is not None else None
        dtype = _default(lit[1], jax, ev) if lit is not None and lit[1] is not None and (
            lit[0] == ()) else None
    return ArrayFacts(_shape_arg(args.get(0, "shape")), dtype)


def _like(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`zeros_like(a, dtype=None)` and its kin: `a`'s shape and dtype."""
    a = args.get(0, "a")
    if a is None or a.arr is None:
        return None
    at = 2 if args.get(1, "fill_value") is not None else 1
    given, dtype = _dtype_arg(ev, args.kw.get("dtype") or (
        args.pos[at] if len(args.pos) > at else None), jax)
    return ArrayFacts(a.arr.shape, dtype if given else a.arr.dtype)


def _arange(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`arange(stop)`, `arange(start, stop[, step])` of known numbers."""
    if args.kw.keys() - {"dtype"} or args.star is not None:
        return None
    nums = [v.const for v in args.pos]
    if not nums or len(nums) > 3 or any(type(n) not in (int, float) for n in nums):
        return None
    start, stop, step = (0, nums[0], 1) if len(nums) == 1 else (
        nums[0], nums[1], nums[2] if len(nums) == 3 else 1)
    if step == 0:
        return None
    n = max(0, math.ceil((stop - start) / step))
    given, dtype = _dtype_arg(ev, args.kw.get("dtype"), jax)
    if not given:
        dtype = _default("f" if any(type(x) is float for x in nums) else "i", jax, ev)
    return ArrayFacts((n,), dtype)


def _linspace(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`linspace(start, stop, num=50, ...)` of scalar bounds."""
    num = args.get(2, "num")
    n = 50 if num is None else num.const
    bounds = [args.get(0, "start"), args.get(1, "stop")]
    if type(n) is not int or n < 0 or any(
            b is None or type(b.const) not in (int, float) for b in bounds):
        return None
    if args.get(4, "retstep") is not None or args.get(6, "axis") is not None:
        return None
    given, dtype = _dtype_arg(ev, args.get(5, "dtype"), jax)
    return ArrayFacts((n,), dtype if given else _default("f", jax, ev))


def _eye(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`eye(N, M=None, ...)`, `identity(n)`."""
    n = args.get(0, "N")
    if n is None:
        n = args.get(0, "n")
    m = args.get(1, "M")
    if n is None or type(n.const) is not int:
        return None
    cols = n.const if m is None or m.const is None else m.const
    if type(cols) is not int:
        return None
    given, dtype = _dtype_arg(ev, args.kw.get("dtype"), jax)
    return ArrayFacts((n.const, cols), dtype if given else _default("f", jax, ev))


def reshaped(a: ArrayFacts | None, shape: tuple[int, ...] | None) -> ArrayFacts | None:
    """`a` reshaped to `shape` (one -1 inferred from a known size)."""
    if a is None:
        return None
    if shape is not None and shape.count(-1) == 1:
        if a.shape is None:
            shape = None
        else:
            rest = math.prod(i for i in shape if i != -1)
            size = math.prod(a.shape)
            shape = tuple(size // rest if i == -1 else i for i in shape) if rest and (
                size % rest == 0) else None
    elif shape is not None and (any(i < 0 for i in shape) or (
            a.shape is not None and math.prod(shape) != math.prod(a.shape))):
        shape = None  # (JAX raises)
    return ArrayFacts(shape, a.dtype)


def _new_shape(v: Value | None) -> tuple[int, ...] | None:
    if v is None:
        return None
    c = v.const
    if type(c) is int:
        return (c,)
    if isinstance(c, tuple) and all(type(i) is int for i in c):
        return c
    if v.items is not None and v.keys is None and all(type(i.const) is int for i in v.items):
        return tuple(i.const for i in v.items)
    return None


def _reshape(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`reshape(a, shape)`."""
    a = args.get(0, "a")
    return reshaped(a.arr if a is not None else None, _new_shape(args.get(1, "shape")))


def _atleast_1d(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`atleast_1d(x)` of one array: a 0-d one gets one axis."""
    if len(args.pos) != 1 or args.kw:
        return None
    a = args.pos[0]
    facts = a.arr
    if facts is None:
        lit = _literal(a)
        if lit is None or lit[0] is None:
            return None
        facts = ArrayFacts(lit[0], _default(lit[1], jax, ev) if lit[1] else None)
    shape = facts.shape
    return ArrayFacts((1,) if shape == () else shape, facts.dtype)


def _pad(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`pad(a, pad_width)`: each axis widened by its known widths (an int for every side,
    a `(before, after)` pair for every axis, or one pair per axis), whatever the mode; the
    dtype kept."""
    a, width = args.get(0, "array"), args.get(1, "pad_width")
    if a is None or a.arr is None or a.arr.shape is None or width is None or width.traced:
        return None
    shape, w = a.arr.shape, width.const
    if type(w) is int:
        pairs = [(w, w)] * len(shape)
    elif isinstance(w, tuple) and len(w) == 2 and all(type(i) is int for i in w):
        pairs = [w] * len(shape)
    elif isinstance(w, tuple) and len(w) == len(shape) and all(
            isinstance(p, tuple) and len(p) == 2 and all(type(i) is int for i in p) for p in w):
        pairs = list(w)
    else:
        return None
    if any(i < 0 for p in pairs for i in p):
        return None  # (NumPy and JAX raise)
    return ArrayFacts(tuple(n + b + e for n, (b, e) in zip(shape, pairs)), a.arr.dtype)


def _astype(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`jnp.astype(x, dtype)`: its shape, the dtype asked for."""
    a = args.get(0, "x")
    given, dtype = _dtype_arg(ev, args.get(1, "dtype"), jax)
    if a is None or not given:
        return None
    return ArrayFacts(a.arr.shape if a.arr is not None else None, dtype)


def astype_method(ev: Any, recv: Value, args: Args) -> ArrayFacts | None:
    """`x.astype(dtype)`: a NumPy array keeps a 64-bit dtype JAX would narrow, so a
    narrowed dtype is known only when the flag is on or the dtype is not one of those."""
    given, dtype = _dtype_arg(ev, args.get(0, "dtype"), False)
    if not given:
        return None
    if dtype in _NARROWED and x64(ev) is not True:
        dtype = None
    if dtype is None and recv.arr is None:
        return None
    return ArrayFacts(recv.arr.shape if recv.arr is not None else None, dtype)


def reshape_method(recv: Value, args: Args) -> ArrayFacts | None:
    """`x.reshape(shape)` / `x.reshape(*shape)`."""
    if args.kw or args.star is not None:
        return None
    if len(args.pos) == 1:
        return reshaped(recv.arr, _new_shape(args.pos[0]))
    dims = [v.const for v in args.pos]
    return reshaped(recv.arr, tuple(dims) if dims and all(type(d) is int for d in dims)
                    else None)


def _random(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`jax.random.normal(key, shape=(), dtype=float)` and its kin."""
    shape_v = args.get(1, "shape")
    shape = () if shape_v is None else _shape_arg(shape_v)
    given, dtype = _dtype_arg(ev, args.get(2, "dtype"), True)
    return ArrayFacts(shape, dtype if given else _default("f", True, ev))


def _struct(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`jax.ShapeDtypeStruct(shape, dtype)`: it is read as an array is."""
    given, dtype = _dtype_arg(ev, args.get(1, "dtype"), True)
    return ArrayFacts(_shape_arg(args.get(0, "shape")), dtype if given else None)


#: NumPy's ufuncs of one operand that JAX also has (`np.ufunc`, `nin == 1`, `nout == 1`:
#: tests/analysis/test_array_facts.py checks the list against NumPy): elementwise, so the
#: result has the operand's shape; a float operand keeps its dtype except where noted
UNARY_UFUNCS = frozenset({
    "abs", "absolute", "acos", "acosh", "arccos", "arccosh", "arcsin", "arcsinh", "arctan",
    "arctanh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "conj", "conjugate", "cos",
    "cosh", "deg2rad", "degrees", "exp", "exp2", "expm1", "fabs", "floor", "isfinite",
    "isinf", "isnan", "log", "log10", "log1p", "log2", "logical_not", "negative", "positive",
    "rad2deg", "radians", "reciprocal", "rint", "sign", "signbit", "sin", "sinh", "sqrt",
    "square", "tan", "tanh", "trunc",
})
#: ... and of two operands: the operands' broadcast shape
BINARY_UFUNCS = frozenset({
    "add", "arctan2", "atan2", "copysign", "divide", "equal", "float_power", "floor_divide",
    "fmax", "fmin", "fmod", "greater", "greater_equal", "heaviside", "hypot", "less",
    "less_equal", "logaddexp", "logaddexp2", "logical_and", "logical_or", "logical_xor",
    "maximum", "minimum", "mod", "multiply", "nextafter", "not_equal", "power", "remainder",
    "subtract", "true_divide",
})
#: the ones whose result is not of a float operand's dtype (bool; `float_power` is float64)
_NOT_DTYPE_KEEPING = frozenset({
    "isfinite", "isinf", "isnan", "logical_not", "signbit", "equal", "greater",
    "greater_equal", "less", "less_equal", "logical_and", "logical_or", "logical_xor",
    "not_equal", "float_power",
})


def _ufunc(name: str) -> Callable[[Any, Args, bool], "ArrayFacts | None"]:
    """A ufunc called with its operands alone (no `out=`, `where=`, `dtype=`): their
    broadcast shape (each an array whose shape is known, or a Python number); the dtype
    when every array operand has one float dtype (a Python number gives way to it)."""
    keeps = name not in _NOT_DTYPE_KEEPING

    def facts(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
        if args.kw or args.star is not None or args.dstar is not None:
            return None
        shapes, dtypes = [], set()
        for v in args.pos:
            if v.arr is not None:
                if v.arr.shape is None:
                    return None
                shapes.append(v.arr.shape)
                dtypes.add(v.arr.dtype)
            elif type(v.const) in (int, float) and not v.fns and not v.traced:
                shapes.append(())
            else:
                return None
        if not dtypes:
            return None  # (Python numbers alone: a scalar, not an array)
        shape: tuple[int, ...] | None = ()
        for s in shapes:
            shape = array_facts.broadcast(shape, s) if shape is not None else None
        dtype = dtypes.pop() if len(dtypes) == 1 else None
        if not keeps or dtype is None or KINDS[dtype] != "f":
            dtype = None
        return ArrayFacts(shape, dtype)

    return facts


def _rfft(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`fft.rfft(a)` along the last axis, no `n=`: `n // 2 + 1` complex points there."""
    a = args.get(0, "a")
    if len(args.pos) != 1 or args.kw or a is None or a.arr is None or not a.arr.shape:
        return None
    shape = a.arr.shape
    return ArrayFacts(shape[:-1] + (shape[-1] // 2 + 1,), None)


def _fft(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`fft.fft(a)` / `ifft(a)` with no `n=`: the operand's shape (complex)."""
    a = args.get(0, "a")
    if len(args.pos) != 1 or args.kw or a is None or a.arr is None or not a.arr.shape:
        return None
    return ArrayFacts(a.arr.shape, None)


#: what `np.random.default_rng(seed)` / `np.random.RandomState(seed)` make, as an API name:
#: a NumPy random generator, whose sampling methods are `MAKERS` (`rng.normal(size=(4,))`)
GENERATOR = "numpy.random.Generator()"
GENERATOR_MAKERS = frozenset({"numpy.random.default_rng", "numpy.random.RandomState"})

#: NumPy's samplers (a generator's methods, the legacy `np.random` functions): where their
#: `size=` argument is, and the dtype they make
_SAMPLERS: dict[str, tuple[int, str]] = {
    "normal": (2, "float64"), "uniform": (2, "float64"), "standard_normal": (0, "float64"),
    "random": (0, "float64"), "exponential": (1, "float64"), "laplace": (2, "float64"),
    "logistic": (2, "float64"), "lognormal": (2, "float64"), "gamma": (2, "float64"),
    "beta": (2, "float64"), "standard_exponential": (0, "float64"),
    "random_sample": (0, "float64"), "integers": (2, "int64"), "poisson": (1, "int64"),
}


def _sampler(size_at: int, dtype: str) -> Callable[[Any, Args, bool], "ArrayFacts | None"]:
    """A NumPy sampler: an array of `size=`'s shape (an int or a tuple of ints) where it is
    given (`dtype=` not, which `standard_normal` and `random` take); nothing otherwise (a
    scalar, or the parameters' broadcast shape)."""

    def facts(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
        if args.star is not None or args.dstar is not None or args.kw.keys() - {
                "size", "loc", "scale", "low", "high", "lam", "shape", "a", "b", "mean",
                "sigma"}:
            return None
        size = args.get(size_at, "size")
        if size is None or size.const is None:
            return None
        shape = _shape_arg(size)
        return None if shape is None else ArrayFacts(shape, dtype)

    return facts


def _dims(ev: Any, args: Args, jax: bool) -> ArrayFacts | None:
    """`np.random.rand(2, 3)` / `randn`: an array of the dimensions given (float64)."""
    if args.kw or args.star is not None or not args.pos:
        return None
    dims = [v.const for v in args.pos]
    if not all(type(d) is int and d >= 0 for d in dims):
        return None
    return ArrayFacts(tuple(dims), "float64")  # type: ignore[arg-type]


_Maker = Callable[[Any, Args, bool], "ArrayFacts | None"]

#: the constructors, by canonical name: (what they make, whether JAX's rules apply)
MAKERS: dict[str, tuple[_Maker, bool]] = {}
for _mod, _jax in (("jax.numpy", True), ("numpy", False)):
    for _name, _fn in (
        ("array", _array), ("asarray", _array), ("zeros", _filled), ("ones", _filled),
        ("empty", _filled), ("full", _full), ("zeros_like", _like), ("ones_like", _like),
        ("empty_like", _like), ("full_like", _like), ("arange", _arange),
        ("linspace", _linspace), ("eye", _eye), ("identity", _eye), ("reshape", _reshape),
        ("atleast_1d", _atleast_1d), ("astype", _astype), ("pad", _pad),
    ):
        MAKERS[f"{_mod}.{_name}"] = (_fn, _jax)
    for _name in UNARY_UFUNCS | BINARY_UFUNCS:
        MAKERS[f"{_mod}.{_name}"] = (_ufunc(_name), _jax)
    MAKERS[f"{_mod}.fft.rfft"] = (_rfft, _jax)
    MAKERS[f"{_mod}.fft.fft"] = (_fft, _jax)
    MAKERS[f"{_mod}.fft.ifft"] = (_fft, _jax)
for _name in ("normal", "uniform"):
    MAKERS[f"jax.random.{_name}"] = (_random, True)
for _name, (_at, _dtype) in _SAMPLERS.items():
    for _owner in (GENERATOR, "numpy.random"):
        MAKERS[f"{_owner}.{_name}"] = (_sampler(_at, _dtype), False)
for _owner in (GENERATOR, "numpy.random"):
    MAKERS[f"{_owner}.rand"] = MAKERS[f"{_owner}.randn"] = (_dims, False)
MAKERS["jax.ShapeDtypeStruct"] = (_struct, True)


def made(ev: Any, name: str, args: Args, out: Value) -> Value:
    """`out` (the call's value) with the facts its constructor gives."""
    maker, jax = MAKERS[name]
    facts = maker(ev, args, jax)
    return array_facts.with_facts(out, facts)


# ------------------------------------------------------------------------------- readers


def _one(args: Args) -> Value | None:
    return args.pos[0] if len(args.pos) == 1 and not args.kw and args.star is None else None


def _dtype_of(ev: Any, v: Value, jax: bool) -> str | None:
    """The dtype `v` is or has: an array's, a dtype's (`x.dtype`, `np.float64`)."""
    if v.arr is not None:
        d = v.arr.dtype
    else:
        d = array_facts.dtype_named(v)
    return _jax_dtype(ev, d) if jax else d


def _read(ev: Any, name: str, args: Args) -> Value | None:
    short = name.rpartition(".")[2]
    jax = name.startswith("jax.")
    if short in ("len", "str") and not name.startswith("builtins."):
        return None
    if short == "len" or short in ("ndim", "shape", "size"):
        v = _one(args)
        if v is None:
            return None
        if short == "len":
            return array_facts.length(v)
        return array_facts.attribute(v, short)
    if short == "str":
        v = _one(args)
        return Value(const=v.const.name) if v is not None and type(v.const) is DType else None
    if short == "result_type":
        v = _one(args)
        d = _dtype_of(ev, v, jax) if v is not None else None
        return Value(const=DType(d)) if d is not None else None
    if short == "dtype":
        v = _one(args)
        d = array_facts.dtype_named(v) if v is not None else None
        return Value(const=DType(d)) if d is not None else None
    if short in ("finfo", "iinfo"):
        v = _one(args)
        d = _dtype_of(ev, v, jax) if v is not None else None
        if d is None or (KINDS[d] in "fc") != (short == "finfo") or d == "bfloat16":
            return None
        return Value(const=TypeInfo(d))
    if short == "issubdtype" and len(args.pos) == 2 and not args.kw:
        d = _dtype_of(ev, args.pos[0], False)
        if d is None or (d == "bfloat16" and not jax):
            return None
        known = array_facts.subdtype(d, args.pos[1])
        return None if known is None else Value(const=known, intish=True)
    return None


#: the calls answered from what is known of their operands, by canonical name
READERS: frozenset[str] = frozenset(
    {"builtins.len", "builtins.str"}
    | {f"{m}.{n}" for m in ("numpy", "jax.numpy") for n in (
        "ndim", "shape", "size", "result_type", "dtype", "finfo", "iinfo", "issubdtype")}
)


def read(ev: Any, name: str, args: Args) -> Value | None:
    """The value of a reading call where its operands' facts answer it; else None."""
    return _read(ev, name, args)
