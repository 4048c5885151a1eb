"""Gradient of a discounted return through a fixed-horizon rollout.  The
horizon is derived from the discount factor inside the jitted function;
jax.ensure_compile_time_eval keeps that arithmetic concrete."""
import math

import jax
import jax.numpy as jnp
from jax import lax

GAMMA = 0.9
EPS = 1e-2


def dynamics(s, a):
    return 0.9 * s + 0.1 * jnp.tanh(a)


def policy(theta, s):
    return theta[0] * s + theta[1]


@jax.jit
def discounted_return(theta, s0):
    with jax.ensure_compile_time_eval():
        horizon = jnp.ceil(jnp.log(EPS) / jnp.log(GAMMA)).astype(jnp.int32)

    def body(t, carry):
        s, ret = carry
        a = policy(theta, s)
        reward = -(s**2) - 0.01 * a**2
        return dynamics(s, a), ret + GAMMA**t * reward

    _, ret = lax.fori_loop(0, horizon, body, (s0, 0.0))
    return ret


if __name__ == "__main__":
    theta = jnp.array([-0.5, 0.0])
    g = jax.grad(discounted_return)(theta, 1.0)
    print(float(discounted_return(theta, 1.0)), g)
