# Models a DP-style training library computing per-example gradients of a loss that uses a SciPy log-survival kernel (custom JVP).
import jax.numpy as jnp
import privlib

xs = jnp.array([[0.1, 0.4], [1.2, -0.3], [0.5, 0.5]])
ys = jnp.array([0.0, 1.0, 1.0])
w = jnp.array([0.2, -0.1])

if __name__ == "__main__":
    loss_fn = privlib.losses.get("probit")
    norms = privlib.training.per_example_grad_norms(loss_fn, w, xs, ys)
    print(norms)
