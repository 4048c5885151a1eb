"""Flax NNX regressor whose hidden nonlinearity is the Debye function D1,
evaluated by a tabulated host routine (scipy quad) via pure_callback."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from scipy import integrate


def _debye1(z):
    z = np.asarray(z, dtype=np.float64)
    out = np.empty_like(z)
    for i, v in np.ndenumerate(z):
        a = abs(float(v)) + 1e-6
        out[i] = integrate.quad(lambda t: t / np.expm1(t), 0.0, a)[0] / a
    return out.astype(np.float32)


def debye(z):
    return jax.pure_callback(_debye1, jax.ShapeDtypeStruct(z.shape, z.dtype), z,
                             vmap_method="sequential")


class DebyeMLP(nnx.Module):
    def __init__(self, din, dh, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, dh, rngs=rngs)
        self.out = nnx.Linear(dh, 1, rngs=rngs)

    def __call__(self, x):
        h = debye(self.inp(x))
        return self.out(h).squeeze(-1)


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(mse)(model, x, y)
    optimizer.update(model, grads)
    return loss


if __name__ == "__main__":
    model = DebyeMLP(2, 4, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.linspace(-1.0, 1.0, 10).reshape(5, 2)
    y = jnp.sum(x, axis=1)
    for _ in range(2):
        print(float(train_step(model, optimizer, x, y)))
