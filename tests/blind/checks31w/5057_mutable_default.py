"""Factory for host-side loggers; each logger gets a configuration dict."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SINK = {"audit": [], "metrics": []}


def make_logger(channel, config={}):
    if channel == "audit":
        config["ordered"] = True

    def _host(values):
        SINK[channel].append(np.asarray(values).tolist())
        return np.int32(0)

    def log(values):
        io_callback(_host, jax.ShapeDtypeStruct((), jnp.int32), values, **config)

    return log


audit_log = make_logger("audit")
metrics_log = make_logger("metrics")


def bce(logits, labels):
    return jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits)


def per_example(w, x, y):
    logits = x @ w
    l = bce(logits, y)
    metrics_log(l)
    return l


def chunks(seq, size):
    """Yield successive slices of `seq` of length `size`."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def moving_average(xs, window=3):
    xs = jnp.asarray(xs)
    if xs.shape[0] < window:
        return xs
    kernel = jnp.ones(window) / window
    return jnp.convolve(xs, kernel, mode="valid")


if __name__ == "__main__":
    w = jnp.array([0.2, -0.1, 0.4])
    x = jnp.arange(18.0).reshape(6, 3) / 10.0
    y = jnp.array([0.0, 1.0, 1.0, 0.0, 1.0, 0.0])
    audit_log(jnp.float32(1.0))
    losses = jax.vmap(per_example, in_axes=(None, 0, 0))(w, x[:, None, :], y[:, None])
    print(losses, {k: len(v) for k, v in SINK.items()})
