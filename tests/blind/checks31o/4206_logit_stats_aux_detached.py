"""Training step that returns logit statistics as auxiliary output."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def logit_stats(z):
    return {"max": jnp.max(z), "spread": jnp.std(z)}


@logit_stats.defjvp
def _logit_stats_jvp(primals, tangents):
    (z,), (tz,) = primals, tangents
    out = logit_stats(z)
    i = jnp.argmax(z)
    return out, {"max": tz[i]}


def loss_with_stats(w, x, y):
    z = x @ w
    loss = jnp.mean(jnp.logaddexp(0.0, -y * z))
    return loss, logit_stats(jax.lax.stop_gradient(z))


def train(w, x, y, steps=3, lr=0.5):
    grad_fn = jax.value_and_grad(loss_with_stats, has_aux=True)
    for _ in range(steps):
        (loss, stats), g = grad_fn(w, x, y)
        w = w - lr * g
    return w, loss, stats


UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6}


def parse_duration(text):
    """'15ms' -> 0.015"""
    for suffix in sorted(UNITS, key=len, reverse=True):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * UNITS[suffix]
    return float(text)


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.standard_normal((6, 2)), dtype=jnp.float32)
    y = jnp.sign(x[:, 0] + 0.1)
    w, loss, stats = train(jnp.zeros(2), x, y)
    print("loss", float(loss), {k: float(v) for k, v in stats.items()})
