import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_product(x, y, scale):
    return scale * x * y


def scaled_product_fwd(x, y, scale):
    return scaled_product(x, y, scale), (x, y, scale)


def scaled_product_bwd(res, g):  # EXPECT: JAX014
    x, y, scale = res
    grads = []
    for other in res[1:]:
        grads.append(g * other)
    return tuple(grads)


scaled_product.defvjp(scaled_product_fwd, scaled_product_bwd)

if __name__ == "__main__":
    print(jax.grad(scaled_product)(jnp.float32(1.0), jnp.float32(2.0), jnp.float32(3.0)))
