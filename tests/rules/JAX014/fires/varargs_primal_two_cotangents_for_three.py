import jax
import jax.numpy as jnp


@jax.custom_vjp
def product(*factors):
    out = factors[0]
    for f in factors[1:]:
        out = out * f
    return out


def product_fwd(*factors):
    return product(*factors), factors


def product_bwd(factors, ct):  # EXPECT: JAX014
    a, b = factors[0], factors[1]
    return (ct * b, ct * a)


product.defvjp(product_fwd, product_bwd)

if __name__ == "__main__":
    print(jax.grad(lambda a, b, c: product(a, b, c))(jnp.float32(1.0), jnp.float32(2.0), jnp.float32(3.0)))
