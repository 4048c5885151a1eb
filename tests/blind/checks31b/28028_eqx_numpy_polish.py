import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def _refine(a):
    return a - 0.1 * np.sin(a)


def polish(raw):
    arr = np.asarray(raw)
    for _ in range(2):
        arr = _refine(arr)
    return arr.astype(np.float32)


class Solver(eqx.Module):
    weight: jax.Array

    def __call__(self, x):
        guess = jnp.sin(self.weight * x)
        return jax.pure_callback(polish, jax.ShapeDtypeStruct(guess.shape, guess.dtype), guess)


model = Solver(jnp.array([1.0, 2.0]))
print(eqx.filter_jit(model)(jnp.array([0.3, 0.4])))
