"""The integrator picks its stepper from a table by name and a `lax.scan` body it makes calls it: "heun" is picked, whose io_callback host calls jax.numpy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

DRIFT = []


def _note_np(d):
    DRIFT.append(float(np.abs(np.asarray(d)).sum()))
    return np.zeros((), np.float32)


def _note_jnp(d):
    DRIFT.append(float(jnp.abs(jnp.asarray(d)).sum()))  # EXPECT: JAX011
    return np.zeros((), np.float32)


def midpoint(f, y, h):
    y_mid = y + 0.5 * h * f(y)
    io_callback(_note_np, jax.ShapeDtypeStruct((), jnp.float32), y_mid - y)
    return y + h * f(y_mid)


def heun(f, y, h):
    y_pred = y + h * f(y)
    io_callback(_note_jnp, jax.ShapeDtypeStruct((), jnp.float32), y_pred - y)
    return y + 0.5 * h * (f(y) + f(y_pred))


SCHEMES = {"midpoint": midpoint, "heun": heun}


def solve(f, y0, h, steps, scheme):
    advance = SCHEMES[scheme]

    def body(y, _):
        y = advance(f, y, h)
        return y, y[0]

    return jax.lax.scan(body, y0, None, length=steps)


if __name__ == "__main__":
    decay = lambda y: -0.5 * y
    y_end, first = jax.jit(lambda y: solve(decay, y, 0.1, 5, "heun"))(jnp.ones(2))
    print(y_end, len(DRIFT))
