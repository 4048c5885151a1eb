"""Statistics helpers for the plate-reader assay pipeline."""
from typing import Any, Callable, NamedTuple

from absl.testing import absltest
from absl.testing import parameterized
import numpy as np
from scipy import stats
import jax
import jax.numpy as jnp


def _mean_diff(a, b, axis=-1):
    return np.mean(a, axis=axis) - np.mean(b, axis=axis)


def permutation_pvalue(treated, control):
    t = np.asarray(treated, dtype=np.float64)
    c = np.asarray(control, dtype=np.float64)
    res = stats.permutation_test((t, c), _mean_diff, vectorized=True, n_resamples=199,
                                 alternative="two-sided", random_state=0)
    return np.float32(res.pvalue)


def welch_pvalue(treated, control):
    t = np.asarray(treated, dtype=np.float64)
    c = np.asarray(control, dtype=np.float64)
    return np.float32(stats.ttest_ind(t, c, equal_var=False).pvalue)


def z_factor(pos, neg):
    return 1.0 - 3.0 * (jnp.std(pos) + jnp.std(neg)) / jnp.abs(jnp.mean(pos) - jnp.mean(neg))


class Case(NamedTuple):
    name: str
    host: Callable[..., Any]
    options: dict


CASES = [
    Case("welch", welch_pvalue, {}),
    Case("welch_seq", welch_pvalue, {"vmap_method": "sequential"}),
    Case("permutation", permutation_pvalue, {"vectorized": True}),
]


def hit_pvalue(case, treated, control):
    return jax.pure_callback(case.host, jax.ShapeDtypeStruct((), jnp.float32),
                             treated, control, **case.options)


def make_plate(shift, seed=0, n=12):
    rng = np.random.default_rng(seed)
    control = rng.normal(1.0, 0.1, n)
    treated = rng.normal(1.0 + shift, 0.1, n)
    return jnp.asarray(treated, jnp.float32), jnp.asarray(control, jnp.float32)


class AssayStatsTest(parameterized.TestCase):

    @parameterized.parameters(*CASES)
    def test_detects_strong_effect(self, name, host, options):
        treated, control = make_plate(0.5)
        p = jax.jit(lambda t, c: hit_pvalue(Case(name, host, options), t, c))(treated, control)
        self.assertLess(float(p), 0.01, msg=name)

    def test_no_effect_not_significant(self):
        treated, control = make_plate(0.0, seed=3)
        p = hit_pvalue(CASES[0], treated, control)
        self.assertGreater(float(p), 0.05)

    def test_z_factor_good_assay(self):
        pos, neg = make_plate(2.0)
        self.assertGreater(float(z_factor(pos, neg)), 0.3)


if __name__ == "__main__":
    absltest.main()
