# Models a DSP package with a host-side moving-average filter whose custom JVP filters the tangent; directional sensitivity via jvp.
import jax
import jax.numpy as jnp
from dsp import analysis

sig = jnp.cos(jnp.linspace(0.0, 6.0, 12))

if __name__ == "__main__":
    out, sens = analysis.gain_sensitivity(sig, gain=1.5)
    print(out, sens)
