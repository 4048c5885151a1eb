"""A callable 'probe' object attached to a model layer; calling it reports activations."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SEEN = []


def _report(activations):
    a = np.asarray(activations)
    SEEN.append(float(a.mean()))
    return np.zeros((), np.int32)


def _emit_ordered(h):
    return io_callback(_report, jax.ShapeDtypeStruct((), jnp.int32), h, ordered=True)


class Probe:
    def __init__(self, name):
        self.name = name

    def __call__(self, h):
        return h


def dense(params, x):
    w, b = params
    return jnp.tanh(x @ w + b)


def forward(params, x, probe):
    h = dense(params[0], x)
    h = probe(h)
    return dense(params[1], h)


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (m, n)) * 0.3, jnp.zeros(n))
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


if __name__ == "__main__":
    params = init(jax.random.PRNGKey(1), [3, 5, 2])
    probe = Probe("hidden")
    # attach reporting to this one probe only
    probe.__call__ = lambda h: (_emit_ordered(h), h)[1]
    xs = jnp.arange(12.0).reshape(4, 3) / 10.0
    out = jax.vmap(lambda x: forward(params, x, probe))(xs)
    print(out.shape, len(SEEN))
