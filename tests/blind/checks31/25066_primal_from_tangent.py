import jax
import jax.numpy as jnp


@jax.custom_jvp
def smooth_relu(x):
    return jnp.logaddexp(x, 0.0)


@smooth_relu.defjvp
def smooth_relu_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    sig = jax.nn.sigmoid(x)
    y = jnp.logaddexp(x + 0.0 * dx, 0.0)
    return y, sig * dx


def objective(w):
    return jnp.sum(smooth_relu(w * jnp.array([1.0, -2.0])))


print(jax.grad(objective)(jnp.array([0.5, 0.5])))
