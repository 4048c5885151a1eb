# shape from: jax-ml/jax issue #1270 (custom VJP for a function with a defaulted argument, f(x, y=3.))
"""Temperature-scaled softplus with a custom VJP; the temperature usually keeps its default."""
import jax
import jax.numpy as jnp
from jax import custom_vjp


@custom_vjp
def soft_hinge(x, temperature=3.0):
    return temperature * jnp.logaddexp(0.0, x / temperature)


def soft_hinge_fwd(x, temperature=3.0):
    return soft_hinge(x, temperature), (x, temperature)


def soft_hinge_bwd(res, g):
    x, temperature = res
    # only x is differentiated in practice; the temperature is a setting
    return (g * jax.nn.sigmoid(x / temperature),)


soft_hinge.defvjp(soft_hinge_fwd, soft_hinge_bwd)


def margin_loss(w, x, labels):
    margins = 1.0 - labels * (x @ w)
    return jnp.mean(soft_hinge(margins))


if __name__ == "__main__":
    kx, kw = jax.random.split(jax.random.key(5))
    x = jax.random.normal(kx, (12, 3))
    labels = jnp.sign(x[:, 0] + 0.1)
    w = jax.random.normal(kw, (3,)) * 0.1
    print("loss", margin_loss(w, x, labels))
    for _ in range(4):
        w = w - 0.5 * jax.grad(margin_loss)(w, x, labels)
    print("loss", margin_loss(w, x, labels))
