"""A/B comparison of model errors with a host permutation test."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.stats import permutation_test

TEST_OPTS = {"vectorized": True, "n_resamples": 199, "alternative": "two-sided"}


def host_pvalue(err_a, err_b):
    err_a, err_b = np.asarray(err_a), np.asarray(err_b)
    stat = lambda x, y, axis: np.mean(x, axis=axis) - np.mean(y, axis=axis)
    res = permutation_test((err_a, err_b), stat, rng=np.random.default_rng(0), **TEST_OPTS)
    return np.float32(res.pvalue)


@jax.jit
def compare_models(x, y, wa, wb):
    ea = (x @ wa - y) ** 2
    eb = (x @ wb - y) ** 2
    p = jax.pure_callback(host_pvalue, jax.ShapeDtypeStruct((), jnp.float32), ea, eb)
    return ea.mean() - eb.mean(), p


if __name__ == "__main__":
    x = jax.random.normal(jax.random.key(0), (12, 2))
    y = x @ jnp.array([1.0, -1.0])
    print(compare_models(x, y, jnp.array([1.0, -1.0]), jnp.array([0.5, 0.0])))
