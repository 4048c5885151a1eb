"""Every positional argument differentiated (`argnums` built from `len(args)` in another
module): the integer labels are one of them, which grad rejects."""
import jax.numpy as jnp
from model import score
from sensitivity import every_gradient

w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
labels = jnp.array([[0, 1], [1, 0], [1, 1], [0, 0]])
print(every_gradient(score, w, x, labels))  # EXPECT: JAX010
