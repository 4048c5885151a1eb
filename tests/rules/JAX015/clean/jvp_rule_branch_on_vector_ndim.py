"""A custom_jvp rule that packs its tangents into one array for stacked inputs; the input here
is a vector (`arange(4.0).reshape(4)` is 1-d), so the rule returns a matching pair."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def center_scale(x):
    m = jnp.mean(x, axis=-1)
    return m, jnp.mean((x - m[..., None]) ** 2, axis=-1)


@center_scale.defjvp
def _center_scale_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    m, v = center_scale(x)
    tm = jnp.mean(tx, axis=-1)
    tv = 2.0 * jnp.mean((x - m[..., None]) * (tx - tm[..., None]), axis=-1)
    if x.ndim == 1:
        return (m, v), (tm, tv)
    return (m, v), jnp.stack([tm, tv])


def objective(x):
    m, v = center_scale(x)
    return jnp.sum(m + v)


if __name__ == "__main__":
    batch = jnp.arange(4.0).reshape(4)
    print(jax.grad(objective)(batch))
