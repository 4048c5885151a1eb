"""cpg_hmm -- a two-state HMM for CpG-island annotation.

* forward / backward recursions are traced JAX (``lax.scan``) so that the
  log-likelihood can be differentiated w.r.t. the transition logits;
* Viterbi decoding and segment extraction run on the host, through
  ``jax.pure_callback`` and ``jax.experimental.io_callback`` respectively.
"""
from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence, Tuple

import numpy as np
from scipy import special as sps
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

ALPHABET = "ACGT"
_BASE_INDEX = {b: i for i, b in enumerate(ALPHABET)}
STATES = ("background", "island")
SEGMENTS: List[Tuple[int, int]] = []


# ---------------------------------------------------------------------------
# encoding
# ---------------------------------------------------------------------------

def encode(seq: str) -> jax.Array:
    bad = set(seq.upper()) - set(ALPHABET)
    if bad:
        raise ValueError(f"unexpected symbols {sorted(bad)}")
    return jnp.array([_BASE_INDEX[c] for c in seq.upper()], dtype=jnp.int32)


def decode_path(path: Sequence[int]) -> str:
    return "".join("I" if s else "." for s in path)


def gc_content(seq_idx: jax.Array) -> jax.Array:
    return jnp.mean((seq_idx == 1) | (seq_idx == 2))


def cpg_ratio(seq: str) -> float:
    s = seq.upper()
    c, g = s.count("C"), s.count("G")
    return s.count("CG") * len(s) / max(c * g, 1)


_COMPLEMENT = str.maketrans("ACGTacgt", "TGCAtgca")


def reverse_complement(seq: str) -> str:
    """Reverse complement of a DNA string (case preserved)."""
    return seq.translate(_COMPLEMENT)[::-1]


def parse_fasta(text: str) -> dict:
    """Minimal FASTA reader: returns {header: sequence}."""
    records, name, chunks = {}, None, []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith(">"):
            if name is not None:
                records[name] = "".join(chunks)
            name, chunks = line[1:].split()[0], []
        else:
            chunks.append(line)
    if name is not None:
        records[name] = "".join(chunks)
    return records


def kmer_counts(seq: str, k: int = 2) -> dict:
    counts: dict = {}
    for i in range(len(seq) - k + 1):
        counts[seq[i:i + k]] = counts.get(seq[i:i + k], 0) + 1
    return counts


# ---------------------------------------------------------------------------
# parameters
# ---------------------------------------------------------------------------

def _normalise_log_rows(logits):
    return jax.nn.log_softmax(jnp.asarray(logits), axis=-1)


def _normalise_log_rows_np(logits):
    return sps.log_softmax(np.asarray(logits, dtype=np.float64), axis=-1)


class HMMParams(NamedTuple):
    log_init: jax.Array      # (S,)
    log_trans: jax.Array     # (S, S)
    log_emit: jax.Array      # (S, 4)

    @classmethod
    def default(cls) -> "HMMParams":
        init = _normalise_log_rows(jnp.array([2.0, 0.0]))
        trans = _normalise_log_rows(jnp.array([[5.0, 0.0], [0.0, 4.0]]))
        emit = _normalise_log_rows(jnp.log(jnp.array([[0.3, 0.2, 0.2, 0.3],
                                                        [0.15, 0.35, 0.35, 0.15]])))
        return cls(init, trans, emit)

    def describe(self) -> str:
        t = np.exp(np.asarray(self.log_trans))
        return "stay probs: " + ", ".join(f"{s}={t[i, i]:.3f}" for i, s in enumerate(STATES))


# ---------------------------------------------------------------------------
# traced recursions
# ---------------------------------------------------------------------------

def forward_loglik(params: HMMParams, obs: jax.Array) -> jax.Array:
    def step(log_alpha, o):
        la = jax.nn.logsumexp(log_alpha[:, None] + params.log_trans, axis=0) + params.log_emit[:, o]
        return la, None
    a0 = params.log_init + params.log_emit[:, obs[0]]
    aT, _ = jax.lax.scan(step, a0, obs[1:])
    return jax.nn.logsumexp(aT)


def backward_logbeta(params: HMMParams, obs: jax.Array) -> jax.Array:
    def step(log_beta, o):
        lb = jax.nn.logsumexp(params.log_trans + (params.log_emit[:, o] + log_beta)[None, :], axis=1)
        return lb, lb
    bT = jnp.zeros(params.log_init.shape)
    _, betas = jax.lax.scan(step, bT, obs[1:][::-1])
    return jnp.concatenate([betas[::-1], bT[None]], axis=0)


loglik_grad = jax.grad(forward_loglik)


# ---------------------------------------------------------------------------
# host-side Viterbi
# ---------------------------------------------------------------------------

def _viterbi_np(log_init, log_trans, log_emit, obs):
    T, S = len(obs), len(log_init)
    score = np.empty((T, S))
    back = np.zeros((T, S), dtype=np.int64)
    score[0] = log_init + log_emit[:, obs[0]]
    for t in range(1, T):
        cand = score[t - 1][:, None] + log_trans
        back[t] = cand.argmax(0)
        score[t] = cand.max(0) + log_emit[:, obs[t]]
    path = np.empty(T, dtype=np.int32)
    path[-1] = score[-1].argmax()
    for t in range(T - 1, 0, -1):
        path[t - 1] = back[t, path[t]]
    return path


def _host_viterbi(log_init, log_trans, log_emit, obs):
    log_init = np.asarray(log_init, dtype=np.float64)
    log_trans = np.asarray(_normalise_log_rows(np.asarray(log_trans)))
    log_emit = _normalise_log_rows_np(np.asarray(log_emit))
    obs = np.asarray(obs)
    return _viterbi_np(log_init, log_trans, log_emit, obs)


def viterbi(params: HMMParams, obs: jax.Array) -> jax.Array:
    spec = jax.ShapeDtypeStruct(obs.shape, jnp.int32)
    return jax.pure_callback(_host_viterbi, spec, *params, obs, vmap_method="sequential")


def _host_record_segments(path):
    path = np.asarray(path)
    edges = np.flatnonzero(np.diff(np.concatenate([[0], path, [0]])))
    for start, stop in zip(edges[::2], edges[1::2]):
        SEGMENTS.append((int(start), int(stop)))
    return np.int32(len(edges) // 2)


def annotate(params: HMMParams, obs: jax.Array) -> Tuple[jax.Array, jax.Array]:
    path = viterbi(params, obs)
    n = io_callback(_host_record_segments, jax.ShapeDtypeStruct((), jnp.int32), path)
    return path, n


# ---------------------------------------------------------------------------
# toy data
# ---------------------------------------------------------------------------

def simulate(params: HMMParams, length: int, seed: int = 0) -> Tuple[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    trans = np.exp(np.asarray(params.log_trans))
    emit = np.exp(np.asarray(params.log_emit))
    s = 0
    seq, states = [], []
    for _ in range(length):
        states.append(s)
        seq.append(ALPHABET[rng.choice(4, p=emit[s] / emit[s].sum())])
        s = rng.choice(2, p=trans[s] / trans[s].sum())
    return "".join(seq), np.array(states)


def accuracy(pred: jax.Array, truth: np.ndarray) -> float:
    return float(np.mean(np.asarray(pred) == truth))


if __name__ == "__main__":
    params = HMMParams.default()
    print(params.describe())
    demo = parse_fasta(">chr_demo test\nACGCGT\nTTAGCG\n")
    print(demo, reverse_complement(demo["chr_demo"]), kmer_counts(demo["chr_demo"])["CG"])
    seq, truth = simulate(params, 120, seed=4)
    obs = encode(seq)
    print("GC", float(gc_content(obs)), "CpG o/e", round(cpg_ratio(seq), 3))
    print("loglik", float(jax.jit(forward_loglik)(params, obs)))
    path, n_islands = jax.jit(annotate)(params, obs)
    print(decode_path(np.asarray(path))[:60])
    print("islands:", int(n_islands), SEGMENTS[:3], "acc", accuracy(path, truth))
    g = loglik_grad(params, obs)
    print("d loglik / d trans", np.asarray(g.log_trans).round(3).tolist())
