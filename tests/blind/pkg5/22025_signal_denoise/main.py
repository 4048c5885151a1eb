# Models a signal-processing library whose host (SciPy) lowpass filter gets a custom JVP that filters tangents on the host; fit via grad.
import jax.numpy as jnp
import sigproc

t = jnp.linspace(0.0, 1.0, 16)
clean = jnp.sin(2 * jnp.pi * t)
noisy = clean + 0.1 * jnp.cos(17.0 * t)

if __name__ == "__main__":
    amp = sigproc.fit.fit_amplitude(noisy, clean, a0=0.5, steps=2)
    print("amp", amp)
