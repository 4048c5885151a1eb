# shape from: jax-ml/jax issue #8356 (custom_vjp splat_2d(data, warp, output_dims) with a tuple-valued output_dims argument)
"""Forward-splat an image into a larger canvas; gradients for data and warp are hand-written."""
import jax
import jax.numpy as jnp


def splat_core(data, warp, output_dims):
    """data: [H, W, C]; warp: [H, W, 2] (scale, offset); output_dims: (H_out, W_out)."""
    out = jnp.zeros((output_dims[0], output_dims[1], data.shape[-1]), dtype=data.dtype)
    return out.at[: data.shape[0], : data.shape[1]].set(data * warp[..., :1] + warp[..., 1:2])


@jax.custom_vjp
def splat_2d(data, warp, output_dims):
    return splat_core(data, warp, output_dims)


def splat_2d_fwd(data, warp, output_dims):
    return splat_2d(data, warp, output_dims), (data, warp)


def splat_2d_bwd(res, g):
    data, warp = res
    g_in = g[: data.shape[0], : data.shape[1]]
    g_data = g_in * warp[..., :1]
    g_warp = jnp.concatenate(
        [jnp.sum(g_in * data, axis=-1, keepdims=True), jnp.sum(g_in, axis=-1, keepdims=True)], axis=-1
    )
    return g_data, g_warp


splat_2d.defvjp(splat_2d_fwd, splat_2d_bwd)


def test():
    output_dims = (6, 7)
    warp = jnp.ones((5, 5, 2))
    data = jnp.ones((5, 5, 3))

    def objective(data, warp):
        return jnp.sum(splat_2d(data, warp, output_dims) ** 2)

    g_data, g_warp = jax.grad(objective, argnums=(0, 1))(data, warp)
    print(g_data.shape, g_warp.shape)


if __name__ == "__main__":
    test()
