"""The adjoint of a host FIR filter (a custom_vjp function) taken with jax.vjp, which runs the
rule's bwd, in a package whose modules import each other by absolute name."""
import jax.numpy as jnp

from audio.deconv import deblur

signal = jnp.array([0.5, 1.0, -0.25, 0.0, 0.75, 0.1])
print(deblur(signal, steps=2))
