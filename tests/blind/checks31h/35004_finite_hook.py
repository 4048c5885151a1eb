"""Tests for the NaN guard hook of the tiny MLP trainer."""
from absl.testing import absltest
from absl.testing import parameterized
import numpy as np
import jax
import jax.numpy as jnp

_EVENTS = []


def _count_nonfinite(arr, strict):
    if strict:
        return int((~np.isfinite(arr)).sum())
    return int(np.isnan(arr).sum())


def _traced_nonfinite(tree):
    leaves = jax.tree_util.tree_leaves(tree)
    return sum(jnp.sum(~jnp.isfinite(leaf)) for leaf in leaves)


def make_guard(strict):
    def guard(step, loss, grad_leaf):
        loss = np.asarray(loss)
        grad_leaf = np.asarray(grad_leaf)
        bad = _count_nonfinite(grad_leaf, strict) + _count_nonfinite(loss[None], strict)
        _EVENTS.append((int(np.asarray(step)), bad))
    return guard


def init_mlp(key, sizes=(3, 8, 1)):
    params = []
    for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append({"w": jax.random.normal(k, (m, n)) / np.sqrt(m), "b": jnp.zeros(n)})
    return params


def mlp(params, x):
    for layer in params[:-1]:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def mse(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


def make_train_step(strict, lr=0.05):
    guard = make_guard(strict)

    @jax.jit
    def train_step(params, step, x, y):
        loss, grads = jax.value_and_grad(mse)(params, x, y)
        loss = jnp.where(_traced_nonfinite(grads) > 0, jnp.nan, loss)
        jax.debug.callback(guard, step, loss, grads[0]["w"])
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), loss
    return train_step


class NanGuardTest(parameterized.TestCase):

    def setUp(self):
        super().setUp()
        _EVENTS.clear()
        key = jax.random.PRNGKey(1)
        self.x = jax.random.normal(key, (16, 3))
        self.y = jnp.sin(self.x.sum(-1, keepdims=True))
        self.params = init_mlp(key)

    @parameterized.named_parameters(
        ("lenient", False),
        ("strict", True),
    )
    def test_no_events_on_clean_data(self, strict):
        step_fn = make_train_step(strict)
        params = self.params
        for i in range(4):
            params, loss = step_fn(params, i, self.x, self.y)
        jax.effects_barrier()
        self.assertLen(_EVENTS, 4)
        self.assertTrue(all(bad == 0 for _, bad in _EVENTS))

    def test_loss_decreases(self):
        step_fn = make_train_step(False, lr=0.1)
        params, first = step_fn(self.params, 0, self.x, self.y)
        for i in range(1, 30):
            params, loss = step_fn(params, i, self.x, self.y)
        self.assertLess(float(loss), float(first))


if __name__ == "__main__":
    absltest.main()
