import jax
import jax.numpy as jnp


@jax.custom_jvp
def round_ste(x):
    return jnp.round(x)


@round_ste.defjvp
def _round_ste_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return round_ste(x), t


def qat_loss(w, x, y, bits=4):
    scale = 2.0 ** (bits - 1)
    wq = round_ste(w * scale) / scale
    pred = x @ wq
    return jnp.mean((pred - y) ** 2) + 0.1 * jnp.sum(w ** 2)


w = jnp.array([0.33, -0.71, 0.12])
x = jnp.array([[1.0, 0.0, 2.0], [0.5, 1.5, -1.0]])
y = jnp.array([0.5, -1.0])
print(jax.grad(qat_loss)(w, x, y))
print(jax.hessian(qat_loss)(w, x, y))
print(jax.jacfwd(jax.grad(qat_loss))(w, x, y).shape)
