import jax
import numpy as np

import b


def host_tanh(x):
    return jax.pure_callback(lambda v: np.tanh(v).astype(np.float32),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def forward(x):
    return b.scale(host_tanh(x))
