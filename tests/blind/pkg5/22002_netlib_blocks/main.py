# Models a small NN library whose rematerialised residual block records activations through a host-side tracer.
import jax
import jax.numpy as jnp
from netlib import build_model, init_params

params = init_params(jax.random.PRNGKey(0), width=4, depth=2)
xb = jnp.ones((3, 4)) * 0.5
yb = jnp.zeros((3, 4))


def mse(p):
    model = build_model(depth=2)
    return jnp.mean((model(p, xb) - yb) ** 2)


if __name__ == "__main__":
    print("loss", mse(params))
    grads = jax.grad(mse)(params)
    print(jax.tree_util.tree_map(jnp.shape, grads))
