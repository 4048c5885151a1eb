# Models a ridge-regression app with an optax loop; a CSV metrics writer (io_callback in utils/host.py) is invoked from a separate jitted logging function on the step's outputs, outside value_and_grad.
import jax
import jax.numpy as jnp

from ridge.runner import run_training


if __name__ == "__main__":
    X = jax.random.normal(jax.random.PRNGKey(0), (8, 3))
    y = X @ jnp.array([1.0, -2.0, 0.5])
    w, rows = run_training(X, y, n_steps=3)
    print(w, rows)
