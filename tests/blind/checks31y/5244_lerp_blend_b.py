from functools import partial
import jax
import jax.numpy as jnp


@jax.custom_vjp
def lerp(a, b, t):
    return a + t * (b - a)


def lerp_fwd(a, b, t):
    return lerp(a, b, t), (a, b, t)


def lerp_bwd(res, g, *, pack=tuple):
    a, b, t = res
    grads = [g * (1.0 - t), g * t, g * (b - a)]
    return pack(grads)


def register(fn, fwd, bwd, **bwd_options):
    fn.defvjp(fwd, partial(bwd, **bwd_options))
    return fn


register(lerp, lerp_fwd, lerp_bwd)


def blend_loss(t, a, b, target):
    return jnp.sum((lerp(a, b, t) - target) ** 2)



def moving_average(values, alpha=0.9):
    """Exponential moving average of a Python list of floats."""
    out, acc = [], None
    for v in values:
        acc = v if acc is None else alpha * acc + (1.0 - alpha) * v
        out.append(acc)
    return out


def format_row(label, numbers, width=8):
    cells = "".join(f"{float(n):>{width}.4f}" for n in numbers)
    return f"{label:<12}{cells}"


def relative_error(a, b, eps=1e-12):
    return float(jnp.max(jnp.abs(a - b) / (jnp.abs(b) + eps)))


if __name__ == "__main__":
    a = jnp.float32(0.0)
    b = jnp.float32(2.0)
    target = jnp.float32(1.5)
    t = jnp.float32(0.1)
    for _ in range(5):
        t = t - 0.1 * jax.grad(blend_loss)(t, a, b, target)
    print("t", round(float(t), 4))
