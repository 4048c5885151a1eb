"""A JVP rule whose tangent layout a `match` on an enum member picks: the PAIR case keeps the
two tangents a tuple, as the primal is; the STACKED case, never taken, is not read."""
import enum

import jax
import jax.numpy as jnp


class Layout(enum.Enum):
    PAIR = "pair"
    STACKED = "stacked"


LAYOUT = Layout.PAIR


@jax.custom_jvp
def moments(x):
    return jnp.mean(x), jnp.mean(x ** 2)


@moments.defjvp
def moments_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    out = moments(x)
    dm, ds = jnp.mean(t), jnp.mean(2 * x * t)
    match LAYOUT:
        case Layout.PAIR:
            return out, (dm, ds)
        case Layout.STACKED:
            return out, jnp.stack([dm, ds])


print(jax.grad(lambda x: sum(moments(x)))(jnp.array([1.0, 2.0])))
