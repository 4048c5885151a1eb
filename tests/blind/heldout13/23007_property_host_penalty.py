"""A model exposes its regulariser as a property; the property asks a host routine for a
robust norm of the weights."""
import dataclasses
import jax
import jax.numpy as jnp
import numpy as np


def _huber_np(w, delta=0.5):
    a = np.abs(np.asarray(w))
    return np.where(a < delta, 0.5 * a * a, delta * (a - 0.5 * delta)).sum().astype(np.float32)


@dataclasses.dataclass
class Ridge:
    w: jnp.ndarray
    lam: float = 0.1

    @property
    def penalty(self):
        return jax.pure_callback(_huber_np, jax.ShapeDtypeStruct((), jnp.float32), self.w)

    def predict(self, X):
        return X @ self.w

    @classmethod
    def loss_of(cls, w, X, y):
        m = cls(w)
        r = m.predict(X) - y
        return jnp.mean(r ** 2) + m.lam * m.penalty


if __name__ == "__main__":
    X = jnp.array([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0]])
    y = jnp.array([1.0, 0.0, 2.0])
    w = jnp.array([0.2, 0.1])
    print(Ridge.loss_of(w, X, y))
    print(jax.grad(Ridge.loss_of)(w, X, y))
