import jax

WRT = 0


def saliency(model, x, key):
    f = lambda inp, k: model(inp, k)
    return jax.jacrev(f, argnums=WRT)(x, key)
