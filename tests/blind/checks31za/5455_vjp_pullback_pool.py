"""Sensitivity report for a softmax attention pooling layer.

jax.vjp gives both the pooled output and a pullback for cotangents.
"""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def pool(scores, values):
    w = jax.nn.softmax(scores)
    return w @ values


def _pool_fwd(scores, values):
    w = jax.nn.softmax(scores)
    return w @ values, (w, values)


def _pool_bwd(res, g):
    w, values = res
    gv = jnp.outer(w, g)
    gw = values @ g
    gs = w * (gw - jnp.dot(w, gw))
    return gs, gv, None


pool.defvjp(_pool_fwd, _pool_bwd)


def layer(scores, values):
    return jnp.tanh(pool(scores, values))


def report(scores, values, direction, with_grads=False):
    out, pullback = jax.vjp(layer, scores, values)
    if with_grads:
        d_scores, d_values = pullback(direction)
    else:
        d_scores, d_values = jnp.zeros_like(scores), jnp.zeros_like(values)
    return out, d_scores, d_values


def entropy(scores):
    p = jax.nn.softmax(scores)
    return -jnp.sum(p * jnp.log(p))


if __name__ == "__main__":
    scores = jnp.array([0.1, 1.2, -0.4])
    values = jnp.arange(6.0).reshape(3, 2) / 5.0
    direction = jnp.array([1.0, 0.0])
    print("attention entropy", float(entropy(scores)))
    out, ds, dv = report(scores, values, direction, with_grads=False)
    print("pooled", out)
    print("d scores", ds)
    print("d values shape", dv.shape)
