# shape from: jax-ml/jax docs/notebooks/Custom_derivative_rules_for_Python_code.md (clip_gradient(lo, hi, x) custom_vjp)
"""A tiny regression net whose hidden activations clip their incoming gradients."""
import jax
import jax.numpy as jnp
from jax import custom_vjp


@custom_vjp
def clip_gradient(lo, hi, x):
    return x  # identity on the forward pass


def clip_gradient_fwd(lo, hi, x):
    return x, (lo, hi)


def clip_gradient_bwd(res, g):
    lo, hi = res
    # None marks the zero cotangents of the bounds
    return (None, None, jnp.clip(g, lo, hi))


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def init(key, d_in=2, d_hidden=6):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (d_in, d_hidden)), "w2": jax.random.normal(k2, (d_hidden,))}


def net(params, x, bound=0.1):
    h = jnp.tanh(x @ params["w1"])
    h = clip_gradient(-bound, bound, h)
    return h @ params["w2"]


def loss(params, x, y):
    return jnp.mean((net(params, x) - y) ** 2)


if __name__ == "__main__":
    kx, kp = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (16, 2))
    y = jnp.sin(x[:, 0]) + x[:, 1]
    params = init(kp)
    step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 0.1 * g, p, jax.grad(loss)(p, x, y)))
    for _ in range(5):
        params = step(params)
    print(loss(params, x, y))
