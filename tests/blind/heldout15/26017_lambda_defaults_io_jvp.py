import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

sink = []
emit = lambda v, _sink=sink: (_sink.append(np.asarray(v).copy()), np.asarray(v, np.float32))[1]

def observe(v, tag="state"):
    print(f"observing {tag}")
    return io_callback(emit, jax.ShapeDtypeStruct(v.shape, jnp.float32), v)

def flow(x, k=0.3, obs=observe):
    y = x * jnp.exp(-k)
    return obs(y) + 0.5 * y

x0 = jnp.array([1.0, 2.0])
print(flow(x0))
primal, tangent = jax.jvp(flow, (x0,), (jnp.array([1.0, 0.0]),))
print(primal, tangent, len(sink))
