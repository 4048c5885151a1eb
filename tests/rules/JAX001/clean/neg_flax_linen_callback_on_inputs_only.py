"""A linen module that featurizes its raw inputs on the host before the first Dense: only params are differentiated, fine."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


def _np_fourier_features(x):
    freqs = np.array([1.0, 2.0], np.float32)
    z = x[..., None] * freqs
    return np.concatenate([np.sin(z), np.cos(z)], axis=-1).reshape(x.shape[0], -1).astype(np.float32)


class FourierNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        feats = jax.pure_callback(_np_fourier_features,
                                  jax.ShapeDtypeStruct((x.shape[0], x.shape[1] * 4), jnp.float32), x)
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(feats))).squeeze(-1)


model = FourierNet()
x = jnp.array([[0.1, 0.2], [0.3, -0.4], [1.0, 0.0]])
y = jnp.array([0.0, 0.5, 1.0])
params = model.init(jax.random.PRNGKey(0), x)
tx = optax.adam(1e-2)
opt_state = tx.init(params)


@jax.jit
def train_step(params, opt_state):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((model.apply(p, x) - y) ** 2))(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


for _ in range(3):
    params, opt_state, loss = train_step(params, opt_state)
print(loss)
