"""A flax nnx Module whose host nonlinearity is wrapped in custom_jvp; nnx.value_and_grad training under nnx.jit runs."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx


def _np_softclip(x):
    return (np.sign(x) * np.log1p(np.abs(x))).astype(np.float32)


@jax.custom_jvp
def softclip(x):
    return jax.pure_callback(_np_softclip, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@softclip.defjvp
def _softclip_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return softclip(x), dx / (1.0 + jnp.abs(x))


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense1 = nnx.Linear(2, 8, rngs=rngs)
        self.dense2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.dense2(softclip(self.dense1(x))).squeeze(-1)


model = Regressor(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    return loss


x = jnp.array([[0.0, 1.0], [1.0, 2.0], [2.0, 0.5]])
y = jnp.array([0.5, 1.0, -0.5])
for _ in range(2):
    loss = train_step(model, optimizer, x, y)
print(loss)
