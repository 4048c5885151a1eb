"""A custom_jvp rule hands back the dict it received as its primal output, with a tuple of
the dict's tangents: the rule's code shows only the tangent's structure."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def passthrough(state):
    return state


@passthrough.defjvp
def _passthrough_jvp(primals, tangents):  # EXPECT: JAX015
    (state,), (dstate,) = primals, tangents
    return state, (dstate["pos"], dstate["vel"])


def step(x):
    state = passthrough({"pos": x, "vel": 2.0 * x})
    return jnp.sum(state["pos"] * state["vel"])


if __name__ == "__main__":
    x = jnp.arange(3.0)
    print(jax.jvp(step, (x,), (jnp.ones(3),)))
