# Models: spectral-norm estimation for a "fused" linear layer implemented as a custom_vjp (hand-written backward to save memory); power iteration gets W^T via jax.linear_transpose of the layer.
import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def fused_linear(x, w):
    return x @ w


def fused_linear_fwd(x, w):
    return x @ w, (x, w)


def fused_linear_bwd(res, g):
    x, w = res
    return g @ w.T, jnp.outer(x, g) if x.ndim == 1 else x.T @ g


fused_linear.defvjp(fused_linear_fwd, fused_linear_bwd)


def spectral_norm(w, n_iter=10):
    apply = lambda v: fused_linear(v, w)
    apply_t = jax.linear_transpose(apply, jnp.zeros(w.shape[0], w.dtype))
    u = jnp.ones(w.shape[0]) / jnp.sqrt(w.shape[0])
    for _ in range(n_iter):
        v = apply(u)
        v = v / jnp.linalg.norm(v)
        (u,) = apply_t(v)
        sigma = jnp.linalg.norm(u)
        u = u / sigma
    return sigma


def regression_loss(w, x, y, penalty):
    pred = fused_linear(x, w)
    return jnp.mean((pred - y) ** 2) + penalty * jnp.sum(w ** 2)


if __name__ == "__main__":
    key = jax.random.PRNGKey(3)
    kw, kx = jax.random.split(key)
    w = jax.random.normal(kw, (4, 3))
    x = jax.random.normal(kx, (10, 4))
    y = x @ jnp.ones((4, 3))
    opt = optax.adam(0.1)
    st = opt.init(w)
    for _ in range(5):
        val, g = jax.value_and_grad(regression_loss)(w, x, y, 1e-3)
        upd, st = opt.update(g, st)
        w = optax.apply_updates(w, upd)
    print("loss", float(val))
    print("spectral norm", float(spectral_norm(w)),
          "reference", float(jnp.linalg.norm(w, ord=2)))
