"""Factory wrapping elementwise ops in custom VJPs that reuse JAX's own pullback."""
import jax
import jax.numpy as jnp


def make_op(op, n_args, cfg=None):
    cfg = {} if cfg is None else cfg
    cfg.setdefault("n_args", n_args)

    @jax.custom_vjp
    def wrapped(*args):
        return op(*args)

    def fwd(*args):
        return op(*args), args

    def bwd(args, g):
        _, pullback = jax.vjp(op, *args)
        cotangents = pullback(g)
        return tuple(cotangents[: cfg["n_args"]])

    wrapped.defvjp(fwd, bwd)
    return wrapped


safe_log = make_op(lambda x: jnp.log(jnp.maximum(x, 1e-6)), 1)
weighted = make_op(lambda x, w: x * w, 2)


def entropy_like(p, w):
    return -jnp.sum(weighted(p, w) * safe_log(p))


def summarize(arr, name="value"):
    """One-line summary used in console output."""
    arr = jnp.asarray(arr)
    return (
        f"{name}: shape={tuple(arr.shape)} "
        f"min={float(jnp.min(arr)):.4g} max={float(jnp.max(arr)):.4g} "
        f"mean={float(jnp.mean(arr)):.4g}"
    )


def relative_error(a, b, eps=1e-12):
    a = jnp.asarray(a)
    b = jnp.asarray(b)
    return float(jnp.linalg.norm(a - b) / (jnp.linalg.norm(b) + eps))


if __name__ == "__main__":
    p = jnp.array([0.2, 0.3, 0.5])
    w = jnp.array([1.0, 2.0, 1.0])
    print(entropy_like(p, w))
    print(jax.grad(entropy_like)(p, w))
