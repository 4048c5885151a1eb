"""The primal output is a dict whose "trig" entry is a tuple; the JVP rule's tangent dict gives
that entry as a tuple too: the structures agree, and grad runs."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def features(x):
    return {"sq": x**2, "trig": (jnp.sin(x), jnp.cos(x))}


@features.defjvp
def features_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    ans = features(x)
    ans_dot = {"sq": 2 * x * x_dot, "trig": (jnp.cos(x) * x_dot, -jnp.sin(x) * x_dot)}
    return ans, ans_dot


def loss(x):
    f = features(x)
    s, c = f["trig"]
    return jnp.sum(f["sq"] + s + c)


print(jax.grad(loss)(jnp.arange(3.0)))
