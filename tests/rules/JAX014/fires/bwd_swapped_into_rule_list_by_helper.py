"""A helper replaces the bwd in the list of rules it is given (the module's own list, not a
copy), and `defvjp(*RULES)` then installs a bwd returning a bare array for two inputs."""
import jax
import jax.numpy as jnp


def scaled(x, s):
    return s * jnp.tanh(x)


def _fwd(x, s):
    return scaled(x, s), (x, s)


def _bwd(res, g):
    x, s = res
    return g * s * (1 - jnp.tanh(x) ** 2), jnp.sum(g * jnp.tanh(x))


def _bwd_x_only(res, g):  # EXPECT: JAX014
    x, s = res
    return g * s * (1 - jnp.tanh(x) ** 2)


def use_cheap_bwd(pair):
    pair[-1] = _bwd_x_only


scaled_tanh = jax.custom_vjp(scaled)
RULES = [_fwd, _bwd]
use_cheap_bwd(RULES)
scaled_tanh.defvjp(*RULES)

if __name__ == "__main__":
    print(jax.grad(lambda x: jnp.sum(scaled_tanh(x, 2.0)))(jnp.ones(3)))
