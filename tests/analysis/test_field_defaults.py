"""A field function's `default=` (`dataclasses.field(default=True)`, `eqx.field(static=True,
default=True)`) is what a dataclass's instance holds for a field no argument sets: the
dataclass machinery leaves the default as the class's attribute."""

from __future__ import annotations

import pytest

from jax_lsp.analysis.engine import analyze_source

PROGRAM = '''
import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def host(x):
    return np.asarray(x)


class Probe(eqx.Module):
    scale: float
    ordered: bool = FIELD

    def __call__(self, x):
        return io_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x * self.scale,
                           ordered=self.ordered)


if __name__ == "__main__":
    print(jax.vmap(Probe(2.0))(jnp.ones((3, 2))))
'''


@pytest.mark.parametrize(("field", "fires"), [
    ("eqx.field(static=True, default=True)", True),
    ("eqx.field(static=True, default=False)", False),
    ("dataclasses.field(default=True)", True),
    ("eqx.field(static=True, default_factory=bool)", False),
])
def test_a_field_default_is_the_instances_value(field: str, fires: bool) -> None:
    found = analyze_source(PROGRAM.replace("FIELD", field), "<fields>").findings
    assert [f.code for f in found] == (["JAX013"] if fires else [])
