"""JAX applies the function's defaults before calling the rules: two cotangents for `f(x)`."""
import jax


@jax.custom_vjp
def scaled(x, scale=2.0):
    return x * scale


def scaled_fwd(x, scale=2.0):
    return x * scale, (x, scale)


def scaled_bwd(res, g):
    x, scale = res
    return (g * scale, g * x)


scaled.defvjp(scaled_fwd, scaled_bwd)

print(jax.grad(scaled)(1.0))
