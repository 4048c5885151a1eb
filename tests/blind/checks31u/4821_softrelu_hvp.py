"""Hessian-vector products for a smoothed ReLU penalty.

`soft_relu` carries a hand-written JVP; the optimiser needs H @ v along
a search direction.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def soft_relu(x):
    return jnp.logaddexp(x, 0.0)


@soft_relu.defjvp
def _soft_relu_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    sig = jax.nn.sigmoid(x)
    out = jnp.logaddexp(x, 0.0) + 0.0 * dx
    return out, sig * dx


def penalty(w, lo=-1.0, hi=1.0):
    return jnp.sum(soft_relu(w - hi) ** 2 + soft_relu(lo - w) ** 2)


def objective(w):
    return 0.5 * jnp.sum(w ** 2) + 3.0 * penalty(w)


def hvp(f, w, v):
    return jax.grad(lambda ww: jax.jvp(f, (ww,), (v,))[1])(w)


def line_curvature(f, w, v):
    slope = jax.jvp(f, (w,), (v,))[1]
    curv = jnp.vdot(v, hvp(f, w, v))
    return slope, curv


def armijo_ok(f, w, step, v, slope, c=1e-4):
    return float(f(w + step * v)) <= float(f(w)) + c * step * float(slope)


def summary(values):
    return ", ".join(f"{float(v):.4g}" for v in values)


if __name__ == "__main__":
    w = jnp.asarray(np.linspace(-2.0, 2.0, 5), jnp.float32)
    v = jnp.ones_like(w) / jnp.sqrt(5.0)
    slope, curv = line_curvature(objective, w, v)
    step = -slope / jnp.maximum(curv, 1e-3)
    print("slope", float(slope), "curvature", float(curv), "newton step", float(step))
