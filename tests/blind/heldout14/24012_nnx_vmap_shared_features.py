"""NNX ensemble evaluated with nnx.vmap; the input features are computed on
the host (a Fourier-feature table read from the experiment config) and are
shared by every member."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx

FREQS = np.array([0.5, 1.0, 2.0], dtype=np.float32)


def _fourier(t):
    t = np.asarray(t, np.float32)[:, None]
    return np.concatenate([np.sin(t * FREQS), np.cos(t * FREQS)], axis=1).astype(np.float32)


def fourier_features(t):
    return jax.pure_callback(_fourier, jax.ShapeDtypeStruct((t.shape[0], 6), jnp.float32), t)


class Head(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, t):
        feats = fourier_features(t)
        return self.lin(feats)[:, 0]


@nnx.split_rngs(splits=3)
@nnx.vmap(in_axes=(0,), out_axes=0)
def build(rngs: nnx.Rngs):
    return Head(rngs)


@nnx.vmap(in_axes=(0, None), out_axes=0)
def predict_all(head, t):
    return head(t)


def ensemble_loss(heads, t, y):
    preds = predict_all(heads, t)
    return jnp.mean((preds - y[None]) ** 2)


if __name__ == "__main__":
    heads = build(nnx.Rngs(2))
    t = jnp.linspace(0.0, 3.0, 7)
    y = jnp.sin(t)
    loss, grads = nnx.value_and_grad(ensemble_loss)(heads, t, y)
    print(float(loss), grads.lin.kernel.value.shape)
