import jax
import jax.numpy as jnp


@jax.custom_jvp
def logsumexp2(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def logsumexp2_jvp(primals, tangents, out=None):
    a, b = primals
    da, db = tangents
    y = logsumexp2(a, b)
    return y, jnp.exp(a - y) * da + jnp.exp(b - y) * db


logsumexp2.defjvp(lambda primals, tangents, out: logsumexp2_jvp(primals, tangents, out))

print(jax.grad(logsumexp2)(1.0, 2.0))
