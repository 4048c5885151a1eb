"""Chunked scoring of candidate docking poses.

Poses arrive in chunks from a host-side reader; each chunk is scored and
the scores are appended to a replay log in arrival order.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_replay = []


def _replay_append(score):
    _replay.append(float(np.asarray(score)))
    return np.float32(0.0)


def score_pose(pose, receptor):
    d = jnp.linalg.norm(pose[:, None, :] - receptor[None, :, :], axis=-1)
    lj = jnp.sum((1.0 / d) ** 12 - 2 * (1.0 / d) ** 6)
    return lj + io_callback(_replay_append, jax.ShapeDtypeStruct((), jnp.float32), lj,
                            ordered=True)


def read_chunks(poses, size):
    for start in range(0, poses.shape[0], size):
        yield poses[start:start + size]


def best(scores):
    s = np.concatenate([np.atleast_1d(np.asarray(c)) for c in scores])
    return int(np.argmin(s)), float(s.min())


def make_inputs(n=4, atoms=3, seed=5):
    rng = np.random.default_rng(seed)
    poses = rng.normal(size=(n, atoms, 3)) * 2 + 3
    receptor = rng.normal(size=(atoms, 3))
    return jnp.asarray(poses, jnp.float32), jnp.asarray(receptor, jnp.float32)


def pose_centroids(poses):
    p = np.asarray(poses)
    return p.mean(axis=1)


if __name__ == "__main__":
    poses, receptor = make_inputs()
    scorer = lambda chunk, rec: jnp.stack(list(map(lambda p: score_pose(p, rec), chunk)))
    scores = list(map(lambda chunk: scorer(chunk, receptor), read_chunks(poses, 2)))
    idx, val = best(scores)
    print("best pose", idx, round(val, 4), "replayed", len(_replay))
