# Models a deep-equilibrium (DEQ) layer app: the fixed point is found with a tolerance-driven lax.while_loop, and an optax trainer (loss injected by name) differentiates straight through the solver.
import jax
import jax.numpy as jnp

from deq import layers, train
from deq.losses import pick


def main():
    k1, k2 = jax.random.split(jax.random.PRNGKey(5))
    params = layers.init(k1, dim=3)
    x = jax.random.normal(k2, (4, 3))
    y = jnp.tanh(x)
    params, hist = train.run(params, x, y, loss=pick("mse"), epochs=2)
    print(hist)


if __name__ == "__main__":
    main()
