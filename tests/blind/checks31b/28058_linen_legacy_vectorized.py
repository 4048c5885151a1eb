import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


class Quantiser:
    def __init__(self, levels):
        self.levels = levels

    def __call__(self, x):
        x = np.asarray(x)
        return (np.round(x * self.levels) / self.levels).astype(x.dtype)


class QuantDense(nn.Module):
    features: int
    levels: int = 4

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        q = Quantiser(self.levels)
        return jax.pure_callback(q, jax.ShapeDtypeStruct(h.shape, h.dtype), h,
                                 vmap_method="legacy_vectorized")


model = QuantDense(3)
params = model.init(jax.random.key(0), jnp.ones((2, 4)))
print(jax.jit(model.apply)(params, jnp.ones((2, 4))))
print(jax.vmap(model.apply, in_axes=(None, 0))(params, jnp.ones((5, 2, 4))).shape)
