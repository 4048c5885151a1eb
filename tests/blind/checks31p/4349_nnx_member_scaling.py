"""nnx ensemble: each member's inputs are standardised by a host routine, members vmapped."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx

HOST_OPTS = dict(vmap_method="sequential", vectorized=False)


def host_standardize(x, vectorized=False):
    x = np.asarray(x, dtype=np.float64)
    mu, sd = x.mean(axis=-1, keepdims=True), x.std(axis=-1, keepdims=True) + 1e-6
    return ((x - mu) / sd).astype(np.float32)


class Member(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
        z = jax.pure_callback(host_standardize, spec, x, **HOST_OPTS)
        return self.lin(z).squeeze(-1)


@nnx.split_rngs(splits=3)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_ensemble(rngs: nnx.Rngs):
    return Member(rngs)


@nnx.jit
def ensemble_predict(ens, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0)
    def one(member, x):
        return member(x)
    return one(ens, x)


if __name__ == "__main__":
    ens = make_ensemble(nnx.Rngs(0))
    x = jnp.asarray(np.random.default_rng(0).normal(size=(4, 3)), dtype=jnp.float32)
    preds = ensemble_predict(ens, x)
    print(preds.shape, np.round(np.asarray(preds.mean(0)), 3))
