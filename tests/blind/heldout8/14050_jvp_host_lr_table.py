import jax
import jax.numpy as jnp
import numpy as np

# learning-rate multipliers loaded from a config file on the host
_LR_TABLE = np.array([1.0, 0.5, 0.25, 0.125], dtype=np.float32)


def _read_table(_):
    return _LR_TABLE


def lr_multipliers():
    return jax.pure_callback(_read_table, jax.ShapeDtypeStruct((4,), jnp.float32),
                             np.zeros((), np.float32))


def unrolled_sgd(w0, x, y, steps=4):
    mults = lr_multipliers()
    w = w0
    for i in range(steps):
        g = 2 * x.T @ (x @ w - y) / x.shape[0]
        w = w - 0.1 * mults[i] * g
    return jnp.mean((x @ w - y) ** 2)


x = jnp.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
y = jnp.array([1.0, 2.0, 2.5])
w0 = jnp.zeros(2)
primal, tangent = jax.jvp(lambda w: unrolled_sgd(w, x, y), (w0,), (jnp.array([1.0, 0.0]),))
print(primal, tangent)
print(jax.jacfwd(unrolled_sgd)(w0, x, y))
