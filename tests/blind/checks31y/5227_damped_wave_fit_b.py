import inspect
import jax
import jax.numpy as jnp


def with_numeric_vjp(fn, eps=1e-3):
    params = inspect.signature(fn).parameters.values()
    n_args = sum(1 for p in params if p.default is inspect.Parameter.empty)
    wrapped = jax.custom_vjp(fn)

    def fwd(*args):
        return fn(*args), args

    def bwd(res, g):
        grads = []
        for i in range(n_args):
            bumped = list(res)
            bumped[i] = bumped[i] + eps
            d = g * (fn(*bumped) - fn(*res)) / eps
            extra = d.ndim - jnp.ndim(res[i])
            grads.append(jnp.sum(d, axis=tuple(range(extra))) if extra > 0 else d)
        return tuple(grads)

    wrapped.defvjp(fwd, bwd)
    return wrapped


def damped_wave(t, omega, decay=0.1):
    return jnp.exp(-decay * t) * jnp.cos(omega * t)


wave = with_numeric_vjp(damped_wave)


def fit_loss(omega, ts, obs):
    return jnp.mean((wave(ts, omega) - obs) ** 2)



def describe(tree, indent=0):
    """Human-readable summary of a nested container of arrays."""
    pad = " " * indent
    if isinstance(tree, dict):
        return "\n".join(f"{pad}{k}:\n{describe(v, indent + 2)}" for k, v in tree.items())
    if isinstance(tree, (list, tuple)):
        return "\n".join(describe(v, indent) for v in tree)
    shape = getattr(tree, "shape", ())
    dtype = getattr(tree, "dtype", type(tree).__name__)
    return f"{pad}{dtype}{list(shape)}"


def count_elements(tree):
    leaves = jax.tree_util.tree_leaves(tree)
    return sum(int(getattr(x, "size", 1)) for x in leaves)


if __name__ == "__main__":
    ts = jnp.linspace(0.0, 3.0, 6, dtype=jnp.float32)
    obs = jnp.exp(-0.1 * ts) * jnp.cos(1.3 * ts)
    omega = jnp.float32(1.0)
    for _ in range(2):
        omega = omega - 0.1 * jax.grad(fit_loss)(omega, ts, obs)
    print("omega", float(omega))
