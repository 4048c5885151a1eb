"""Linen multi-head block where nn.vmap lifts a head that calls a host-side sorting kernel."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


def host_sparsemax(z):
    z = np.asarray(z, dtype=np.float64)
    zs = -np.sort(-z, axis=-1)
    k = np.arange(1, z.shape[-1] + 1)
    cssv = np.cumsum(zs, axis=-1) - 1
    support = zs - cssv / k > 0
    k_z = support.sum(axis=-1, keepdims=True)
    tau = np.take_along_axis(cssv, k_z - 1, axis=-1) / k_z
    return np.maximum(z - tau, 0).astype(np.float32)


class SparseHead(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, x):
        scores = nn.Dense(x.shape[0], use_bias=False)(x)
        attn = jax.pure_callback(host_sparsemax, jax.ShapeDtypeStruct(scores.shape, scores.dtype),
                                 scores, vmap_method="legacy_vectorized")
        return attn @ nn.Dense(self.dim)(x)


class MultiHead(nn.Module):
    heads: int = 3

    @nn.compact
    def __call__(self, x):
        Heads = nn.vmap(SparseHead, in_axes=None, out_axes=0,
                        variable_axes={"params": 0}, split_rngs={"params": True},
                        axis_size=self.heads)
        return Heads()(x).mean(0)


if __name__ == "__main__":
    x = jax.random.normal(jax.random.PRNGKey(0), (5, 4))
    model = MultiHead()
    variables = jax.jit(model.init)(jax.random.PRNGKey(1), x)
    y = jax.jit(model.apply)(variables, x)
    print(y.shape, float(jnp.abs(y).sum()))
