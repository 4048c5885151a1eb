# Models: host-evaluated incomplete gamma (scipy) as a custom_jvp with symbolic_zeros=True, inside jax.named_scope/named_call profiling scopes, differentiated w.r.t. one of two args
import numpy as np
import scipy.special as sc
import jax
import jax.numpy as jnp
from jax.custom_derivatives import SymbolicZero


def _host(fn):
    def run(*args):
        args = [np.asarray(a) for a in args]
        return fn(*args).astype(args[-1].dtype)
    return run


def _cb(fn, *args):
    like = args[-1]
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(like.shape, like.dtype), *args,
                             vmap_method="expand_dims")


@jax.custom_jvp
def reg_gamma_p(a, x):
    return _cb(sc.gammainc, a, x)


def _reg_gamma_p_jvp(primals, tangents):
    a, x = primals
    da, dx = tangents
    out = reg_gamma_p(a, x)
    if not isinstance(da, SymbolicZero):
        raise NotImplementedError("derivative w.r.t. shape parameter")
    dens = jnp.exp((a - 1) * jnp.log(x) - x - _cb(sc.gammaln, a))
    t = jnp.zeros_like(out) if isinstance(dx, SymbolicZero) else dens * dx
    return out, t


reg_gamma_p.defjvp(_reg_gamma_p_jvp, symbolic_zeros=True)


def waiting_time_cdf(rate, t, k):
    with jax.named_scope("erlang_cdf"):
        return reg_gamma_p(k, rate * t)


loglik = jax.named_call(lambda rate, t, k: jnp.sum(jnp.log(waiting_time_cdf(rate, t, k))),
                        name="loglik")


if __name__ == "__main__":
    t = jnp.array([0.5, 1.0, 2.0])
    k = jnp.array([2.0, 2.0, 3.0])
    rate = jnp.array(1.5)
    print(loglik(rate, t, k))
    print(jax.grad(loglik)(rate, t, k))
    print(jax.jit(jax.grad(loglik))(rate, t, k))
