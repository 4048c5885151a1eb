"""A remat'd block with a host audit log; only evaluated (inference), not trained here."""
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.experimental import io_callback

AUDIT = []


def _audit(m):
    AUDIT.append(float(m))
    return np.float32(m)


class Audited(nn.Module):
    @nn.compact
    def __call__(self, x):
        y = nn.Dense(6)(x)
        io_callback(_audit, jax.ShapeDtypeStruct((), jnp.float32), y.mean())
        return nn.relu(y)


class Net(nn.Module):
    @nn.compact
    def __call__(self, x):
        for _ in range(2):
            x = nn.remat(Audited)()(x)
        return x


net = Net()
x = jnp.ones((2, 6))
variables = net.init(jax.random.PRNGKey(0), x)
predict = jax.jit(net.apply)
print(predict(variables, x).sum())
print(len(AUDIT))
