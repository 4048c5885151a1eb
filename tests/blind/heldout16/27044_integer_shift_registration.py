"""Image registration by integer translation plus a sub-pixel correction."""
import jax
import jax.numpy as jnp


def shift_image(img, shift):
    return jnp.roll(img, shift, axis=(0, 1))


def alignment_cost(shift, img, ref):
    return jnp.mean((shift_image(img, shift) - ref) ** 2)


yy, xx = jnp.mgrid[0:12, 0:12]
ref = jnp.exp(-((yy - 6.0) ** 2 + (xx - 5.0) ** 2) / 6.0)
img = jnp.exp(-((yy - 4.0) ** 2 + (xx - 7.0) ** 2) / 6.0)

shift = jnp.array([1, -1])
cost = alignment_cost(shift, img, ref)
print("cost", cost)
# follow the gradient of the cost in shift space
direction = jax.grad(alignment_cost)(shift, img, ref)
print(direction)
