# Models: a flax.linen MLP whose hidden layers are nn.remat'ed to save memory; each layer notifies a host-side profiler through io_callback (a constant layer id, no data), and the model is trained with optax.
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

PROFILE = {}


def _tick(layer_id):
    PROFILE[int(layer_id)] = PROFILE.get(int(layer_id), 0) + 1
    return np.int32(layer_id)


class ProfiledDense(nn.Module):
    features: int
    layer_id: int

    @nn.compact
    def __call__(self, x):
        io_callback(_tick, jax.ShapeDtypeStruct((), jnp.int32), np.int32(self.layer_id))
        return nn.relu(nn.Dense(self.features)(x))


RematDense = nn.remat(ProfiledDense)


class Model(nn.Module):
    widths: tuple = (8, 8)

    @nn.compact
    def __call__(self, x):
        for i, w in enumerate(self.widths):
            x = RematDense(features=w, layer_id=i)(x)
        return nn.Dense(1)(x).squeeze(-1)


def loss_fn(params, model, x, y):
    pred = model.apply({"params": params}, x)
    return jnp.mean((pred - y) ** 2)


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    kx, ki = jax.random.split(key)
    x = jax.random.normal(kx, (20, 3))
    y = jnp.prod(x[:, :2], axis=1)
    model = Model()
    params = model.init(ki, x[:1])["params"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    @jax.jit
    def step(params, opt_state):
        loss, grads = jax.value_and_grad(loss_fn)(params, model, x, y)
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, loss

    for i in range(3):
        params, opt_state, loss = step(params, opt_state)
        print(i, float(loss))
    print("profile", PROFILE)
