"""Array shapes and dtypes, known where the code makes them known.

A value may carry `ArrayFacts` (`Value.arr`): its shape (a tuple of ints, or None) and its
dtype (numpy's name, or None). The constructors whose arguments are known set them
(`jax/array_shapes.py`: `jnp.zeros((2, 3))`, `np.array([1.0, 2.0], dtype=np.float32)`,
`jax.ShapeDtypeStruct(x.shape, x.dtype)`); what this module does with them is Python's and
NumPy's own arithmetic, the same for a NumPy array and a JAX one: `.shape`, `.ndim`, `.size`,
`.dtype`, `.T` and `len()` read them, an elementwise operator broadcasts them, and a
comparison of dtypes (`x.dtype == np.float64`) is decided. Anything not known stays unknown:
a branch is never decided on a guessed shape. A value with no facts costs one `is None` test
where they are read.

A dtype read from an array is a `DType` constant; `jnp.finfo(d)` / `iinfo(d)` a `TypeInfo`.
The names, their kinds and sizes are numpy's (tests/analysis/test_array_facts.py checks them
against the installed numpy and JAX).
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass

from jax_lsp.analysis.values import NOCONST, Api, Value


@dataclass(frozen=True, slots=True)
class ArrayFacts:
    """What is known of an array: its shape and its dtype's name (each None when not)."""

    shape: tuple[int, ...] | None
    dtype: str | None


#: a 0-d array whose dtype is not followed (a Python number JAX made an array of)
SCALAR = ArrayFacts((), None)


@dataclass(frozen=True, slots=True)
class DType:
    """A dtype as a constant (`x.dtype`, `jnp.result_type(x)`), by numpy's name."""

    name: str

    def __str__(self) -> str:
        return self.name  # (as numpy's: `str(x.dtype)` is "float32")


@dataclass(frozen=True, slots=True)
class TypeInfo:
    """`jnp.finfo(d)` / `jnp.iinfo(d)` of a known dtype: its `bits` and `dtype` are known."""

    dtype: str


#: numpy's dtype names (and JAX's bfloat16) with their kind: b(ool), i(nt), u(int),
#: f(loat), c(omplex), as `np.dtype(name).kind` says
KINDS: dict[str, str] = {
    "bool": "b",
    "int8": "i", "int16": "i", "int32": "i", "int64": "i",
    "uint8": "u", "uint16": "u", "uint32": "u", "uint64": "u",
    "float16": "f", "float32": "f", "float64": "f", "bfloat16": "f",
    "complex64": "c", "complex128": "c",
}

#: the abstract scalar types `issubdtype` tests against, by the kinds they cover
GENERIC_KINDS: dict[str, str] = {
    "generic": "biufc", "number": "iufc", "integer": "iu", "signedinteger": "i",
    "unsignedinteger": "u", "inexact": "fc", "floating": "f", "complexfloating": "c",
}

#: a dtype named through the modules that export it (`np.float32`, `jnp.int8`, `np.bool_`)
DTYPE_APIS: dict[str, str] = {
    **{f"{m}.{n}": n for m in ("numpy", "jax.numpy") for n in KINDS if n != "bfloat16"},
    "jax.numpy.bfloat16": "bfloat16",
    "numpy.bool_": "bool", "jax.numpy.bool_": "bool",
}

#: the abstract types through the same modules (`jnp.floating`)
GENERIC_APIS: dict[str, str] = {
    f"{m}.{g}": g for m in ("numpy", "jax.numpy") for g in GENERIC_KINDS
}


def itemsize(name: str) -> int:
    """The bytes of one element of the dtype `name`."""
    if name == "bool":
        return 1
    digits = "".join(ch for ch in name if ch.isdigit())
    return int(digits) // 8


# ------------------------------------------------------------------------------- reading


def _int(i: int) -> Value:
    return Value(const=i, intish=True)


def shape_value(shape: tuple[int, ...]) -> Value:
    """A shape as Python holds it: a tuple of ints, its items known."""
    return Value(items=tuple(_int(i) for i in shape), const=shape, intish=True)


def attribute(obj: Value, name: str) -> Value | None:
    """`obj.name` from what is known of `obj` (an array's facts, a dtype, a finfo); None when
    the facts do not answer."""
    facts = obj.arr
    if facts is not None:
        shape = facts.shape
        if name == "shape" and shape is not None:
            return shape_value(shape)
        if name == "ndim" and shape is not None:
            return _int(len(shape))
        if name == "size" and shape is not None:
            return _int(math.prod(shape))
        if name == "dtype" and facts.dtype is not None:
            return Value(const=DType(facts.dtype))
        if name in ("T", "mT") and (shape is not None or facts.dtype is not None):
            new = None if shape is None else (
                shape[::-1] if name == "T" else shape[:-2] + shape[:-3:-1]
                if len(shape) >= 2 else None)
            return Value(tan=obj.tan, traced=obj.traced, intish=obj.intish,
                         arr=ArrayFacts(new, facts.dtype))
        return None
    c = obj.const
    if type(c) is DType:
        if name == "itemsize":
            return _int(itemsize(c.name))
        if name == "name":
            return Value(const=c.name)
        if name == "kind":
            return Value(const=KINDS[c.name] if c.name != "bfloat16" else "V")
        return None
    if type(c) is TypeInfo:
        if name == "bits":
            return _int(8 * itemsize(c.dtype))
        if name == "dtype":
            return Value(const=DType(c.dtype))
    return None


def length(v: Value) -> Value | None:
    """`len(v)` of an array whose shape is known and not 0-d."""
    if v.arr is not None and v.arr.shape:
        return _int(v.arr.shape[0])
    return None


def dtype_named(v: Value) -> str | None:
    """The dtype `v` names: a `DType` constant, `np.float32` / `jnp.int8`, a string of a
    known name (`"float32"`). Python's types are left to the caller (JAX and NumPy read
    `float` differently)."""
    c = v.const
    if type(c) is DType:
        return c.name
    if type(c) is str:
        return c if c in KINDS else None
    if len(v.fns) == 1 and type(v.fns[0]) is Api:
        return DTYPE_APIS.get(v.fns[0].name)
    return None


def compare(ops: list[ast.cmpop], vals: list[Value]) -> bool | None:
    """`a == b` / `a != b` where one side is a known `DType` and the other names a dtype
    (`x.dtype == np.float64`, `x.dtype != "float32"`); None otherwise."""
    if len(vals) != 2 or type(ops[0]) not in (ast.Eq, ast.NotEq):
        return None
    if type(vals[0].const) is not DType and type(vals[1].const) is not DType:
        return None
    a, b = dtype_named(vals[0]), dtype_named(vals[1])
    if a is None or b is None:
        return None
    return (a == b) == (type(ops[0]) is ast.Eq)


def subdtype(a: str, generic: Value) -> bool | None:
    """`issubdtype(a, generic)` of a known dtype `a`: against an abstract type
    (`jnp.floating`) or another dtype; None when `generic` is neither."""
    if len(generic.fns) == 1 and type(generic.fns[0]) is Api:
        g = GENERIC_APIS.get(generic.fns[0].name)
        if g is not None:
            return KINDS[a] in GENERIC_KINDS[g]
    b = dtype_named(generic)
    return None if b is None else a == b


# ------------------------------------------------------------------------------- arithmetic


def broadcast(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """NumPy's broadcast of two shapes; None when they do not broadcast (the operation
    raises: nothing is known of its result)."""
    out = []
    for i in range(max(len(a), len(b))):
        x = a[len(a) - 1 - i] if i < len(a) else 1
        y = b[len(b) - 1 - i] if i < len(b) else 1
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)
    return tuple(reversed(out))


_ELEMENTWISE = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


def _operand(v: Value) -> tuple[tuple[int, ...] | None, str | None, bool] | None:
    """(shape, dtype, weak) of an operand: an array's facts, or a Python number (a 0-d
    operand whose type gives way to the array's: `x * 2.0` keeps `x`'s float32), known or
    one of `choices` all of one type."""
    if v.arr is not None:
        return v.arr.shape, v.arr.dtype, False
    if v.fns or v.traced:
        return None
    # a known number, or one of a few known ones of a single type (a loop's `for t in range(2)`)
    kinds = ({type(v.const)} if v.const is not NOCONST
             else {type(c) for c in v.choices} if v.choices else set())
    if len(kinds) == 1 and (kind := kinds.pop()) in (int, float, bool):
        return (), ("bool" if kind is bool else "int64" if kind is int else "float64"), True
    return None


def _result_dtype(a: str | None, aw: bool, b: str | None, bw: bool, op: ast.operator
                  ) -> str | None:
    """The dtype of `a op b` in the cases NumPy and JAX agree on without their promotion
    tables: equal dtypes, or an array with a Python number of its own kind (or an int with
    an inexact array); true division of integers is left unknown."""
    if a is None or b is None:
        return None
    if aw and bw:
        return None
    if aw:
        a, b, aw, bw = b, a, bw, aw
    ka = KINDS[a]
    if bw:
        kb = KINDS[b]
        if ka == "b":
            return None
        if ka in "iu":
            return a if kb in "bi" and type(op) is not ast.Div else None
        return a if kb in "bif" else None
    if a != b:
        return None
    return None if (KINDS[a] in "biu" and type(op) is ast.Div) else a


def binop(a: Value, b: Value, op: ast.operator, result: Value) -> Value:
    """`result` (the operation's value as the evaluator made it) with the facts `a op b`
    has: broadcast shapes, the dtype where it is plain (see `_result_dtype`)."""
    fa, fb = _operand(a), _operand(b)
    if fa is None or fb is None:
        return result
    sa, da, wa = fa
    sb, db, wb = fb
    if type(op) is ast.MatMult:
        shape = _matmul(sa, sb)
        dtype = da if da == db and not (wa or wb) else None
    elif isinstance(op, _ELEMENTWISE):
        shape = broadcast(sa, sb) if sa is not None and sb is not None else None
        dtype = _result_dtype(da, wa, db, wb, op)
    else:
        return result
    return with_facts(result, ArrayFacts(shape, dtype))


def _matmul(a: tuple[int, ...] | None, b: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if a is None or b is None or not a or not b:
        return None
    if len(a) == 1 and len(b) == 1:
        return () if a == b else None
    if len(b) == 1:
        return a[:-1] if a[-1] == b[0] else None
    if len(a) == 1:
        return b[:-2] + b[-1:] if a[0] == b[-2] else None
    if a[-1] != b[-2]:
        return None
    batch = broadcast(a[:-2], b[:-2])
    return None if batch is None else batch + (a[-2], b[-1])


def row(arr: ArrayFacts, index: Value) -> ArrayFacts | None:
    """The facts of `x[i]`, `i` a known int within `x`'s first axis (NumPy's and JAX's
    basic indexing alike): that axis dropped, the dtype kept; None for any other index."""
    c = index.const
    if arr.shape is None or not arr.shape or type(c) is not int or index.traced or (
            not -arr.shape[0] <= c < arr.shape[0]):
        return None
    return ArrayFacts(arr.shape[1:], arr.dtype)


def indexed(arr: ArrayFacts, at: ast.expr, index: Value) -> ArrayFacts | None:
    """The facts of `x[...]` by NumPy's and JAX's basic indexing with new axes, full slices
    and known ints (`x[None]`, `mus[:, None]`, `grid[0, :]`), `at` the index as written and
    `index` its value: a `None` adds an axis of length 1, a `:` keeps one, an int within
    its axis drops it, the axes left over are kept; None for any other index (an
    `Ellipsis`, a bounded slice, an array)."""
    if arr.shape is None:
        return None
    parts = at.elts if isinstance(at, ast.Tuple) else [at]
    values = index.items if isinstance(at, ast.Tuple) else (index,)
    if values is None or len(values) != len(parts):
        return None
    shape = arr.shape
    out: list[int] = []
    axis = 0
    for part, v in zip(parts, values):
        if isinstance(part, ast.Constant) and part.value is None:
            out.append(1)
        elif isinstance(part, ast.Slice) and part.lower is None and part.upper is None and (
                part.step is None):
            if axis >= len(shape):
                return None
            out.append(shape[axis])
            axis += 1
        elif type(v.const) is int and not v.traced and axis < len(shape) and (
                -shape[axis] <= v.const < shape[axis]):
            axis += 1
        else:
            return None
    return ArrayFacts((*out, *shape[axis:]), arr.dtype)


def sliced(arr: ArrayFacts, bounds: list[Value | None]) -> ArrayFacts | None:
    """The facts of `x[lo:hi:step]`, each bound a known int or left out (NumPy's and JAX's
    basic slicing alike: Python's slice of the first axis), the dtype kept; None otherwise."""
    if arr.shape is None or not arr.shape:
        return None
    ints: list[int | None] = []
    for b in bounds:
        if b is None or (b.const is None and not b.traced):
            ints.append(None)
        elif type(b.const) is int and not b.traced:
            ints.append(b.const)
        else:
            return None
    if ints[2] == 0:
        return None  # (Python raises)
    n = len(range(*slice(*ints).indices(arr.shape[0])))
    return ArrayFacts((n, *arr.shape[1:]), arr.dtype)


def with_facts(v: Value, facts: ArrayFacts | None) -> Value:
    """`v` carrying `facts` (unchanged when none is known)."""
    if facts is None or (facts.shape is None and facts.dtype is None):
        return v
    return Value(v.tan, v.fns, v.items, v.keys, v.const, v.traced, v.intish, v.choices,
                 v.prng_key, v.min_items, facts)
