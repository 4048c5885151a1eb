# Models: decay ODE with closure-converted vector field and a custom_vjp adjoint; forward sensitivity requested with jax.jvp on a parameter pytree
import functools
import jax
import jax.numpy as jnp
from jax import lax


def rk2(rhs, state, steps, h, *extra):
    def body(s, _):
        k1 = rhs(s, *extra)
        k2 = rhs(s + h * k1, *extra)
        return s + 0.5 * h * (k1 + k2), None
    final, _ = lax.scan(body, state, None, length=steps)
    return final


@functools.partial(jax.custom_vjp, nondiff_argnums=(0, 2, 3))
def odeint_adj(rhs, state, steps, h, *extra):
    return rk2(rhs, state, steps, h, *extra)


def odeint_adj_fwd(rhs, state, steps, h, *extra):
    return rk2(rhs, state, steps, h, *extra), (state, extra)


def odeint_adj_bwd(rhs, steps, h, saved, ct):
    state, extra = saved
    _, vjp_fn = jax.vjp(lambda s, *e: rk2(rhs, s, steps, h, *e), state, *extra)
    return vjp_fn(ct)


odeint_adj.defvjp(odeint_adj_fwd, odeint_adj_bwd)


class DecayModel:
    def __init__(self, steps=4, h=0.1):
        self.steps, self.h = steps, h

    def final_state(self, params, s0):
        def vf(s):
            return -params["rate"] * s + params["source"]
        converted, hoisted = jax.closure_convert(vf, s0)
        return odeint_adj(converted, s0, self.steps, self.h, *hoisted)


if __name__ == "__main__":
    m = DecayModel()
    params = {"rate": jnp.array(0.7), "source": jnp.array(0.2)}
    dparams = {"rate": jnp.array(1.0), "source": jnp.array(0.0)}
    s0 = jnp.array([1.0, -0.5])
    out, tangent = jax.jvp(lambda p: m.final_state(p, s0), (params,), (dparams,))
    print(out, tangent)
