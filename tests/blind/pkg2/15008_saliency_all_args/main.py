import jax
import jax.numpy as jnp
from classifier import xent
from analysis import input_saliency

key = jax.random.PRNGKey(1)
w = jax.random.normal(key, (5, 3))
x = jax.random.normal(jax.random.PRNGKey(2), (4, 5))
labels = jnp.array([0, 2, 1, 1])

print("loss", xent(w, x, labels))
gw, gx, gl = input_saliency(xent, w, x, labels)
print(gx)
