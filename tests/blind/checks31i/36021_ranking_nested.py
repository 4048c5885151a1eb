"""Tests for a smoothed top-k ranking loss used in the retrieval trainer."""
import unittest

import numpy as np
import optax
import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_rank_stats(scores, tau):
    p = jax.nn.softmax(scores / tau)
    return {"probs": p, "entropy": -jnp.sum(p * jnp.log(p + 1e-9))}


@soft_rank_stats.defjvp
def _soft_rank_stats_jvp(primals, tangents):
    scores, tau = primals
    ds, dtau = tangents
    out = soft_rank_stats(scores, tau)
    p = out["probs"]
    dz = ds / tau - scores * dtau / tau ** 2
    dp = p * (dz - jnp.sum(p * dz))
    dent = -jnp.sum(dp * (jnp.log(p + 1e-9) + 1.0))
    return out, (dp, dent)


@jax.custom_vjp
def listwise_loss(scores, relevance):
    p = soft_rank_stats(scores, 1.0)["probs"]
    return -jnp.sum(relevance * jnp.log(p + 1e-9))


def _listwise_fwd(scores, relevance):
    p = soft_rank_stats(scores, 1.0)["probs"]
    return -jnp.sum(relevance * jnp.log(p + 1e-9)), (p, relevance)


def _listwise_bwd(res, g):
    p, relevance = res
    return g * (p * jnp.sum(relevance) - relevance), None


listwise_loss.defvjp(_listwise_fwd, _listwise_bwd)


def scorer(params, feats):
    return feats @ params["w"] + params["b"]


def objective(params, feats, relevance, ent_weight=0.0):
    s = scorer(params, feats)
    loss = listwise_loss(s, relevance)
    if ent_weight:
        loss = loss - ent_weight * soft_rank_stats(s, 0.5)["entropy"]
    return loss


FEATS = jnp.array([[0.2, 1.0], [1.5, -0.3], [0.0, 0.4], [-1.0, 0.9]])
REL = jnp.array([0.0, 1.0, 0.0, 0.5])


def fresh_params():
    return {"w": jnp.zeros(2), "b": jnp.float32(0.0)}


class RankingLossTest(unittest.TestCase):

    def test_uniform_scores_loss(self):
        loss = objective(fresh_params(), FEATS, REL)
        self.assertAlmostEqual(float(loss), 1.5 * np.log(4.0), places=4)

    def test_training_reduces_loss(self):
        opt = optax.sgd(0.5)
        params = fresh_params()
        state = opt.init(params)
        first = None
        for _ in range(5):
            loss, grads = jax.value_and_grad(objective)(params, FEATS, REL)
            first = loss if first is None else first
            updates, state = opt.update(grads, state)
            params = optax.apply_updates(params, updates)
        self.assertLess(float(objective(params, FEATS, REL)), float(first))

    def test_entropy_of_uniform_scores(self):
        stats = jax.jit(soft_rank_stats)(jnp.zeros(4), 0.5)
        self.assertAlmostEqual(float(stats["entropy"]), np.log(4.0), places=4)


if __name__ == "__main__":
    unittest.main()
