"""equinox.filter_grad skips a Python float field: its host-side use is not differentiated."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def host_temperature_schedule(t):
    return np.float32(np.clip(t, 0.1, 10.0))


class TemperedSoftmax(eqx.Module):
    logits: jax.Array
    temperature: float

    def __call__(self, y):
        t = jax.pure_callback(
            host_temperature_schedule, jax.ShapeDtypeStruct((), jnp.float32), self.temperature
        )
        return -jnp.sum(y * jax.nn.log_softmax(self.logits / t))


@eqx.filter_grad
def loss(model, y):
    return model(y)


model = TemperedSoftmax(jnp.array([0.5, 1.0, -0.3]), 2.0)
grads = loss(model, jnp.array([0.0, 1.0, 0.0]))
print(grads.logits)
