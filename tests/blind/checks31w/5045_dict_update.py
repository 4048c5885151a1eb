"""A 'Differentiable' bundle object whose rule attributes are configured in bulk."""
import types
import jax
import jax.numpy as jnp


def _hinge(margin, score):
    return jnp.maximum(0.0, margin - score)


def _hinge_fwd(margin, score):
    return _hinge(margin, score), (margin, score)


def _hinge_bwd(res, g):
    margin, score = res
    active = (margin - score) > 0
    return g * active, -g * active


def _hinge_bwd_with_slack(res, g):
    margin, score = res
    active = (margin - score) > 0
    return g * active, -g * active, jnp.zeros_like(g)


bundle = types.SimpleNamespace(primal=_hinge, fwd=_hinge_fwd, bwd=_hinge_bwd)
smooth_hinge = jax.custom_vjp(bundle.primal)


def apply_profile(obj, profile):
    obj.__dict__.update(profile)


def svm_objective(w, x, labels, margin=1.0):
    scores = labels * (x @ w)
    return jnp.mean(smooth_hinge(jnp.full_like(scores, margin), scores)) + 0.01 * w @ w


import dataclasses


@dataclasses.dataclass
class RunInfo:
    name: str
    seed: int = 0
    notes: str = ""

    def describe(self):
        extra = f" ({self.notes})" if self.notes else ""
        return f"run {self.name!r} seed={self.seed}{extra}"

    def key(self):
        return jax.random.PRNGKey(self.seed)


if __name__ == "__main__":
    smooth_hinge.defvjp(bundle.fwd, bundle.bwd)
    apply_profile(bundle, {"bwd": _hinge_bwd_with_slack, "name": "slack"})
    x = jnp.array([[1.0, 2.0], [-1.0, 0.5], [0.3, -1.2], [2.0, 0.1]])
    labels = jnp.array([1.0, -1.0, -1.0, 1.0])
    print(jax.grad(svm_objective)(jnp.zeros(2), x, labels))
