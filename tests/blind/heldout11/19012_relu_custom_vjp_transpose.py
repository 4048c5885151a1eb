# Models: straight-through quantizer (jax.custom_vjp) inside a linear measurement operator whose adjoint is taken with jax.linear_transpose
import jax
import jax.numpy as jnp


@jax.custom_vjp
def straight_through(x):
    return x


def _st_fwd(x):
    return x, None


def _st_bwd(_, g):
    return (g,)


straight_through.defvjp(_st_fwd, _st_bwd)

SENSE = jnp.array([[1.0, 0.0, 2.0],
                   [0.0, 1.0, -1.0]])


def measure(x):
    # identity in the forward pass, but routed through the custom rule
    return SENSE @ straight_through(x)


def adjoint_of_measure():
    return jax.linear_transpose(measure, jnp.zeros(3))


def backproject(y):
    adj = adjoint_of_measure()
    (x,) = adj(y)
    return x


def cg_normal_eq(y, iters=2):
    x = backproject(y)
    for _ in range(iters):
        r = backproject(y - measure(x))
        x = x + 0.1 * r
    return x


if __name__ == "__main__":
    y = jnp.array([1.0, 2.0])
    print(cg_normal_eq(y))
