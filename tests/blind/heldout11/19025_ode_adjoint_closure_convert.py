# Models: fixed-step ODE integrator with an adjoint custom_vjp; the user vector field closes over parameters, hoisted with jax.closure_convert (JAX docs pattern)
from functools import partial
import jax
import jax.numpy as jnp


def euler(f, y0, n, dt, *consts):
    def step(y, _):
        return y + dt * f(y, *consts), None
    y, _ = jax.lax.scan(step, y0, None, length=n)
    return y


@partial(jax.custom_vjp, nondiff_argnums=(0, 2, 3))
def integrate(f, y0, n, dt, *consts):
    return euler(f, y0, n, dt, *consts)


def _fwd(f, y0, n, dt, *consts):
    return euler(f, y0, n, dt, *consts), (y0, consts)


def _bwd(f, n, dt, res, g):
    y0, consts = res
    _, pull = jax.vjp(lambda y, *c: euler(f, y, n, dt, *c), y0, *consts)
    return pull(g)


integrate.defvjp(_fwd, _bwd)


def solve(field, y0, n=5, dt=0.1):
    conv, consts = jax.closure_convert(field, y0)
    return integrate(conv, y0, n, dt, *consts)


def loss(theta, y0):
    field = lambda y: -theta["k"] * y + theta["b"]
    yT = solve(field, y0)
    return jnp.sum(yT ** 2)


if __name__ == "__main__":
    theta = {"k": jnp.array(0.7), "b": jnp.array(0.2)}
    y0 = jnp.array([1.0, -0.5])
    val, g = jax.value_and_grad(loss)(theta, y0)
    print(val, g)
