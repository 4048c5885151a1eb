"""A JVP rule whose tangent layout a `match` on an enum member picks: the STACKED case packs the
two tangents of a tuple primal into one array. Only the case the member selects counts."""
import enum

import jax
import jax.numpy as jnp


class Layout(enum.Enum):
    PAIR = "pair"
    STACKED = "stacked"


LAYOUT = Layout.STACKED


@jax.custom_jvp
def moments(x):
    return jnp.mean(x), jnp.mean(x ** 2)


@moments.defjvp
def moments_jvp(primals, tangents):  # EXPECT: JAX015
    (x,), (t,) = primals, tangents
    out = moments(x)
    dm, ds = jnp.mean(t), jnp.mean(2 * x * t)
    match LAYOUT:
        case Layout.PAIR:
            return out, (dm, ds)
        case Layout.STACKED:
            return out, jnp.stack([dm, ds])


print(jax.grad(lambda x: sum(moments(x)))(jnp.array([1.0, 2.0])))
