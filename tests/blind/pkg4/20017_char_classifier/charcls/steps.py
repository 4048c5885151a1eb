import jax

from .config import ARG_INDEX


def build_step(loss_fn, cfg):
    which = ARG_INDEX[cfg["diff_arg"]]
    vg = jax.value_and_grad(loss_fn, argnums=which)

    @jax.jit
    def step(chars, variables):
        val, g = vg(chars, variables)
        new = jax.tree_util.tree_map(lambda p, d: p - cfg["lr"] * d, variables, g)
        return new, val

    return step
