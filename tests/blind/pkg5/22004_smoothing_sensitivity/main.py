# Models a robust-statistics package whose soft-clip op carries a hand-written VJP, used for a sensitivity matrix.
import jax
import jax.numpy as jnp
import smoothing as sm

residuals = jnp.array([0.5, -2.0, 3.5, 0.1])


def robust_scores(r):
    return sm.soft_clip(r, 1.5) * sm.huber_weight(r)


if __name__ == "__main__":
    print(robust_scores(residuals))
    sens = jax.jacfwd(robust_scores)(residuals)
    print(sens.shape)
