import jax
import jax.numpy as jnp


@jax.custom_vjp
def product(*factors):
    out = factors[0]
    for f in factors[1:]:
        out = out * f
    return out


def _prod_fwd(*factors):
    return product(*factors), factors


def _prod_bwd(factors, ct):
    grads = []
    for i in range(1, len(factors)):
        others = factors[:i] + factors[i + 1:]
        g = ct
        for o in others:
            g = g * o
        grads.append(g)
    return tuple(grads)


product.defvjp(_prod_fwd, _prod_bwd)


def geometric_mean_loss(params, target):
    a, b, c = params
    gm = jnp.abs(product(a, b, c)) ** (1.0 / 3.0)
    return jnp.sum((gm - target) ** 2)



def chunks(seq, size):
    """Split a sequence into consecutive chunks of at most `size` items."""
    return [seq[i:i + size] for i in range(0, len(seq), size)]


def standardise(x, axis=0, eps=1e-8):
    mu = jnp.mean(x, axis=axis, keepdims=True)
    sd = jnp.std(x, axis=axis, keepdims=True)
    return (x - mu) / (sd + eps)


def pairwise_sq_dists(a, b):
    aa = jnp.sum(a * a, axis=-1)[:, None]
    bb = jnp.sum(b * b, axis=-1)[None, :]
    return jnp.maximum(aa + bb - 2.0 * a @ b.T, 0.0)


if __name__ == "__main__":
    params = (jnp.array([1.0, 2.0]), jnp.array([3.0, 1.0]), jnp.array([0.5, 0.5]))
    target = jnp.array([1.0, 1.0])
    loss, grads = jax.value_and_grad(geometric_mean_loss)(params, target)
    print(float(loss), [g.round(3).tolist() for g in grads])
