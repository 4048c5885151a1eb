"""A bwd built by a factory returns one cotangent per item of a slice of the residuals: the
factory is given 2 where the custom_vjp function has 3 differentiable arguments."""
import jax


def make_bwd(n_inputs):
    def bwd(res, g):  # EXPECT: JAX014
        partials = res[:n_inputs]
        return tuple(g * p for p in partials)
    return bwd


@jax.custom_vjp
def volume(x, y, z):
    return x * y * z


def volume_fwd(x, y, z):
    return x * y * z, (y * z, x * z, x * y)


volume.defvjp(volume_fwd, make_bwd(2))
print(jax.grad(volume, argnums=(0, 1, 2))(1.0, 2.0, 3.0))
