import jax
import jax.numpy as jnp
import numpy as np

_POS_TABLE = None


def _sinusoid(n_pos):
    n = int(n_pos)
    pos = np.arange(n)[:, None]
    i = np.arange(4)[None, :]
    return np.sin(pos / 10000 ** (i / 4)).astype(np.float32)


def positional(n):
    return jax.pure_callback(_sinusoid, jax.ShapeDtypeStruct((n, 4), jnp.float32), np.int32(n))


@jax.checkpoint
def attention_block(x, Wq, Wk):
    x = x + positional(x.shape[0])
    q, k = x @ Wq, x @ Wk
    a = jax.nn.softmax(q @ k.T / 2.0, axis=-1)
    return a @ x


def loss(params, x):
    return jnp.sum(attention_block(x, *params) ** 2)


params = (jnp.eye(4) * 0.5, jnp.eye(4) * 0.25)
x = jnp.arange(12.0).reshape(3, 4) / 12.0
print(jax.value_and_grad(loss)(params, x)[0])
