import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn

TABLE_X = np.linspace(0.0, 1.0, 11)
TABLE_Y = np.sqrt(TABLE_X)


def lookup(q):
    return jnp.interp(q, TABLE_X, TABLE_Y)


class TabulatedActivation(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        h = nn.sigmoid(h)
        out_t = jax.ShapeDtypeStruct(h.shape, h.dtype)
        return jax.pure_callback(lookup, out_t, h, vmap_method="broadcast_all")


model = TabulatedActivation(4)
x = jnp.ones((2, 3))
params = model.init(jax.random.PRNGKey(0), x)
print(model.apply(params, x))
