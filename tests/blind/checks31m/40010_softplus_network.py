"""Smooth activation library whose derivative rules depend on a global precision mode."""
import numpy as np
import jax
import jax.numpy as jnp

_PRECISION = "exact"


def set_precision(mode):
    global _PRECISION
    if mode not in ("exact", "fast"):
        raise ValueError(mode)
    _PRECISION = mode


def _softplus_jvp_exact(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.logaddexp(x, 0.0)
    return y, jax.nn.sigmoid(x) * t


def _softplus_jvp_fast(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.logaddexp(x, 0.0)
    s = jax.nn.sigmoid(x)
    return y, (s * t, s * (1 - s) * t)


def build_softplus():
    @jax.custom_jvp
    def softplus(x):
        return jnp.logaddexp(x, 0.0)

    softplus.defjvp(_softplus_jvp_fast if _PRECISION == "fast" else _softplus_jvp_exact)
    return softplus


def mlp_init(key, sizes):
    params = []
    for din, dout in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (din, dout)) / np.sqrt(din), jnp.zeros(dout)))
    return params


def mlp_apply(params, x, act):
    for W, b in params[:-1]:
        x = act(x @ W + b)
    W, b = params[-1]
    return x @ W + b


if __name__ == "__main__":
    softplus = build_softplus()
    set_precision("fast")
    key = jax.random.PRNGKey(0)
    params = mlp_init(key, [2, 16, 1])
    xs = jnp.linspace(-2, 2, 40).reshape(20, 2)
    ys = jnp.sin(xs[:, :1]) * jnp.cos(xs[:, 1:])

    def loss(p):
        return jnp.mean((mlp_apply(p, xs, softplus) - ys) ** 2)

    for step in range(25):
        l, g = jax.value_and_grad(loss)(params)
        params = jax.tree_util.tree_map(lambda a, b: a - 0.1 * b, params, g)
    print("final loss:", float(l))
