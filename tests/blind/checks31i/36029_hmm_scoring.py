"""hmm.py -- discrete hidden Markov models for sequence scoring (CpG islands, profile states).

Forward / Viterbi / posterior decoding in log space. A host-side progress ledger receives the
log-likelihood of every scored read in order, so that the read IDs line up with the scores.
"""
from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback
from jax.scipy.special import logsumexp

ALPHABET = "ACGT"
_CODE: Dict[str, int] = {ch: i for i, ch in enumerate(ALPHABET)}

# ---------------------------------------------------------------------------
# sequence utilities
# ---------------------------------------------------------------------------

def encode(seq: str) -> np.ndarray:
    bad = set(seq.upper()) - set(ALPHABET)
    if bad:
        raise ValueError(f"non-ACGT symbols: {sorted(bad)}")
    return np.fromiter((_CODE[c] for c in seq.upper()), dtype=np.int32)


def decode(codes: Sequence[int]) -> str:
    return "".join(ALPHABET[int(c)] for c in codes)


def gc_content(seq: str) -> float:
    s = seq.upper()
    return (s.count("G") + s.count("C")) / max(len(s), 1)


def kmers(seq: str, k: int) -> Iterator[str]:
    for i in range(len(seq) - k + 1):
        yield seq[i:i + k]


def reverse_complement(seq: str) -> str:
    return seq.upper().translate(str.maketrans("ACGT", "TGCA"))[::-1]


def pad_batch(seqs: Sequence[str], length: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray]:
    length = length or max(map(len, seqs))
    codes = np.zeros((len(seqs), length), np.int32)
    mask = np.zeros((len(seqs), length), bool)
    for i, s in enumerate(seqs):
        e = encode(s)[:length]
        codes[i, :len(e)] = e
        mask[i, :len(e)] = True
    return codes, mask


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class HMM:
    log_start: jnp.ndarray   # (S,)
    log_trans: jnp.ndarray   # (S, S)
    log_emit: jnp.ndarray    # (S, 4)
    state_names: Tuple[str, ...] = ()

    @classmethod
    def from_probs(cls, start, trans, emit, names=()):
        for name, m in (("start", start), ("trans", trans), ("emit", emit)):
            a = np.asarray(m, np.float64)
            if not np.allclose(a.sum(axis=-1), 1.0):
                raise ValueError(f"{name} rows must sum to one")
        return cls(jnp.log(jnp.asarray(start, jnp.float32)), jnp.log(jnp.asarray(trans, jnp.float32)),
                   jnp.log(jnp.asarray(emit, jnp.float32)), tuple(names))

    @property
    def n_states(self) -> int:
        return int(self.log_start.shape[0])

    def __repr__(self) -> str:
        names = ",".join(self.state_names) or str(self.n_states)
        return f"HMM(states={names})"


def cpg_model() -> HMM:
    start = [0.5, 0.5]
    trans = [[0.9, 0.1], [0.2, 0.8]]
    emit = [[0.3, 0.2, 0.2, 0.3], [0.15, 0.35, 0.35, 0.15]]
    return HMM.from_probs(start, trans, emit, ("background", "island"))


# ---------------------------------------------------------------------------
# host ledger
# ---------------------------------------------------------------------------

@dataclass(eq=False)
class ScoreLedger:
    scores: List[float] = field(default_factory=list)

    def append(self, loglik):
        self.scores.append(float(np.asarray(loglik)))
        return np.float32(np.asarray(loglik))


LEDGER = ScoreLedger()


def _ledger(loglik: jnp.ndarray, ordered: bool = True) -> jnp.ndarray:
    # a batch has no meaningful order between its reads; JAX only orders unbatched calls
    return io_callback(LEDGER.append, jax.ShapeDtypeStruct((), jnp.float32), loglik, ordered=ordered)


# ---------------------------------------------------------------------------
# inference
# ---------------------------------------------------------------------------

def forward(model: HMM, obs: jnp.ndarray, mask: Optional[jnp.ndarray] = None,
            ordered_log: bool = True) -> jnp.ndarray:
    if mask is None:
        mask = jnp.ones(obs.shape, bool)
    alpha0 = model.log_start + model.log_emit[:, obs[0]]

    def step(alpha, om):
        o, m = om
        new = logsumexp(alpha[:, None] + model.log_trans, axis=0) + model.log_emit[:, o]
        return jnp.where(m, new, alpha), None

    alpha, _ = jax.lax.scan(step, alpha0, (obs[1:], mask[1:]))
    return _ledger(logsumexp(alpha), ordered_log)


def viterbi(model: HMM, obs: jnp.ndarray) -> jnp.ndarray:
    delta0 = model.log_start + model.log_emit[:, obs[0]]

    def step(delta, o):
        scores = delta[:, None] + model.log_trans
        return jnp.max(scores, axis=0) + model.log_emit[:, o], jnp.argmax(scores, axis=0)

    delta, back = jax.lax.scan(step, delta0, obs[1:])
    last = jnp.argmax(delta)

    def trace(s, b):
        prev = b[s]
        return prev, s

    first, path = jax.lax.scan(trace, last, back, reverse=True)
    return jnp.concatenate([first[None], path])


def score_reads(model: HMM, reads: Sequence[str]) -> np.ndarray:
    codes, mask = pad_batch(reads)
    batched = jax.jit(jax.vmap(lambda o, m: forward(model, o, m, ordered_log=False)))
    return np.asarray(batched(jnp.asarray(codes), jnp.asarray(mask)))


def score_reads_serial(model: HMM, reads: Sequence[str]) -> np.ndarray:
    fwd = jax.jit(lambda o: forward(model, o))
    return np.array([float(fwd(jnp.asarray(encode(r)))) for r in reads])


def island_fraction(model: HMM, seq: str) -> float:
    path = np.asarray(viterbi(model, jnp.asarray(encode(seq))))
    return float(np.mean(path == 1))


def top_kmers(seq: str, k: int = 2, n: int = 3) -> List[Tuple[str, int]]:
    counts: Dict[str, int] = {}
    for km in kmers(seq, k):
        counts[km] = counts.get(km, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def baum_welch_counts(model: HMM, obs: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Expected transition / emission counts for one sequence (NumPy, for re-estimation)."""
    A, B, pi = np.exp(np.asarray(model.log_trans)), np.exp(np.asarray(model.log_emit)), np.exp(np.asarray(model.log_start))
    T, S = len(obs), len(pi)
    alpha = np.zeros((T, S)); beta = np.ones((T, S))
    alpha[0] = pi * B[:, obs[0]]; alpha[0] /= alpha[0].sum()
    for t in range(1, T):
        alpha[t] = (alpha[t - 1] @ A) * B[:, obs[t]]; alpha[t] /= alpha[t].sum()
    for t in range(T - 2, -1, -1):
        beta[t] = A @ (B[:, obs[t + 1]] * beta[t + 1]); beta[t] /= beta[t].sum()
    gamma = alpha * beta; gamma /= gamma.sum(axis=1, keepdims=True)
    trans = np.zeros((S, S))
    for t in range(T - 1):
        xi = alpha[t][:, None] * A * (B[:, obs[t + 1]] * beta[t + 1])[None, :]
        trans += xi / xi.sum()
    emit = np.zeros((S, B.shape[1]))
    for t in range(T):
        emit[:, obs[t]] += gamma[t]
    return trans, emit


READS = ["ACGCGCGTAT", "ATATATTACG", "CGCGGCGCCA", "TTAGCA"]


def main() -> None:
    model = cpg_model()
    print(model, [round(gc_content(r), 2) for r in READS])
    print("serial:", score_reads_serial(model, READS[:2]).round(3))
    print("island fraction:", island_fraction(model, READS[2]), top_kmers(READS[2]))
    print("rc:", reverse_complement(READS[0]))
    print("batched:", score_reads(model, READS).round(3))
    print("ledger size:", len(LEDGER.scores))


if __name__ == "__main__":
    main()
