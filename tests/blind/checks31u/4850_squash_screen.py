"""Candidate squashing functions for a bounded-output controller.

Each candidate is a custom_jvp function; the candidate list is screened
for finite outputs, and `squash` remains the one used by the controller.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def squash(u):
    return u / (1.0 + jnp.abs(u))


@squash.defjvp
def _squash_jvp(primals, tangents):
    (u,), (du,) = primals, tangents
    return squash(u), du / (1.0 + jnp.abs(u)) ** 2


@jax.custom_jvp
def hard_squash(u):
    return jnp.clip(u, -1.0, 1.0)


@hard_squash.defjvp
def _hard_squash_jvp(primals, tangents):
    (u,), (du,) = primals, tangents
    inside = (jnp.abs(u) < 1.0).astype(u.dtype)
    return hard_squash(u), (inside * du,)


CANDIDATES = [squash, hard_squash]
finite = []
for squash in CANDIDATES:
    out = squash(jnp.linspace(-3.0, 3.0, 5))
    finite.append(bool(jnp.all(jnp.isfinite(out))))


def control(gain, state):
    return squash(gain * state)


def tracking_cost(gain, states, target):
    return jnp.mean((control(gain, states) - target) ** 2)


if __name__ == "__main__":
    states = jnp.linspace(-2.0, 2.0, 7)
    target = 0.5 * jnp.tanh(states)
    gain = jnp.float32(0.8)
    for _ in range(3):
        gain = gain - 0.5 * jax.grad(tracking_cost)(gain, states, target)
    print("screen", finite, "gain", float(gain))
