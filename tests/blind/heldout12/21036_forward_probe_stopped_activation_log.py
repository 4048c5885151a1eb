# Models: a forward-mode (jax.jvp / jax.linearize) probe of a regression network that streams detached (stop_gradient) hidden activations to a host recorder with io_callback.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class ActivationRecorder:
    def __init__(self):
        self.means = []

    def __call__(self, acts):
        self.means.append(float(np.mean(acts)))
        return np.zeros((), np.float32)


recorder = ActivationRecorder()


def network(theta, inputs):
    h = jax.nn.softplus(inputs @ theta["first"] + theta["shift"])
    io_callback(recorder, jax.ShapeDtypeStruct((), jnp.float32), jax.lax.stop_gradient(h))
    return h @ theta["second"]


def objective(theta, inputs, outputs):
    r = network(theta, inputs) - outputs
    return 0.5 * jnp.vdot(r, r) / r.size


def probe(theta, inputs, outputs, tangent):
    f = partial(objective, inputs=inputs, outputs=outputs)
    value, slope = jax.jvp(f, (theta,), (tangent,))
    _, f_lin = jax.linearize(f, theta)
    return value, slope, f_lin(tangent)


if __name__ == "__main__":
    key = jax.random.PRNGKey(4)
    k1, k2, k3 = jax.random.split(key, 3)
    theta = {"first": jax.random.normal(k1, (2, 6)) * 0.5,
             "shift": jnp.zeros(6),
             "second": jax.random.normal(k2, (6,)) * 0.5}
    inputs = jax.random.normal(k3, (12, 2))
    outputs = jnp.sin(inputs[:, 0]) * inputs[:, 1]
    tangent = jax.tree_util.tree_map(jnp.ones_like, theta)
    value, slope, slope_lin = probe(theta, inputs, outputs, tangent)
    jax.effects_barrier()
    print("objective", float(value), "slope", float(slope), "linearized", float(slope_lin))
    print("recorded", len(recorder.means), "activation means")
