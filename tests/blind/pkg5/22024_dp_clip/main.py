# Models a differential-privacy toolkit that clips per-example gradients of a SciPy-backed probit loss, mapped over examples.
import jax.numpy as jnp
from dpkit import clip_and_average, objective

feats = jnp.array([[0.3, -0.2], [0.9, 0.4], [-0.6, 0.1], [0.2, 0.2]])
labels = jnp.array([1.0, 0.0, 1.0, 0.0])
theta = jnp.array([0.5, 0.5])

if __name__ == "__main__":
    g = clip_and_average(objective("probit"), theta, feats, labels, max_norm=0.5)
    print(g)
