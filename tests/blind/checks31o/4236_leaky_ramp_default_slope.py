"""Leaky ramp with positional-only input and a defaulted slope."""
import functools

import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def leaky_ramp(x, /, slope=0.05):
    return jnp.where(x > 0, x, slope * x)


def _leaky_fwd(x, slope=0.05):
    return leaky_ramp(x, slope), (x, slope)


def _leaky_bwd(res, g):
    x, slope = res
    return (jnp.where(x > 0, g, slope * g),)


leaky_ramp.defvjp(_leaky_fwd, _leaky_bwd)


def net(params, x, *, act=leaky_ramp):
    h = act(x @ params["w1"])
    return h @ params["w2"]


def mse(params, x, y):
    return jnp.mean((net(params, x) - y) ** 2)


def cosine_schedule(step, total, base=1.0, floor=0.0):
    import math
    frac = min(max(step / max(total, 1), 0.0), 1.0)
    return floor + 0.5 * (base - floor) * (1 + math.cos(math.pi * frac))


def warmup(step, n=10):
    return min(1.0, (step + 1) / n)


if __name__ == "__main__":
    rng = np.random.default_rng(4)
    params = {"w1": jnp.asarray(rng.standard_normal((2, 3)), dtype=jnp.float32),
              "w2": jnp.asarray(rng.standard_normal((3,)), dtype=jnp.float32)}
    x = jnp.asarray(rng.standard_normal((4, 2)), dtype=jnp.float32)
    y = x[:, 0] - x[:, 1]
    grads = jax.grad(mse)(params, x, y)
    print({k: v.shape for k, v in grads.items()})
