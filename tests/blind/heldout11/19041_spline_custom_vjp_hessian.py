# Models: monotone rational-quadratic spline (normalizing-flow bijector) with a hand-written custom_vjp; Fisher/curvature via jax.hessian of the log-density
import jax
import jax.numpy as jnp


@jax.custom_vjp
def softplus_stable(x):
    return jnp.logaddexp(x, 0.0)


def _sp_fwd(x):
    return jnp.logaddexp(x, 0.0), jax.nn.sigmoid(x)


def _sp_bwd(sig, g):
    return (g * sig,)


softplus_stable.defvjp(_sp_fwd, _sp_bwd)


def bijector(theta, z):
    scale = softplus_stable(theta["s"]) + 1e-3
    return scale * z + theta["m"]


def log_density(theta, x):
    scale = softplus_stable(theta["s"]) + 1e-3
    z = (x - theta["m"]) / scale
    return jnp.sum(-0.5 * z ** 2 - jnp.log(scale) - 0.5 * jnp.log(2 * jnp.pi))


def fisher_diag(theta, x):
    H = jax.hessian(log_density)(theta, x)
    return {k: -H[k][k] for k in theta}


if __name__ == "__main__":
    theta = {"m": jnp.array(0.1), "s": jnp.array(0.3)}
    x = jnp.array([0.2, -0.4, 1.1, 0.7])
    print(bijector(theta, x))
    print(jax.grad(log_density)(theta, x))
    print(fisher_diag(theta, x))
