"""A bwd returning one cotangent per item of a slice of residuals whose length the code does
not show (the fwd returns a tuple built elsewhere): nothing to count, nothing reported."""
import jax


def make_bwd(n_inputs):
    def bwd(res, g):
        partials = res[:n_inputs]
        return tuple(g * p for p in partials)
    return bwd


@jax.custom_vjp
def volume(x, y, z):
    return x * y * z


def volume_fwd(x, y, z):
    return x * y * z, tuple(jax.tree_util.tree_leaves([y * z, x * z, x * y]))


volume.defvjp(volume_fwd, make_bwd(3))
print(jax.grad(volume, argnums=(0, 1, 2))(1.0, 2.0, 3.0))
