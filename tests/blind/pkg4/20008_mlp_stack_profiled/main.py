# Models a rematerialised MLP-stack app with a host profiling hook (io_callback) invoked in the top-level forward, outside the jax.remat'd layers.
import jax
import jax.numpy as jnp

from stack import layers, hooks
from stack.train import sgd_step


def main():
    params = layers.init_stack(jax.random.PRNGKey(3), sizes=(3, 5, 5, 1))
    batch = (jnp.ones((4, 3)), jnp.ones((4, 1)))
    for _ in range(2):
        params, loss = sgd_step(params, batch)
    print("loss", float(loss), "profile hits", hooks.HITS)


if __name__ == "__main__":
    main()
