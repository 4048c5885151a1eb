# Models an absorption-line fitting app: instrument envelope via scipy Bessel pure_callback is evaluated on fixed grid only; params are differentiated elsewhere.
import numpy as np
import jax.numpy as jnp

import lineshapes.profiles.gauss as gauss_mod
from lineshapes import train_loop
from lineshapes.objectives import OBJECTIVES


def run():
    grid = jnp.linspace(0.2, 2.5, 10)
    line = gauss_mod.GaussianLine(instrument_width=0.4)
    theta = line.initial()
    observed = jnp.asarray(np.exp(-np.linspace(-1, 1, 10) ** 2), dtype=jnp.float32)
    theta, losses = train_loop(line, theta, grid, observed, OBJECTIVES["l2"], n_iter=4)
    print("losses", losses)


if __name__ == "__main__":
    run()
