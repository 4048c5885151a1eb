# shape from: jax-ml/jax issue #7972 (custom_jvp rule that concatenates primals and tangents into one augmented state)
"""Forward sensitivities of an explicit-Euler decay model through an augmented-state custom JVP."""
import jax
import jax.numpy as jnp

DT, STEPS = 0.1, 20


def _euler(y0, k):
    def body(y, _):
        return y - DT * k * y, None

    y, _ = jax.lax.scan(body, y0, None, length=STEPS)
    return y


def _identity(state):
    return state


pass_through = jax.custom_jvp(_identity)


@pass_through.defjvp
def _pass_through_jvp(primals, tangents):
    # carry primal and tangent together, as an augmented ODE state would be
    aug_state = jnp.concatenate((*primals, *tangents))
    n = primals[0].shape[0]
    return aug_state[:n], aug_state[n:]


def simulate(y0, k):
    return _euler(pass_through(y0), k)


def misfit(y0, k, observed):
    return jnp.sum((simulate(y0, k) - observed) ** 2)


if __name__ == "__main__":
    y0 = jnp.array([1.0, 2.0, 0.5])
    k = jnp.array([0.3, 0.1, 0.7])
    observed = simulate(y0 * 1.1, k)
    print("state", simulate(y0, k))
    g_y0 = jax.grad(misfit)(y0, k, observed)
    print("gradient wrt y0", g_y0)
