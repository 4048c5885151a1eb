"""A context manager turns on instrumentation: inside it every operator application is
echoed to a host recorder. The adjoint check runs inside the block."""
import contextlib
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_STATE = {"instrument": False}
TRACE = []


@contextlib.contextmanager
def instrumented():
    old = _STATE["instrument"]
    _STATE["instrument"] = True
    try:
        yield TRACE
    finally:
        _STATE["instrument"] = old


def _record(v):
    TRACE.append(v.shape)
    return v


def apply_blur(x):
    y = 0.25 * jnp.roll(x, 1) + 0.5 * x + 0.25 * jnp.roll(x, -1)
    if _STATE["instrument"]:
        y = io_callback(_record, jax.ShapeDtypeStruct(y.shape, y.dtype), y)
    return y


if __name__ == "__main__":
    x = jnp.arange(6.0)
    print(apply_blur(x))
    with instrumented() as log:
        print(apply_blur(x), log)
        blur_T = jax.linear_transpose(apply_blur, x)
        print(blur_T(jnp.ones(6)))
