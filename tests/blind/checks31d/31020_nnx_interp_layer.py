"""flax.nnx layer with a host-evaluated calibration curve."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx

_KNOTS = np.linspace(-3.0, 3.0, 7)
_VALUES = np.tanh(_KNOTS) * 1.1


def calibration_curve(z):
    z = np.asarray(z)
    return np.asarray(jnp.interp(z, _KNOTS, _VALUES), dtype=z.dtype)


class Calibrated(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.lin = nnx.Linear(din, dout, rngs=rngs)

    def __call__(self, x):
        z = self.lin(x)
        cal = jax.pure_callback(calibration_curve, jax.ShapeDtypeStruct(z.shape, z.dtype),
                                jax.lax.stop_gradient(z))
        return z + jax.lax.stop_gradient(cal - z)


model = Calibrated(3, 2, nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


@nnx.jit
def step(model, opt, x, y):
    def loss(m):
        return jnp.mean((m(x) - y) ** 2)
    l, g = nnx.value_and_grad(loss)(model)
    opt.update(model, g)
    return l


if __name__ == "__main__":
    x = jnp.ones((4, 3)); y = jnp.zeros((4, 2))
    print(step(model, opt, x, y), step(model, opt, x, y))
