# Models a layered NN package with rematerialised blocks and a diagnostics hook that logs activation norms to the host.
import jax
import jax.numpy as jnp
import stacknet

params = stacknet.init(jax.random.PRNGKey(1), width=4, depth=3)
inputs = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)


def loss_fn(p):
    out = stacknet.forward(p, inputs)
    return jnp.sum(out ** 2)


if __name__ == "__main__":
    g = jax.grad(loss_fn)(params)
    print(len(g), stacknet.diag.log.HISTORY[:2])
