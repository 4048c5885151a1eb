# %%
import jax
import jax.numpy as jnp
from jax.experimental import io_callback
import numpy as np

history = []

# %%
def _record(v):
    history.append(float(v))
    return np.float32(v)

def logged(v):
    # pass the value through the host so it ends up in `history`
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), v)

# %%
def loss(theta):
    resid = jnp.tanh(theta) - jnp.array([0.2, -0.1, 0.4])
    mse = jnp.mean(resid ** 2)
    return logged(mse)

theta = jnp.zeros(3)
print(loss(theta), history)

# %%
lr = 0.5
for step in range(3):
    val, g = jax.value_and_grad(loss)(theta)
    theta = theta - lr * g
print(history)
