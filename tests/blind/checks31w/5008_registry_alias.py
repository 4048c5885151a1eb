"""Registry of hand-written JVP rules for activation functions, with experimental overrides."""
import jax
import jax.numpy as jnp


def _swish_jvp_exact(primals, tangents):
    (x,), (t,) = primals, tangents
    s = jax.nn.sigmoid(x)
    return x * s, (s + x * s * (1 - s)) * t


def _swish_jvp_approx(primals, tangents):
    (x,), (t,) = primals, tangents
    s = jax.nn.sigmoid(x)
    return x * s, [jnp.clip(0.5 + 0.25 * x, 0.0, 1.1) * t]


JVP_RULES = {"swish": _swish_jvp_exact}


def experimental_overrides(table):
    table["swish"] = _swish_jvp_approx


def build_activation(name):
    @jax.custom_jvp
    def act(x):
        return x * jax.nn.sigmoid(x)

    act.defjvp(JVP_RULES[name])
    return act


def mlp_loss(params, x, y, act):
    h = act(x @ params["w1"])
    return jnp.mean((h @ params["w2"] - y) ** 2)


def linear_warmup(step, warmup=10, peak=1e-2):
    frac = min(1.0, (step + 1) / warmup)
    return peak * frac


def cosine_decay(step, total=100, base=1e-2, floor=1e-4):
    import math

    t = min(step, total) / total
    return floor + 0.5 * (base - floor) * (1.0 + math.cos(math.pi * t))


if __name__ == "__main__":
    active_rules = JVP_RULES.copy()
    experimental_overrides(active_rules)
    swish = build_activation("swish")
    key = jax.random.PRNGKey(5)
    k1, k2 = jax.random.split(key)
    params = {"w1": jax.random.normal(k1, (3, 4)), "w2": jax.random.normal(k2, (4, 1))}
    x = jnp.ones((2, 3))
    y = jnp.zeros((2, 1))
    print(jax.grad(mlp_loss)(params, x, y, swish)["w1"].shape)
