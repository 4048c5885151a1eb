import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


@eqx.filter_jit
def _refine(a):
    return a - 0.1 * jnp.sin(a)


def polish(raw):
    arr = np.asarray(raw)
    for _ in range(2):
        arr = np.asarray(_refine(arr))
    return arr


class Solver(eqx.Module):
    weight: jax.Array

    def __call__(self, x):
        guess = self.weight * x
        return jax.pure_callback(polish, jax.ShapeDtypeStruct(guess.shape, guess.dtype), guess)


model = Solver(jnp.array([1.0, 2.0]))
print(eqx.filter_jit(model)(jnp.array([0.3, 0.4])))
