import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
from scipy import special


def _host_expit(x):
    return special.expit(np.asarray(x)).astype(np.float32)


class HostGate(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        z = nn.Dense(self.width)(x)
        gate = jax.pure_callback(_host_expit, jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                                 vectorized=True)
        return z * gate


model = HostGate(3)
x = jnp.ones((2, 4))
variables = model.init(jax.random.PRNGKey(1), x)
print(model.apply(variables, x))
