"""A black-box-ish special function given a finite-difference JVP rule."""
import jax
import jax.numpy as jnp

EPS = 1e-3


@jax.custom_jvp
def softplus_sq(x):
    return jnp.log1p(jnp.exp(x)) ** 2


@softplus_sq.defjvp
def softplus_sq_fd(primals, tangents):
    (x,), (t,) = primals, tangents
    bumped = softplus_sq(x + EPS * t)
    base = softplus_sq(x)
    return bumped, (bumped - base) / EPS


def objective(theta):
    return jnp.sum(softplus_sq(theta) * jnp.array([1.0, 2.0, 0.5]))


theta = jnp.array([0.1, -0.4, 2.0])
direction = jnp.array([1.0, 0.0, 0.0])
value, dvalue = jax.jvp(objective, (theta,), (direction,))
print(value, dvalue)
