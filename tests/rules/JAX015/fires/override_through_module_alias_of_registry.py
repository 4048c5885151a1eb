"""A registry of JVP rules is changed through another module-level name bound to it (not a
copy): the override whose tangent is a list for an array primal is the one installed."""
import jax
import jax.numpy as jnp


def _softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jax.nn.softplus(x), jax.nn.sigmoid(x) * t


def _softplus_jvp_listed(primals, tangents):  # EXPECT: JAX015
    (x,), (t,) = primals, tangents
    return jax.nn.softplus(x), [jax.nn.sigmoid(x) * t]


TANGENT_RULES = {"softplus": _softplus_jvp}


def install_overrides(table):
    table["softplus"] = _softplus_jvp_listed


def make(name):
    @jax.custom_jvp
    def act(x):
        return jax.nn.softplus(x)

    act.defjvp(TANGENT_RULES[name])
    return act


if __name__ == "__main__":
    rules = TANGENT_RULES
    install_overrides(rules)
    softplus = make("softplus")
    print(jax.grad(lambda x: jnp.sum(softplus(x)))(jnp.ones(3)))
