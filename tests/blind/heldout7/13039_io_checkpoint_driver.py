"""Gradient-descent calibration of a viscosity with a host-side checkpoint writer.
The writer runs in the (non-differentiated) driver step and logs a constant run id from
inside the loss."""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

OUT = os.path.join(tempfile.gettempdir(), "heldout7_ckpt.npy")


def _save(params, step):
    np.save(OUT, np.asarray(params))
    return np.int32(step)


def _tag(run_id):
    return np.int32(run_id)


def couette_velocity(mu, y=jnp.linspace(0, 1, 8), dpdx=-1.0, U=1.0):
    return U * y + (-dpdx) / (2 * mu) * y * (1 - y)


def loss(mu, target):
    io_callback(_tag, jax.ShapeDtypeStruct((), jnp.int32), 7)
    return jnp.mean((couette_velocity(mu) - target) ** 2)


@jax.jit
def train_step(mu, target, step):
    l, g = jax.value_and_grad(loss)(mu, target)
    mu = mu - 0.5 * g
    io_callback(_save, jax.ShapeDtypeStruct((), jnp.int32), mu, step, ordered=True)
    return mu, l


target = couette_velocity(0.8)
mu = jnp.float32(1.5)
for s in range(4):
    mu, l = train_step(mu, target, s)
    print(s, float(mu), float(l))
