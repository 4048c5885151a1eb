"""A copy of the registry of JVP rules is changed (`dict(TANGENT_RULES)`): the registry keeps
the rule whose tangent matches the primal."""
import jax
import jax.numpy as jnp


def _softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jax.nn.softplus(x), jax.nn.sigmoid(x) * t


def _softplus_jvp_listed(primals, tangents):
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
    rules = dict(TANGENT_RULES)
    install_overrides(rules)
    softplus = make("softplus")
    print(jax.grad(lambda x: jnp.sum(softplus(x)))(jnp.ones(3)))
