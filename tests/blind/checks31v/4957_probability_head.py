"""Building host post-processors from hook lists."""
import jax
import jax.numpy as jnp
import numpy as np


def clamp_hook(v):
    return np.clip(v, -1.0, 1.0)


def softmax_hook(v):
    return np.asarray(jax.nn.softmax(jnp.asarray(v)))


def make_postprocessor(hooks=[]):
    def post(v):
        v = np.asarray(v)
        for h in hooks:
            v = h(v)
        return v.astype(np.float32)
    post.hooks = hooks
    return post


def make_probability_head():
    post = make_postprocessor()
    post.hooks.append(softmax_hook)
    return post


def head(post, logits):
    return jax.pure_callback(post, jax.ShapeDtypeStruct(logits.shape, jnp.float32), logits)


def logits_from_scores(scores, temperature=1.0):
    return jnp.asarray(scores) / temperature


def entropy(p):
    p = np.asarray(p)
    return float(-(p * np.log(p + 1e-12)).sum())


if __name__ == "__main__":
    probs = make_probability_head()
    clamp = make_postprocessor()
    clamp.hooks.append(clamp_hook)
    x = jnp.array([0.5, 2.0, -3.0], dtype=jnp.float32)
    print(jax.jit(lambda v: head(clamp, v))(x))
    print(logits_from_scores(x, 2.0), entropy([0.2, 0.3, 0.5]), len(probs.hooks))
