"""hrv: click command computing heart-rate variability through a SciPy host."""
import click
import jax
import jax.numpy as jnp
import numpy as np
from scipy import signal


def lf_hf_host(rr_ms, fs):
    rr = np.asarray(rr_ms, dtype=np.float64)
    f, pxx = signal.welch(rr - rr.mean(), fs=float(np.asarray(fs)), nperseg=len(rr))
    lf = pxx[(f >= 0.04) & (f < 0.15)].sum()
    hf = pxx[(f >= 0.15) & (f < 0.4)].sum()
    return np.float32(lf / max(hf, 1e-9))


def make_metric(batch_hint: bool):
    cb_kwargs = dict(vectorized=True) if batch_hint else {}

    def metric(rr):
        ratio = jax.pure_callback(lf_hf_host, jax.ShapeDtypeStruct((), jnp.float32),
                                  rr, jnp.float32(4.0), **cb_kwargs)
        rmssd = jnp.sqrt(jnp.mean(jnp.diff(rr) ** 2))
        return ratio, rmssd
    return jax.jit(metric)


@click.command()
@click.option("--vectorize/--no-vectorize", default=True, show_default=True,
              help="Tell the host it may receive a batch.")
@click.option("--beats", default=32, type=int)
@click.option("--verbose", is_flag=True)
def analyse(vectorize, beats, verbose):
    t = np.arange(beats)
    rr = 800.0 + 40.0 * np.sin(2 * np.pi * 0.1 * t) + 15.0 * np.sin(2 * np.pi * 0.3 * t)
    ratio, rmssd = make_metric(vectorize)(jnp.asarray(rr, jnp.float32))
    if verbose:
        click.echo(f"beats={beats}")
    click.echo(f"LF/HF={float(ratio):.2f} RMSSD={float(rmssd):.1f} ms")


if __name__ == "__main__":
    analyse.main(["--beats", "48", "--no-vectorize"], standalone_mode=False)
