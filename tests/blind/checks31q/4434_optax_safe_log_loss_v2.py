"""Logistic regression trained with optax; a custom JVP keeps log() finite near zero."""
import jax
import jax.numpy as jnp
import optax


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-12))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    xs = jnp.maximum(x, 1e-12)
    out = jnp.log(xs)
    return out, dx / xs


def nll(w, x, y):
    p = jax.nn.sigmoid(x @ w)
    return -jnp.mean(y * safe_log(p) + (1 - y) * safe_log(1 - p))


def fit(x, y, steps=3):
    w = jnp.zeros(x.shape[1])
    tx = optax.chain(optax.clip_by_global_norm(5.0), optax.adam(0.1))
    state = tx.init(w)
    for _ in range(steps):
        value, grads = jax.value_and_grad(nll)(w, x, y)
        updates, state = tx.update(grads, state, w)
        w = optax.apply_updates(w, updates)
    return w, value


if __name__ == "__main__":
    x = jnp.stack([jnp.linspace(-1, 1, 10), jnp.ones(10)], axis=1)
    y = (jnp.linspace(-1, 1, 10) > 0).astype(jnp.float32)
    print(fit(x, y))
