"""A custom_jvp rule hands back the dict it received as its primal output, with a dict of the
same keys as its tangent: the structures agree."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def passthrough(state):
    return state


@passthrough.defjvp
def _passthrough_jvp(primals, tangents):
    (state,), (dstate,) = primals, tangents
    return state, {"pos": dstate["pos"], "vel": dstate["vel"]}


def step(x):
    state = passthrough({"pos": x, "vel": 2.0 * x})
    return jnp.sum(state["pos"] * state["vel"])


if __name__ == "__main__":
    x = jnp.arange(3.0)
    print(jax.jvp(step, (x,), (jnp.ones(3),)))
