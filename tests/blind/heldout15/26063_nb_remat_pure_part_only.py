# %%
import os
import tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

LOGFILE = os.path.join(tempfile.mkdtemp(), "acts.txt")

# %%
def _append(v):
    with open(LOGFILE, "a") as fh:
        fh.write(f"{float(v):.6f}\n")
    return np.int32(0)

@jax.checkpoint
def attention_core(q, k):
    s = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]))
    return s @ k

def attention_block(q, k):
    out = attention_core(q, k)
    io_callback(_append, jax.ShapeDtypeStruct((), jnp.int32), jax.lax.stop_gradient(out.mean()))
    return out

# %%
def objective(q, k):
    return jnp.sum(attention_block(q, k) ** 2)

q = jnp.ones((2, 4)) * 0.1
k = jnp.arange(12.0).reshape(3, 4) / 10
print(objective(q, k))

# %%
val, grads = jax.value_and_grad(objective, argnums=(0, 1))(q, k)
jax.effects_barrier()
print(val, [g.shape for g in grads])
print(open(LOGFILE).read())
