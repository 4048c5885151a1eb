"""Adaptive step-size integrator (lax.scan); a rejected step asks the host for a safer step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

ERR_TOL = 1e-3


def host_safe_step(h, err):
    h = float(np.asarray(h))
    err = float(np.asarray(err))
    return np.float32(h * max(0.2, 0.9 * (ERR_TOL / max(err, 1e-12)) ** 0.5))


def rhs(y):
    return jnp.array([y[1], -y[0] - 0.1 * y[1]])


def step(carry, _):
    y, h = carry
    full = y + h * rhs(y)
    half = y + 0.5 * h * rhs(y)
    half = half + 0.5 * h * rhs(half)
    err = jnp.max(jnp.abs(full - half))

    def shrink(args):
        h, err = args
        return jax.pure_callback(host_safe_step, jax.ShapeDtypeStruct((), jnp.float32),
                                 h, err, vectorized=False)

    h_new = lax.cond(err > ERR_TOL, shrink, lambda a: a[0], (h, err))
    y_new = jnp.where(err > ERR_TOL, y, half)
    return (y_new, h_new), err


@jax.jit
def integrate(y0, h0):
    (y, h), errs = lax.scan(step, (y0, h0), None, length=8)
    return y, h, errs


if __name__ == "__main__":
    y, h, errs = integrate(jnp.array([1.0, 0.0]), jnp.float32(0.5))
    print(np.round(np.asarray(y), 4), float(h), int((errs > ERR_TOL).sum()))
