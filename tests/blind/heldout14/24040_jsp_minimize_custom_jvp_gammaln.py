"""Gamma MLE with jax.scipy.optimize.minimize; the host log-gamma carries a
custom_jvp whose derivative (digamma) is also evaluated on the host from the
primal value."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.optimize import minimize
from scipy import special


def _call(fn, a):
    return jax.pure_callback(lambda v: fn(np.asarray(v, np.float64)).astype(np.float32),
                             jax.ShapeDtypeStruct(a.shape, jnp.float32), a,
                             vmap_method="sequential")


@jax.custom_jvp
def gammaln(a):
    return _call(special.gammaln, a)


@gammaln.defjvp
def _gammaln_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    return _call(special.gammaln, a), _call(special.digamma, a) * da


def neg_loglik(log_params, data):
    shape, rate = jnp.exp(log_params[0]), jnp.exp(log_params[1])
    n = data.shape[0]
    ll = (n * (shape * jnp.log(rate) - gammaln(shape))
          + (shape - 1.0) * jnp.sum(jnp.log(data)) - rate * jnp.sum(data))
    return -ll / n


if __name__ == "__main__":
    rng = np.random.default_rng(5)
    data = jnp.asarray(rng.gamma(2.5, 1 / 1.5, size=40), jnp.float32)
    res = minimize(neg_loglik, jnp.zeros(2), args=(data,), method="BFGS",
                   options={"maxiter": 30})
    print(jnp.exp(res.x), res.fun)
