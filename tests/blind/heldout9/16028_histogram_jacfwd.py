# sensitivity of a weighted histogram summary w.r.t. the bin assignment vector
import jax
import jax.numpy as jnp


def weighted_summary(bin_ids, weights=jnp.array([0.2, 0.5, 0.3])):
    one_hot = jax.nn.one_hot(bin_ids, 3)
    return one_hot @ weights * (1.0 + 0.1 * bin_ids)


bin_ids = jnp.array([0, 2, 1, 1])
print(weighted_summary(bin_ids))
print(jax.jacfwd(weighted_summary)(bin_ids))
