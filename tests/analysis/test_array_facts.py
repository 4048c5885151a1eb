"""`analysis/array_facts.py` and `jax/array_shapes.py` against NumPy and JAX themselves: each
expression below is evaluated by the installed JAX (in a subprocess, with the x64 flag off,
on, and left alone) and by the evaluator; where the evaluator knows a value it is JAX's, and
the ones listed as known are known. What must stay unknown (an argument not known, a dtype the
flag decides when the flag is not known, a vmap's argument) is checked too."""

from __future__ import annotations

import ast
import json
import subprocess
import sys

import numpy as np
import pytest

from jax_lsp.analysis.array_facts import GENERIC_KINDS, KINDS, DType, TypeInfo, itemsize
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import NOCONST, Value

#: expressions the evaluator must know, with the x64 flag set either way or left alone
KNOWN = [
    "jnp.zeros((2, 3)).shape", "jnp.zeros(4).ndim", "jnp.ones((2, 3)).size",
    "jnp.zeros((2, 3)).dtype", "jnp.zeros(3, dtype=jnp.int32).dtype",
    "jnp.zeros(3, dtype=np.float64).dtype", "jnp.zeros(3, dtype=float).dtype",
    "jnp.zeros(3, dtype=int).dtype", "np.zeros(3, dtype=float).dtype",
    "jnp.array(1.0).dtype", "jnp.array(1.0).ndim", "jnp.array([[1.0, 2.0], [3.0, 4.0]]).shape",
    "jnp.array([1, 2, 3]).dtype", "jnp.array([True, False]).dtype",
    "jnp.array([1, 2.5]).dtype", "np.array([1, 2, 3]).dtype", "np.array([1.0, 2.0]).dtype",
    "np.array([1.0, 2.0], dtype=np.float32).dtype", "jnp.asarray(np.array([1.0, 2.0])).dtype",
    "jnp.asarray(np.array([1.0, 2.0])).shape", "np.asarray(jnp.zeros((2, 2))).shape",
    "jnp.full((2,), 3).dtype", "jnp.full((2,), 3.0).dtype", "jnp.full((2, 2), 1.0).shape",
    "jnp.zeros_like(jnp.zeros((3, 1))).shape", "jnp.ones_like(jnp.zeros(2), dtype=jnp.int32).dtype",
    "jnp.arange(5).shape", "jnp.arange(5).dtype", "jnp.arange(1.0, 2.0, 0.25).shape",
    "jnp.arange(2, 9, 3).shape", "np.arange(5).dtype", "jnp.linspace(0.0, 1.0, 7).shape",
    "jnp.linspace(0.0, 1.0).shape", "jnp.linspace(0, 1, 4).dtype", "jnp.eye(3).shape",
    "jnp.eye(2, 5).shape", "jnp.arange(12.0).reshape(3, 4).shape",
    "jnp.arange(12.0).reshape((2, -1)).shape", "jnp.reshape(jnp.zeros(6), (3, 2)).shape",
    "jnp.zeros((2, 3)).T.shape", "jnp.atleast_1d(jnp.array(2.0)).shape",
    "jnp.atleast_1d(jnp.zeros((2, 2))).shape", "jnp.zeros(3).astype(jnp.int32).dtype",
    "jnp.zeros((2, 3)).astype(jnp.float16).shape", "jnp.astype(jnp.zeros(3), jnp.int8).dtype",
    "(jnp.zeros((2, 1)) + jnp.ones(3)).shape", "(jnp.zeros((2, 3)) * 2.0).dtype",
    "(jnp.zeros(3, dtype=jnp.int32) + 1).dtype", "(jnp.zeros(3, dtype=jnp.int32) * 2).shape",
    "(jnp.zeros((4, 3)) @ jnp.ones((3, 2))).shape", "(jnp.zeros(3) @ jnp.ones((3, 2))).shape",
    "(jnp.zeros((4, 3)) @ jnp.ones(3)).shape", "(np.ones((2, 2)) / 2).dtype",
    "len(jnp.zeros((5, 2)))", "np.ndim(jnp.zeros((2, 2)))", "jnp.shape(jnp.zeros((2, 1)))",
    "np.size(jnp.zeros((2, 3)))", "jnp.zeros(2).dtype == jnp.float32",
    "jnp.zeros(2).dtype == np.float64", "jnp.zeros(2).dtype != 'float32'",
    "str(jnp.zeros(2, jnp.int8).dtype)",
    "jnp.result_type(jnp.zeros(2)) == jnp.float64", "jnp.result_type(np.float64) == jnp.float64",
    "jnp.issubdtype(jnp.zeros(2).dtype, jnp.floating)",
    "jnp.issubdtype(jnp.zeros(2, jnp.int32).dtype, jnp.integer)",
    "jnp.issubdtype(jnp.zeros(2, jnp.uint8).dtype, jnp.signedinteger)",
    "np.issubdtype(np.zeros(2).dtype, np.inexact)", "jnp.issubdtype(jnp.float32, jnp.number)",
    "jnp.finfo(jnp.zeros(2).dtype).bits", "jnp.finfo(jnp.float16).bits",
    "jnp.iinfo(jnp.int8).bits", "np.dtype(jnp.zeros(2, jnp.int16).dtype).itemsize",
    "jnp.zeros(2, jnp.complex64).dtype.kind", "jnp.zeros(3, jnp.bool_).dtype.name",
    "jax.ShapeDtypeStruct((2, 3), jnp.float32).shape",
    "jax.ShapeDtypeStruct((2, 3), jnp.float32).ndim",
    "jax.ShapeDtypeStruct((4,), jnp.int32).dtype",
    "jax.random.normal(jax.random.key(0), (2, 3)).shape",
    "jax.random.uniform(jax.random.key(0)).shape",
    "jax.jit(lambda x: x * 2.0)(jnp.zeros((3, 2))).shape",
    "jax.eval_shape(lambda x: x * 2.0, jax.ShapeDtypeStruct((5,), jnp.float32)).shape",
    # ufuncs (elementwise), fft, NumPy's samplers, math's and NumPy's float constants
    "jnp.tanh(jnp.zeros(3)).shape", "np.sin(np.linspace(0.0, 1.0, 24)).shape",
    "jnp.log1p(jnp.zeros((2, 3))).dtype", "np.exp(np.zeros(3, np.float32)).dtype",
    "jnp.isnan(jnp.zeros((2, 2))).shape", "jnp.maximum(jnp.zeros((2, 1)), jnp.ones(3)).shape",
    "np.maximum(np.zeros(3), 0.0).dtype", "jnp.minimum(1.0, jnp.zeros((4,))).shape",
    "jnp.fft.rfft(jnp.zeros(24)).shape", "jnp.fft.rfft(jnp.zeros((2, 7))).shape",
    "np.fft.fft(np.zeros(5)).shape", "np.random.default_rng(0).normal(size=(4,)).shape",
    "np.random.default_rng(0).uniform(-1, 1, size=(5, 2)).shape",
    "np.random.default_rng(1).standard_normal((2, 5)).dtype",
    "np.random.default_rng(1).integers(0, 5, size=3).dtype",
    "np.random.RandomState(0).normal(0.0, 1.0, 3).shape", "np.random.rand(2, 3).shape",
    "np.random.normal(size=4).shape", "(2 * np.pi * np.linspace(0.0, 1.0, 4)).shape",
    "np.pi > 3.14", "jnp.pi == np.pi", "jnp.inf > 1e308",
    "jnp.asarray(np.random.default_rng(0).normal(size=(2, 3))).dtype",
    "jax.lax.scan(lambda c, _: (c * 2.0, None), jnp.zeros((2, 3)), None, length=2)[0].shape",
    "jax.lax.scan(lambda c, _: (jnp.sin(c), None), jnp.zeros(2, jnp.float16), None, length=2)"
    "[0].dtype",
    # a row of a known array (`array_facts.row`): the first axis dropped, the dtype kept
    "jnp.zeros((2, 3))[0].shape", "np.zeros((4, 2), np.float32)[1].dtype",
    # basic indexing by new axes, full slices and ints (`array_facts.indexed`)
    "np.zeros(3)[None].shape", "np.zeros(3)[:, None].shape", "jnp.zeros((2, 3))[None, :, 1].shape",
    "np.zeros((2, 3))[1, :].shape", "np.zeros((2, 3))[:, None, :].dtype",
    "(np.linspace(0.0, 1.0, 16)[None] - np.zeros(3)[:, None]).shape",
]

#: the ones the x64 flag decides: known only where the flag is
FLAG_DEPENDENT = {
    "jnp.zeros((2, 3)).dtype", "jnp.zeros(3, dtype=np.float64).dtype",
    "jnp.zeros(3, dtype=float).dtype", "jnp.zeros(3, dtype=int).dtype", "jnp.array(1.0).dtype",
    "jnp.array([1, 2, 3]).dtype", "jnp.array([1, 2.5]).dtype",
    "jnp.asarray(np.array([1.0, 2.0])).dtype", "jnp.full((2,), 3).dtype",
    "jnp.full((2,), 3.0).dtype", "jnp.arange(5).dtype", "jnp.linspace(0, 1, 4).dtype",
    "(jnp.zeros((2, 3)) * 2.0).dtype", "jnp.zeros(2).dtype == jnp.float32",
    "jnp.zeros(2).dtype == np.float64", "jnp.zeros(2).dtype != 'float32'",
    "jnp.result_type(jnp.zeros(2)) == jnp.float64", "jnp.result_type(np.float64) == jnp.float64",
    "jnp.finfo(jnp.zeros(2).dtype).bits", "jnp.log1p(jnp.zeros((2, 3))).dtype",
    "jnp.asarray(np.random.default_rng(0).normal(size=(2, 3))).dtype",
}

#: what must stay unknown
UNKNOWN_EXPRS = [
    "jnp.zeros(n).shape", "jnp.zeros((2, n)).ndim", "jnp.array(xs).shape",
    "(jnp.zeros(3, dtype=jnp.int32) / 2).dtype", "(jnp.zeros(3, dtype=jnp.int32) * 2.5).dtype",
    "(jnp.zeros(3) + jnp.zeros(3, dtype=jnp.int32)).dtype", "(jnp.zeros(2) + jnp.zeros(3)).shape",
    "jnp.tanh(jnp.zeros(n)).shape",
    "jnp.sin(jnp.zeros(3, jnp.int32)).dtype", "jnp.maximum(jnp.zeros(2), jnp.zeros(3)).shape",
    "jnp.fft.rfft(jnp.zeros(8), n=4).shape", "np.random.default_rng(0).normal(np.zeros(3)).shape",
    "np.random.default_rng(0).standard_normal(3, dtype=np.float32).dtype",
    "jnp.add(jnp.zeros(2), jnp.zeros(2), where=xs).shape",
    "np.zeros((2, 3))[..., None].shape", "np.zeros(3)[1:, None].shape",
    "np.zeros(3)[n, None].shape", "np.zeros(3)[5, None].shape",
    "jax.vmap(lambda x: x.shape)(jnp.zeros((3, 2)))",
    "jax.vmap(lambda x: x.ndim, in_axes=1)(jnp.zeros((3, 2)))",
]

_PRELUDE = {
    "on": 'import jax\njax.config.update("jax_enable_x64", True)\n',
    "off": 'import jax\njax.config.update("jax_enable_x64", False)\n',
    "alone": "import jax\n",
}
_IMPORTS = "import jax.numpy as jnp\nimport numpy as np\n"


def _jax_results(flag: str, exprs: list[str]) -> list[object]:
    """Each expression's value under the installed JAX, as JSON-able plain data."""
    code = _PRELUDE[flag] + _IMPORTS + (
        "import json, sys\n"
        "def plain(v):\n"
        "    if isinstance(v, (np.dtype,)) or type(v).__name__ == 'dtype':\n"
        "        return str(v)\n"
        "    if isinstance(v, tuple):\n"
        "        return [plain(i) for i in v]\n"
        "    if isinstance(v, (bool, np.bool_)):\n"
        "        return bool(v)\n"
        "    if isinstance(v, (int, np.integer)):\n"
        "        return int(v)\n"
        "    return str(v)\n"
        "out = []\n"
        "for e in json.loads(sys.argv[1]):\n"
        "    out.append(plain(eval(e)))\n"
        "print(json.dumps(out))\n")
    env = {"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code, json.dumps(exprs)], capture_output=True,
                          text=True, env=env, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _evaluated(flag: str, exprs: list[str]) -> list[Value]:
    source = _PRELUDE[flag] + _IMPORTS + "n = int(input())\nxs = list(input())\n" + "".join(
        f"r{i} = {e}\n" for i, e in enumerate(exprs))
    interp = Interpreter(ast.parse(source), source.split("\n"), text=source)
    interp.run()
    return [interp.module_scope.vars.get(f"r{i}", Value()) for i in range(len(exprs))]


def _plain(v: Value) -> object:
    c = v.const
    if type(c) is DType:
        return c.name
    if type(c) is TypeInfo:
        return NOCONST
    if isinstance(c, tuple):
        return list(c)
    return c


@pytest.mark.parametrize("flag", ["off", "on", "alone"])
def test_known_values_are_jaxs(flag: str) -> None:
    want = _jax_results(flag, KNOWN)
    got = _evaluated(flag, KNOWN)
    for expr, w, v in zip(KNOWN, want, got, strict=True):
        p = _plain(v)
        assert p is not NOCONST, f"{expr}: not known with the flag {flag} (JAX: {w!r})"
        assert p == w, f"{expr}: {p!r}, JAX says {w!r} (flag {flag})"


def test_flag_left_unknown_when_set_elsewhere() -> None:
    """A flag a function sets (at a time the analysis cannot order) decides no dtype."""
    source = ("import jax\nimport jax.numpy as jnp\n"
              "def setup():\n    jax.config.update('jax_enable_x64', True)\n"
              "r = jnp.zeros(2).dtype\ns = jnp.zeros(2).shape\n")
    interp = Interpreter(ast.parse(source), source.split("\n"), text=source)
    interp.run()
    assert interp.module_scope.vars["r"].const is NOCONST
    assert interp.module_scope.vars["s"].const == (2,)


@pytest.mark.parametrize("flag", ["off", "on"])
def test_what_stays_unknown(flag: str) -> None:
    exprs = UNKNOWN_EXPRS + (["np.zeros(3).astype(np.float64).dtype"] if flag == "off" else [])
    for expr, v in zip(exprs, _evaluated(flag, exprs), strict=True):
        # (a NumPy array keeps float64, JAX's narrows it: which one it is, is not known)
        assert v.const is NOCONST and v.arr is None or _plain(v) is NOCONST, expr


def test_ufunc_lists_are_numpys() -> None:
    """`array_shapes`' ufuncs are NumPy's (one or two operands, one output), and JAX has each."""
    import jax.numpy as jnp

    from jax_lsp.analysis.jax.array_shapes import BINARY_UFUNCS, UNARY_UFUNCS

    for names, nin in ((UNARY_UFUNCS, 1), (BINARY_UFUNCS, 2)):
        for name in names:
            u = getattr(np, name)
            assert isinstance(u, np.ufunc) and (u.nin, u.nout) == (nin, 1), name
            assert hasattr(jnp, name), name


def test_dtype_table_is_numpys() -> None:
    """The dtype names, their kinds and sizes, and the abstract types' kinds, as NumPy and
    JAX say (`jnp.issubdtype` for every pair)."""
    import jax.numpy as jnp

    for name, kind in KINDS.items():
        dt = jnp.dtype(name)
        assert dt.itemsize == itemsize(name), name
        if name != "bfloat16":
            assert dt.kind == kind, name
        for generic, kinds in GENERIC_KINDS.items():
            assert bool(jnp.issubdtype(dt, getattr(jnp, generic))) == (kind in kinds), (
                name, generic)
            if name != "bfloat16":
                assert bool(np.issubdtype(dt, getattr(np, generic))) == (kind in kinds)
