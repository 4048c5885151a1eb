import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn

TABLE_X = np.linspace(0.0, 1.0, 11)
TABLE_Y = np.sqrt(TABLE_X)


def lookup(q):
    return np.interp(np.asarray(q), TABLE_X, TABLE_Y).astype(np.float32)


class TabulatedActivation(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        h = nn.sigmoid(nn.Dense(self.features)(x))
        out_t = jax.ShapeDtypeStruct(h.shape, h.dtype)
        y = jax.pure_callback(lookup, out_t, h, vmap_method="broadcast_all")
        return jnp.where(h > 0.5, y, h)


model = TabulatedActivation(4)
x = jnp.ones((2, 3))
params = model.init(jax.random.PRNGKey(0), x)
print(model.apply(params, x))
