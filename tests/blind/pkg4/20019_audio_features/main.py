# Models a flax.linen audio-regression app: a scipy.signal Savitzky-Golay filter behind pure_callback (utils/host.py) preprocesses the batch under jit, before and outside the differentiated optax step.
import jax
import jax.numpy as jnp

from audio import pipeline
from audio.model import Head
from audio.train import fit


def main():
    key = jax.random.PRNGKey(2)
    raw = jax.random.normal(key, (4, 9))
    target = jnp.array([[0.1], [0.0], [-0.2], [0.3]])
    feats = pipeline.featurize(raw)
    head = Head()
    params = head.init(key, feats)
    params, loss = fit(head, params, feats, target)
    print("loss", loss)


main()
