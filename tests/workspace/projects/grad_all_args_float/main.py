"""As grad_all_args_int, but `argnums` leaves out the last argument (the integer labels):
JAX differentiates only the float ones."""
import jax.numpy as jnp
from model import score
from sensitivity import leading_gradients

w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
labels = jnp.array([[0, 1], [1, 0], [1, 1], [0, 0]])
print(leading_gradients(score, w, x, labels))
