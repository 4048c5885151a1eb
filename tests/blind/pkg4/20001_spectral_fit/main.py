# Models a spectral line-shape fitting app: base model's envelope uses a scipy Bessel via pure_callback, trainer differentiates params.
import numpy as np
import jax.numpy as jnp

from spectra import LorentzModel, fit
from spectra.losses import get_loss


def main():
    freqs = jnp.linspace(0.1, 2.0, 8)
    model = LorentzModel(n_lines=1)
    params = model.init_params()
    target = jnp.asarray(np.linspace(1.0, 0.2, 8), dtype=jnp.float32)
    final, hist = fit(model, params, freqs, target, loss_fn=get_loss("mse"), steps=3)
    print("final loss", hist[-1])


if __name__ == "__main__":
    main()
