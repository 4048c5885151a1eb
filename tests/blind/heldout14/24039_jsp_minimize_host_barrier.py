"""Maximum-likelihood fit of a gamma distribution with
jax.scipy.optimize.minimize (BFGS).  The log-gamma normaliser comes from
the host (scipy.special.gammaln, same as the reference implementation)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.optimize import minimize
from scipy import special


def _gammaln(a):
    return special.gammaln(np.asarray(a, np.float64)).astype(np.float32)


def host_gammaln(a):
    return jax.pure_callback(_gammaln, jax.ShapeDtypeStruct(a.shape, jnp.float32), a,
                             vmap_method="expand_dims")


def neg_loglik(log_params, data):
    shape, rate = jnp.exp(log_params[0]), jnp.exp(log_params[1])
    n = data.shape[0]
    ll = (n * (shape * jnp.log(rate) - host_gammaln(shape))
          + (shape - 1.0) * jnp.sum(jnp.log(data)) - rate * jnp.sum(data))
    return -ll / n


if __name__ == "__main__":
    rng = np.random.default_rng(5)
    data = jnp.asarray(rng.gamma(2.5, 1 / 1.5, size=40), jnp.float32)
    x0 = jnp.zeros(2)
    print("nll at x0", float(neg_loglik(x0, data)))
    res = minimize(neg_loglik, x0, args=(data,), method="BFGS", options={"maxiter": 30})
    print(jnp.exp(res.x), res.success)
