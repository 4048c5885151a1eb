"""A factory builds gradient-clipping identities for each layer of a tiny network."""
import jax
import jax.numpy as jnp


def make_clipper(lo, hi):
    @jax.custom_vjp
    def clip_identity(x):
        return x

    clip_identity.defvjp(lambda x: (x, None), lambda _, g: jnp.clip(g, lo, hi))
    return clip_identity


CLIP = {name: make_clipper(-0.5, 0.5) for name in ("hidden", "out")}


def net(params, x):
    h = jnp.tanh(CLIP["hidden"](params["w1"] @ x))
    return CLIP["out"](params["w2"] @ h)


def loss(params, x, y):
    return jnp.sum((net(params, x) - y) ** 2)


params = {"w1": jnp.eye(3), "w2": jnp.ones((1, 3))}
print(jax.grad(loss)(params, jnp.ones(3), jnp.zeros(1))["w1"])
