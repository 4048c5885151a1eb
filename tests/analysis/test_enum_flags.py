"""`enum.auto()` values and `enum.Flag` membership (`python/enums.py`), and the static
metadata of a Python scalar (`jaxapi.SCALAR_METADATA`), each checked against what Python,
NumPy and JAX compute."""

from __future__ import annotations

import enum

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.jax import jaxapi
from jax_lsp.analysis.python import enums
from jax_lsp.analysis.values import NOCONST


@pytest.mark.parametrize("base", [enum.Enum, enum.IntEnum, enum.Flag, enum.IntFlag,
                                  enum.StrEnum])
def test_auto_values_are_pythons(base: type) -> None:
    kind = f"enum.{base.__name__}"
    names = ["ALPHA", "BETA", "GAMMA", "DELTA"]
    made = base("Made", {n: enum.auto() for n in names})
    earlier: list[object] = []
    for n in names:
        got = enums._auto(kind, n, earlier)
        assert got == made[n].value
        earlier.append(got)


def test_auto_after_an_unknown_value_is_unknown() -> None:
    assert enums._auto("enum.Flag", "B", [NOCONST]) is NOCONST


@pytest.mark.parametrize("value", [0.05, 3, True, 2j])
def test_scalar_metadata_is_numpys_and_jaxs(value: object) -> None:
    np_fns = {"numpy.ndim": np.ndim, "numpy.size": np.size, "numpy.shape": np.shape,
              "jax.numpy.ndim": jnp.ndim, "jax.numpy.size": jnp.size,
              "jax.numpy.shape": jnp.shape}
    traced: dict[str, object] = {}

    def probe(x: jax.Array) -> jax.Array:
        traced.update({name: np_fns[name](x) for name in np_fns})
        return x

    jax.jit(probe)(value)
    for name, expected in jaxapi.SCALAR_METADATA.items():
        assert np_fns[name](value) == expected
        assert traced[name] == expected


FLAGS = '''
import enum
import jax
import jax.numpy as jnp


class Sink(enum.Flag):
    NONE = 0
    FILE = enum.auto()
    CONSOLE = enum.auto()


def host(x):
    return x


def f(x, sink):
    if Sink.FILE in sink:
        return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)
    return x


print(jax.grad(f)(1.0, SINK))
'''


@pytest.mark.parametrize(("sink", "fires"), [
    ("Sink.CONSOLE", False), ("Sink.NONE", False), ("Sink.FILE", True),
    ("Sink.CONSOLE | Sink.FILE", True), ("Sink.CONSOLE & Sink.FILE", False),
    ("Sink.FILE ^ Sink.CONSOLE", True)])
def test_flag_membership_decides_the_branch(sink: str, fires: bool) -> None:
    found = analyze_source(FLAGS.replace("SINK", sink), "<flags>").findings
    assert [f.code for f in found] == (["JAX001"] if fires else [])
