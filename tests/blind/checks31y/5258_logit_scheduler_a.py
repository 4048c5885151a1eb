import sched
import time
import jax
import jax.numpy as jnp


@jax.custom_vjp
def stable_logit(p, eps):
    q = jnp.clip(p, eps, 1.0 - eps)
    return jnp.log(q) - jnp.log1p(-q)


def _logit_fwd(p, eps):
    return stable_logit(p, eps), (p, eps)


def _logit_bwd(res, g):
    p, eps = res
    q = jnp.clip(p, eps, 1.0 - eps)
    return (g / (q * (1.0 - q)),)


stable_logit.defvjp(_logit_fwd, _logit_bwd)

results = {}


def checkpoint_job(p):
    results["checkpoint"] = float(jnp.sum(p))


def audit_job(p):
    results["audit"] = jax.grad(lambda p_: jnp.sum(stable_logit(p_, 1e-4)))(p).tolist()


def summary_job(p):
    results["summary"] = float(jnp.mean(jax.nn.sigmoid(p)))



def describe(tree, indent=0):
    """Human-readable summary of a nested container of arrays."""
    pad = " " * indent
    if isinstance(tree, dict):
        return "\n".join(f"{pad}{k}:\n{describe(v, indent + 2)}" for k, v in tree.items())
    if isinstance(tree, (list, tuple)):
        return "\n".join(describe(v, indent) for v in tree)
    shape = getattr(tree, "shape", ())
    dtype = getattr(tree, "dtype", type(tree).__name__)
    return f"{pad}{dtype}{list(shape)}"


def count_elements(tree):
    leaves = jax.tree_util.tree_leaves(tree)
    return sum(int(getattr(x, "size", 1)) for x in leaves)


if __name__ == "__main__":
    runner = sched.scheduler(time.monotonic, lambda s: None)
    probs = jnp.array([0.2, 0.5, 0.9], jnp.float32)
    ev_ckpt = runner.enter(0, 1, checkpoint_job, (probs,))
    ev_audit = runner.enter(0, 2, audit_job, (probs,))
    ev_sum = runner.enter(0, 3, summary_job, (probs,))
    runner.cancel(ev_sum)
    runner.run()
    print(sorted(results.items()))
