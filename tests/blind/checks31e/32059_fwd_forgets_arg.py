# Re-expresses the forward-rule / primal agreement theme of lucidrains/flash-attention-jax PR #8 (there the outputs disagreed; here the arguments)
"""Single-head attention with a hand-written VJP; the forward rule forgot the value argument."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def attention(q, k, v):
    w = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), axis=-1)
    return w @ v


def attention_fwd(q, k):
    w = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), axis=-1)
    return w, (q, k, w)


def attention_bwd(res, do):
    q, k, v, w = res
    dv = w.T @ do
    dw = do @ v.T
    ds = w * (dw - jnp.sum(dw * w, axis=-1, keepdims=True))
    scale = 1.0 / jnp.sqrt(q.shape[-1])
    return ds @ k * scale, ds.T @ q * scale, dv


attention.defvjp(attention_fwd, attention_bwd)


def loss(q, k, v):
    return jnp.sum(attention(q, k, v) ** 2)


q = jnp.ones((2, 4))
k = jnp.eye(2, 4)
v = jnp.arange(8.0).reshape(2, 4)
print(jax.grad(loss, argnums=(0, 1, 2))(q, k, v))
