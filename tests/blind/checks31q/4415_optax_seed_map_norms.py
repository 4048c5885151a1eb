"""Train several tiny regressors at once; a custom optax transformation records update norms."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

NORMS = []


def _host_norm(u):
    NORMS.append(float(np.linalg.norm(np.asarray(u))))
    return np.float32(NORMS[-1])


def record_norms():
    def init_fn(params):
        return optax.EmptyState()

    def update_fn(updates, state, params=None):
        flat = jnp.concatenate([jnp.ravel(u) for u in jax.tree_util.tree_leaves(updates)])
        io_callback(_host_norm, jax.ShapeDtypeStruct((), jnp.float32), flat, ordered=True)
        return updates, state

    return optax.GradientTransformation(init_fn, update_fn)


opt = optax.chain(optax.clip_by_global_norm(1.0), record_norms(), optax.adam(1e-2))
X = jnp.linspace(0.0, 1.0, 8)[:, None]
Y = 3.0 * X[:, 0] + 1.0


def loss(p):
    return jnp.mean((X @ p["w"] + p["b"] - Y) ** 2)


def fit_one(seed):
    key = jax.random.PRNGKey(seed)
    p = {"w": jax.random.normal(key, (1,)), "b": jnp.zeros(())}
    s = opt.init(p)
    for _ in range(3):
        g = jax.grad(loss)(p)
        u, s = opt.update(g, s, p)
        p = optax.apply_updates(p, u)
    return loss(p)


if __name__ == "__main__":
    seeds = jnp.arange(4)
    finals = jax.lax.map(fit_one, seeds)
    print(finals, len(NORMS))
