"""Training step with has_aux diagnostics; the diagnostic entropy uses a host kernel with a custom_jvp."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_entropy(p):
    p = np.asarray(p)
    q = np.clip(p, 1e-6, 1.0)
    return np.float32(-(q * np.log(q)).sum())


def _host_entropy_grad(p):
    p = np.asarray(p)
    q = jnp.clip(p, 1e-6, 1.0)
    return np.asarray(-(jnp.log(q) + 1.0), dtype=np.float32)


@jax.custom_jvp
def entropy(p):
    return jax.pure_callback(_host_entropy, jax.ShapeDtypeStruct((), jnp.float32), p)


@entropy.defjvp
def _entropy_jvp(primals, tangents):
    (p,), (dp,) = primals, tangents
    g = jax.pure_callback(_host_entropy_grad, jax.ShapeDtypeStruct(p.shape, jnp.float32), p)
    return entropy(p), jnp.sum(g * dp)


def loss_fn(w, x, y):
    logits = x @ w
    probs = jax.nn.softmax(logits, axis=-1)
    nll = -jnp.mean(jnp.sum(y * jnp.log(probs + 1e-9), axis=-1))
    diag = {"pred_entropy": entropy(probs.mean(axis=0)), "label_entropy": entropy(y.mean(axis=0))}
    return nll, diag


def train_step(w, x, y, lr=0.1):
    (loss, diag), g = jax.value_and_grad(loss_fn, has_aux=True)(w, x, y)
    return w - lr * g, loss, diag


if __name__ == "__main__":
    x = jnp.asarray(np.linspace(-1, 1, 12).reshape(4, 3), dtype=jnp.float32)
    y = jax.nn.one_hot(jnp.asarray([0, 1, 2, 1]), 3)
    w = jnp.zeros((3, 3), dtype=jnp.float32)
    for _ in range(2):
        w, loss, diag = train_step(w, x, y)
        print(loss, {k: float(v) for k, v in diag.items()})
