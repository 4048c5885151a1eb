# shape from: lucidrains/flash-attention-jax (custom_vjp attention: fwd returns (out, residuals), hand-written bwd; see PR #8)
"""Single-head attention with a hand-written backward pass and a static `causal` flag."""
from functools import partial

import jax
import jax.numpy as jnp


def _scores(q, k, causal: bool):
    s = q @ k.T / jnp.sqrt(q.shape[-1])
    if causal:
        n = s.shape[0]
        s = jnp.where(jnp.tril(jnp.ones((n, n), bool)), s, -1e9)
    return s


@partial(jax.custom_vjp, nondiff_argnums=(3,))
def attention(q, k, v, causal: bool = False):
    p = jax.nn.softmax(_scores(q, k, causal), axis=-1)
    return p @ v


def _attention_fwd(q, k, v, causal):
    p = jax.nn.softmax(_scores(q, k, causal), axis=-1)
    return p @ v, (q, k, v, p)


def _attention_bwd(causal, res, do):
    del causal  # the mask is already folded into p
    q, k, v, p = res
    dv = p.T @ do
    dp = do @ v.T
    ds = p * (dp - jnp.sum(dp * p, axis=-1, keepdims=True))
    scale = 1.0 / jnp.sqrt(q.shape[-1])
    return ds @ k * scale, ds.T @ q * scale, dv


attention.defvjp(_attention_fwd, _attention_bwd)


def block(params, x, causal=True):
    q, k, v = (x @ params[n] for n in ("wq", "wk", "wv"))
    return x + attention(q, k, v, causal)


if __name__ == "__main__":
    keys = jax.random.split(jax.random.key(0), 4)
    d = 4
    params = {n: jax.random.normal(kk, (d, d)) * 0.3 for n, kk in zip(("wq", "wk", "wv"), keys)}
    x = jax.random.normal(keys[3], (5, d))
    print(block(params, x).shape)
    grads = jax.grad(lambda p: jnp.sum(block(p, x) ** 2))(params)
    print({n: g.shape for n, g in grads.items()})
