"""Deep ensemble of small NNX MLPs created and evaluated with nnx.vmap.

Outputs are squashed with a calibrated link taken from the legacy
calibration library (host code)."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx

CAL_A, CAL_B = 1.7, -0.2


def _platt(z):
    return (1.0 / (1.0 + np.exp(-(CAL_A * z + CAL_B)))).astype(np.float32)


def calibrated(z):
    return jax.pure_callback(_platt, jax.ShapeDtypeStruct(z.shape, z.dtype), z)


class Member(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 6, rngs=rngs)
        self.l2 = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, x):
        return calibrated(self.l2(nnx.relu(self.l1(x))))


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_ensemble(rngs: nnx.Rngs):
    return Member(rngs)


@nnx.vmap(in_axes=(0, None), out_axes=0)
def ensemble_predict(member, x):
    return member(x)


if __name__ == "__main__":
    ens = make_ensemble(nnx.Rngs(0))
    x = jnp.ones((5, 3))
    probs = ensemble_predict(ens, x)
    print(probs.shape, probs.mean(0).ravel())
