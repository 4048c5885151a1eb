import jax

from ..filtering import smooth


def gain_sensitivity(x, gain):
    f = lambda g: smooth(g * x)
    return jax.jvp(f, (gain,), (1.0,))
