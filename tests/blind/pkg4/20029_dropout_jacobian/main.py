# Models an MC-dropout uncertainty app: the stochastic forward takes (x, key) with a legacy uint32 jax.random.PRNGKey, and a sensitivity helper configured in config.py applies jax.jacfwd over every positional argument.
import jax
import jax.numpy as jnp

from mcdrop import config
from mcdrop.net import StochasticNet
from mcdrop.sensitivity import input_jacobian


if __name__ == "__main__":
    net = StochasticNet.create(jax.random.key(0), dims=(3, 6, 2), rate=config.DROP_RATE)
    x = jnp.array([0.3, -0.1, 0.8])
    key = jax.random.PRNGKey(42)
    jac = input_jacobian(net, x, key)
    print(jax.tree_util.tree_map(jnp.shape, jac))
