# flax nnx regressor whose input features come from a host-side lookup (e.g. a pandas table)
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx

_TABLE = np.sin(np.arange(64, dtype=np.float32) / 7.0)


def host_features(t):
    def lookup(tt):
        idx = np.clip(np.round(tt * 10).astype(np.int64), 0, 63)
        return np.stack([_TABLE[idx], _TABLE[(idx + 5) % 64]], axis=-1).astype(np.float32)

    return jax.pure_callback(lookup, jax.ShapeDtypeStruct(t.shape + (2,), jnp.float32), t,
                             vmap_method="expand_dims")


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, t):
        feats = host_features(jax.lax.stop_gradient(t))
        x = jnp.concatenate([t[:, None], feats], axis=-1)
        return self.out(nnx.relu(self.hidden(x)))[:, 0]


model = Regressor(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
t = jnp.linspace(0.0, 5.0, 20)
y = jnp.cos(t)


@nnx.jit
def train_step(model, optimizer, t, y):
    def loss_fn(model):
        return jnp.mean((model(t) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


for _ in range(5):
    loss = train_step(model, optimizer, t, y)
print(loss)
