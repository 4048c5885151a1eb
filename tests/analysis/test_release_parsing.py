"""A program's own parse of JAX's release (`tuple(int("".join(ch for ch in p if
ch.isdigit()) or 0) for p in jax.__version__.split("."))`, then `>= (0, 4, 1)`) is decided
as Python decides it: `jax.__version__` is the measured release (`jax/overlay.py`), a
string's characters are iterated, `a or b` gives the operand Python picks, and an ordering of
two tuples of scalars is compared."""

from __future__ import annotations

import pytest

from jax_lsp.analysis.engine import analyze_source

PROGRAM = '''
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def release(text):
    parts = []
    for piece in text.split(".")[:3]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


ORDERED = TEST


def host(x):
    return np.asarray(x)


def sample(x):
    return io_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, ordered=ORDERED)


if __name__ == "__main__":
    print(jax.vmap(sample)(jnp.ones((3, 2))))
'''


@pytest.mark.parametrize(("test", "ordered"), [
    ('release(jax.__version__) >= (0, 4, 1)', True),
    ('release(jax.__version__) < (0, 4, 1)', False),
    ('release("0.3.9rc1") >= (0, 4, 1)', False),
    ('jax.__version_info__ >= (0, 4)', True),
    ('("" or "x") == "x"', True),
    ('("a" and 0) == 0', True),
    ('"".join(ch for ch in "1a0" if ch.isdigit()) == "10"', True),
])
def test_a_release_parsed_by_the_program_is_decided(test: str, ordered: bool) -> None:
    found = analyze_source(PROGRAM.replace("TEST", test), "<release>").findings
    assert [(f.code, f.span.line) for f in found] == ([("JAX013", 24)] if ordered else [])
