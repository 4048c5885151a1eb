"""Setup hooks registered by a decorator into `HOOKS.setdefault(event, [])` each install a
jvp rule; the last one run returns its tangent in a one-item tuple for a bare primal."""
import jax
import jax.numpy as jnp

HOOKS = {}


def on(event):
    def register(fn):
        HOOKS.setdefault(event, []).append(fn)
        return fn
    return register


def fire(event, *payload):
    for hook in HOOKS.get(event, []):
        hook(*payload)


@jax.custom_jvp
def soft_relu(x):
    return jnp.log1p(jnp.exp(x))


def plain_rule(primals, tangents):
    (x,), (t,) = primals, tangents
    return soft_relu(x), jax.nn.sigmoid(x) * t


def boxed_rule(primals, tangents):  # EXPECT: JAX015
    (x,), (t,) = primals, tangents
    return soft_relu(x), (jax.nn.sigmoid(x) * t,)


@on("setup")
def install_plain(fn):
    fn.defjvp(plain_rule)


@on("setup")
def install_boxed(fn):
    fn.defjvp(boxed_rule)


if __name__ == "__main__":
    fire("setup", soft_relu)
    print(jax.grad(lambda x: jnp.sum(soft_relu(x)))(jnp.arange(3.0)))
