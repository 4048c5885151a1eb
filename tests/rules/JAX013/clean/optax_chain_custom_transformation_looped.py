"""a custom optax GradientTransformation in an optax.chain logs each update through an ordered io_callback; the seeds are run one by one in a Python loop, never batched"""
import jax
import jax.numpy as jnp
import optax
from jax.experimental import io_callback


def note(v):
    return None


def record_updates():
    def init_fn(params):
        return optax.EmptyState()

    def update_fn(updates, state, params=None):
        io_callback(note, None, updates, ordered=True)
        return updates, state

    return optax.GradientTransformation(init_fn, update_fn)


opt = optax.chain(optax.clip_by_global_norm(1.0), record_updates(), optax.sgd(0.1))


def loss(w):
    return jnp.sum((w - 1.0) ** 2)


def fit(seed):
    w = jax.random.normal(jax.random.PRNGKey(seed), (2,))
    state = opt.init(w)
    g = jax.grad(loss)(w)
    u, state = opt.update(g, state, w)
    return optax.apply_updates(w, u)


if __name__ == "__main__":
    for seed in range(3):
        print(jax.jit(fit)(seed))
