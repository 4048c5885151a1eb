# Models: residual MLP block under jax.checkpoint(policy=...) with jax.debug.print tracing of activations, trained with value_and_grad
import functools
import jax
import jax.numpy as jnp


def residual_unit(w, h, scale):
    z = h @ w["in"]
    jax.debug.print("unit pre-activation norm {n}", n=jnp.linalg.norm(z))
    return h + scale * (jnp.sin(z) @ w["out"])


unit = jax.checkpoint(
    residual_unit,
    policy=jax.checkpoint_policies.save_only_these_names("none"),
    static_argnums=(2,),
)


@functools.partial(jax.jit, static_argnames=("depth",))
def stack_loss(weights, x, depth):
    h = x
    for i in range(depth):
        h = unit(weights[i], h, 0.5)
    return jnp.mean(h ** 2)


def make_weights(seed, depth, width):
    out = []
    key = jax.random.key(seed)
    for _ in range(depth):
        key, k1, k2 = jax.random.split(key, 3)
        out.append({"in": jax.random.normal(k1, (width, width)) * 0.3,
                    "out": jax.random.normal(k2, (width, width)) * 0.3})
    return out


def train(steps=2):
    weights = make_weights(0, 2, 3)
    x = jnp.arange(6.0).reshape(2, 3) / 6.0
    vg = jax.value_and_grad(stack_loss)
    for _ in range(steps):
        loss, g = vg(weights, x, depth=2)
        weights = jax.tree_util.tree_map(lambda a, b: a - 0.1 * b, weights, g)
    return loss


if __name__ == "__main__":
    print(train())
