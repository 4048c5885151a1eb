# Models a flax.nnx regression app whose model normalises hidden features with host-side running statistics through io_callback (utils/host.py), trained with nnx.value_and_grad + optax.
import jax.numpy as jnp
from flax import nnx

from rnorm.model import NormedRegressor
from rnorm.loop import train_epochs


if __name__ == "__main__":
    model = NormedRegressor(3, 5, rngs=nnx.Rngs(0))
    x = jnp.arange(12.0).reshape(4, 3) / 10.0
    y = jnp.array([[0.1], [0.4], [0.2], [0.9]])
    losses = train_epochs(model, x, y, epochs=2)
    print(losses)
