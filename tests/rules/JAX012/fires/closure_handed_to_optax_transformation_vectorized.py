"""An optax transformation whose `update_fn` closure calls the callback: the closure is handed
to `optax.GradientTransformation`, and `optax.chain(...).update` calls it where the analysis
does not follow; it runs all the same, and JAX hands `vectorized=` on to the host."""
import jax
import jax.numpy as jnp
import numpy as np
import optax


def host_clip(u):
    return np.clip(np.asarray(u), -0.1, 0.1).astype(np.float32)


def clip_on_host() -> optax.GradientTransformation:
    def init_fn(params):
        del params
        return optax.EmptyState()

    def update_fn(updates, state, params=None):
        del params

        def clip(u):
            return jax.pure_callback(host_clip, jax.ShapeDtypeStruct(u.shape, u.dtype), u,  # EXPECT: JAX012
                                     vectorized=False)
        return jax.tree_util.tree_map(clip, updates), state

    return optax.GradientTransformation(init_fn, update_fn)


if __name__ == "__main__":
    params = {"w": jnp.ones(3)}
    opt = optax.chain(clip_on_host(), optax.sgd(0.5))
    state = opt.init(params)
    grads = {"w": jnp.array([1.0, -0.05, 0.3])}
    updates, state = jax.jit(opt.update)(grads, state, params)
    print(optax.apply_updates(params, updates))
