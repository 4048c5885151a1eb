# Models: logistic regression trained with lax.scan carrying (params, opt_state, rng); per-step loss is reported to the host with jax.debug.callback inside the differentiated loss.
import functools

import jax
import jax.numpy as jnp
import optax

_seen = []


def _host_report(step_loss, grad_norm_hint):
    _seen.append((float(step_loss), float(grad_norm_hint)))


def bce_loss(theta, feats, labels):
    logits = feats @ theta["coef"] + theta["intercept"]
    per_ex = optax.sigmoid_binary_cross_entropy(logits, labels)
    value = per_ex.mean()
    jax.debug.callback(_host_report, value, jnp.abs(theta["coef"]).sum())
    return value


class ScanTrainer:
    def __init__(self, feats, labels, learning_rate=0.5, minibatch=16):
        self.feats = feats
        self.labels = labels
        self.minibatch = minibatch
        self.tx = optax.chain(optax.clip(1.0), optax.sgd(learning_rate))

    def _body(self, carry, _):
        theta, opt_state, rng = carry
        rng, pick = jax.random.split(rng)
        idx = jax.random.randint(pick, (self.minibatch,), 0, self.feats.shape[0])
        grad_fn = jax.grad(bce_loss)
        g = grad_fn(theta, self.feats[idx], self.labels[idx])
        updates, opt_state = self.tx.update(g, opt_state, theta)
        theta = optax.apply_updates(theta, updates)
        return (theta, opt_state, rng), jnp.linalg.norm(g["coef"])

    @functools.partial(jax.jit, static_argnums=(0, 3))
    def fit(self, theta, rng, num_steps):
        opt_state = self.tx.init(theta)
        (theta, _, _), gnorms = jax.lax.scan(self._body, (theta, opt_state, rng), None,
                                             length=num_steps)
        return theta, gnorms


if __name__ == "__main__":
    rng = jax.random.PRNGKey(3)
    r_feat, r_fit = jax.random.split(rng)
    feats = jax.random.normal(r_feat, (50, 2))
    labels = (feats[:, 0] - feats[:, 1] > 0).astype(jnp.float32)
    theta0 = {"coef": jnp.zeros(2), "intercept": jnp.zeros(())}
    trainer = ScanTrainer(feats, labels)
    theta, gnorms = trainer.fit(theta0, r_fit, 12)
    jax.block_until_ready(theta)
    print("coef", theta["coef"], "grad norms", gnorms[:3])
    print("host saw", len(_seen), "reports")
