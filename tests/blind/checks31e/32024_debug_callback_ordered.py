"""Waveform analysis with an ordered debug callback for progress, vmapped over frequencies."""
import jax
import jax.numpy as jnp
import numpy as np

_peaks = []


def _report(freq, peak):
    _peaks.append((float(np.asarray(freq)), float(np.asarray(peak))))


def analyse(freq):
    t = jnp.linspace(0.0, 1.0, 16)
    wave = jnp.sin(2 * jnp.pi * freq * t) * jnp.exp(-t)
    peak = jnp.max(jnp.abs(wave))
    jax.debug.callback(_report, freq, peak, ordered=True)
    return wave / peak


out = jax.vmap(analyse)(jnp.array([1.0, 2.5, 4.0]))
jax.effects_barrier()
print(out.shape, len(_peaks))
