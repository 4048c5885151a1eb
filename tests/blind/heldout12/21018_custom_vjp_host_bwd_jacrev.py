# Models: a spectral-norm regularised linear layer where the gradient of the log-partition term is computed on host (numpy) in a custom_vjp bwd; later the full Jacobian of layer outputs wrt inputs is taken with jax.jacrev for a Lipschitz estimate.
import jax
import jax.numpy as jnp
import numpy as np
import optax


def _logsumexp_grad_np(z, g):
    z = np.asarray(z, dtype=np.float64)
    p = np.exp(z - z.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return (np.asarray(g)[..., None] * p).astype(np.float32)


@jax.custom_vjp
def smooth_max(z):
    return jax.nn.logsumexp(z, axis=-1)


def _smooth_max_fwd(z):
    return jax.nn.logsumexp(z, axis=-1), z


def _smooth_max_bwd(z, g):
    shape = jax.ShapeDtypeStruct(z.shape, jnp.float32)
    return (jax.pure_callback(_logsumexp_grad_np, shape, z, g),)


smooth_max.defvjp(_smooth_max_fwd, _smooth_max_bwd)


def layer(params, x):
    pre = x @ params["W"].T + params["c"]
    return jnp.stack([smooth_max(pre[..., :3]), smooth_max(pre[..., 3:])], axis=-1)


def loss(params, xs, ys):
    preds = layer(params, xs)
    return jnp.mean((preds - ys) ** 2)


def lipschitz_estimate(params, probe_points):
    jac_fn = jax.jacrev(layer, argnums=1)
    norms = [jnp.linalg.norm(jac_fn(params, p), ord=2) for p in probe_points]
    return max(float(n) for n in norms)


if __name__ == "__main__":
    key = jax.random.PRNGKey(12)
    kw, kx = jax.random.split(key)
    params = {"W": jax.random.normal(kw, (6, 3)) * 0.5, "c": jnp.zeros(6)}
    xs = jax.random.normal(kx, (20, 3))
    ys = jnp.stack([xs[:, 0], xs[:, 1] - xs[:, 2]], axis=1)
    opt = optax.adam(0.05)
    state = opt.init(params)
    grad_fn = jax.jit(jax.value_and_grad(loss))
    for _ in range(8):
        val, g = grad_fn(params, xs, ys)
        upd, state = opt.update(g, state)
        params = optax.apply_updates(params, upd)
    print("train loss", float(val))
    print("lipschitz", lipschitz_estimate(params, xs[:2]))
