import jax
import jax.numpy as jnp


@jax.custom_jvp
def log_cosh(x):
    return jnp.logaddexp(x, -x) - jnp.log(2.0)


@log_cosh.defjvp
def _cosh_rule(primals, tangents):
    (x,), (dx,) = primals, tangents
    return log_cosh(x), [jnp.tanh(x) * dx]


@jax.custom_vjp
def smooth(x):
    return log_cosh(x)


def smooth_fwd(x):
    return log_cosh(x), x


def smooth_bwd(x, g):
    return (g * jnp.tanh(x),)


smooth.defvjp(smooth_fwd, smooth_bwd)


def loss(theta, xs):
    plain = smooth  # its own bwd runs: the inner rule never does
    return jnp.sum(plain(xs - theta))


if __name__ == "__main__":
    print(jax.grad(loss)(jnp.float32(0.5), jnp.array([1.0, 2.0], jnp.float32)))
