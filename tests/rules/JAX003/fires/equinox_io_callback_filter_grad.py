"""An equinox layer that streams its activations to a host monitor with io_callback, under eqx.filter_grad."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


class ActivationMonitor:
    def __init__(self):
        self.means = []

    def record(self, h):
        self.means.append(float(np.mean(h)))
        return np.int32(0)


monitor = ActivationMonitor()


class MonitoredLinear(eqx.Module):
    linear: eqx.nn.Linear

    def __call__(self, x):
        h = jnp.tanh(self.linear(x))
        io_callback(monitor.record, jax.ShapeDtypeStruct((), jnp.int32), h)  # EXPECT: JAX003
        return h


layer = MonitoredLinear(eqx.nn.Linear(3, 2, key=jax.random.PRNGKey(0)))


@eqx.filter_grad
def grad_fn(model, x):
    return jnp.sum(model(x) ** 2)


grads = grad_fn(layer, jnp.array([1.0, 0.5, -0.5]))
print(grads.linear.weight)
