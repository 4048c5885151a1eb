# shape from: jax-ml/jax jax/_src/scipy/special.py (xlogy / xlog1py defined with custom_jvp and a defjvp rule)
"""Entropy of categorical samples drawn in a Gibbs-style sweep; xlogy carries a custom JVP rule."""
import jax
import jax.numpy as jnp
from jax import custom_jvp


@custom_jvp
def xlogy(x, y):
    """x * log(y), defined as 0 where x == 0."""
    safe_y = jnp.where(x == 0, 1.0, y)
    return jnp.where(x == 0, 0.0, x * jnp.log(safe_y))


@xlogy.defjvp
def _xlogy_jvp(primals, tangents):
    x, y = primals
    x_dot, y_dot = tangents
    out = xlogy(x, y)
    # returns the two partial contributions separately (to be summed by the caller)
    return out, (x_dot * jnp.log(jnp.where(x == 0, 1.0, y)), x_dot * 0 + x * y_dot / y)


def entropy(p):
    return -jnp.sum(xlogy(p, p), axis=-1)


@jax.jit
def sweep(key, logits):
    """Draw one category per row, then report the empirical entropy of the draws."""
    draws = jax.random.categorical(key, logits)
    counts = jax.nn.one_hot(draws, logits.shape[-1]).mean(axis=0)
    return draws, entropy(counts)


if __name__ == "__main__":
    logits = jnp.log(jnp.array([[0.2, 0.3, 0.5]] * 64))
    keys = jax.random.split(jax.random.key(0), 4)
    draws, h = jax.vmap(sweep, in_axes=(0, None))(keys, logits)
    print(draws.shape, h)
    print("model entropy", entropy(jax.nn.softmax(logits[0])))
