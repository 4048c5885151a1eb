# Models: Lipschitz control of a custom_vjp "fused" dense layer: the power iteration gets the transposed action from jax.vjp (reverse mode, which custom_vjp supports) and the estimate is used as a training penalty scale.
import jax
import jax.numpy as jnp
import optax


def _dense_impl(inputs, kernel):
    return jnp.dot(inputs, kernel)


@jax.custom_vjp
def dense(inputs, kernel):
    return _dense_impl(inputs, kernel)


def _dense_fwd(inputs, kernel):
    return _dense_impl(inputs, kernel), (inputs, kernel)


def _dense_bwd(saved, ct):
    inputs, kernel = saved
    d_in = jnp.dot(ct, kernel.T)
    d_kernel = jnp.outer(inputs, ct) if inputs.ndim == 1 else jnp.dot(inputs.T, ct)
    return d_in, d_kernel


dense.defvjp(_dense_fwd, _dense_bwd)


def top_singular_value(kernel, iters=8):
    vec = jnp.ones(kernel.shape[0]) / jnp.sqrt(kernel.shape[0])
    est = jnp.float32(0.0)
    for _ in range(iters):
        out, pullback = jax.vjp(lambda v: dense(v, kernel), vec)
        out = out / jnp.linalg.norm(out)
        (vec,) = pullback(out)
        est = jnp.linalg.norm(vec)
        vec = vec / est
    return est


def objective(kernel, feats, targets):
    fit = jnp.mean((dense(feats, kernel) - targets) ** 2)
    lip = jax.lax.stop_gradient(top_singular_value(kernel))
    return fit + 1e-3 * lip * jnp.sum(kernel ** 2)


if __name__ == "__main__":
    rng = jax.random.PRNGKey(11)
    r1, r2 = jax.random.split(rng)
    kernel = jax.random.normal(r1, (5, 2))
    feats = jax.random.normal(r2, (12, 5))
    targets = feats[:, :2] - feats[:, 2:4]
    solver = optax.chain(optax.clip_by_global_norm(2.0), optax.adam(0.05))
    state = solver.init(kernel)
    step = jax.jit(jax.value_and_grad(objective))
    for i in range(5):
        val, g = step(kernel, feats, targets)
        upd, state = solver.update(g, state)
        kernel = optax.apply_updates(kernel, upd)
    print("objective", float(val), "sigma", float(top_singular_value(kernel)),
          "ref", float(jnp.linalg.norm(kernel, ord=2)))
