"""A variadic custom_vjp keeps its arguments as residuals; the bwd loops over
`range(len(terms))`: one cotangent per argument."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def weighted_sum(*terms):
    out = terms[0]
    for k, t in enumerate(terms[1:], start=2):
        out = out + k * t
    return out


def _fwd(*terms):
    return weighted_sum(*terms), terms


def _bwd(terms, g):
    grads = []
    for i in range(len(terms)):
        grads.append(g * (i + 1) * jnp.ones_like(terms[i]))
    return tuple(grads)


weighted_sum.defvjp(_fwd, _bwd)

if __name__ == "__main__":
    a, b, c = jnp.float32(1.0), jnp.float32(2.0), jnp.float32(3.0)
    print(jax.grad(lambda a, b, c: weighted_sum(a, b, c), argnums=(0, 1, 2))(a, b, c))
