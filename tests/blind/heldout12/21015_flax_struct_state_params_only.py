# Models: a flax.struct.dataclass train state holding params, an int32 step and an optax state; the loss reads the step for a warmup-weighted regulariser, but only the params field is differentiated.
import flax
import jax
import jax.numpy as jnp
import optax


@flax.struct.dataclass
class State:
    params: dict
    opt_state: optax.OptState
    step: jnp.ndarray
    tx: optax.GradientTransformation = flax.struct.field(pytree_node=False)

    @classmethod
    def create(cls, params, tx):
        return cls(params=params, opt_state=tx.init(params),
                   step=jnp.zeros((), jnp.int32), tx=tx)

    def apply_gradients(self, grads):
        updates, new_opt = self.tx.update(grads, self.opt_state, self.params)
        return self.replace(params=optax.apply_updates(self.params, updates),
                            opt_state=new_opt, step=self.step + 1)


def reg_strength(step):
    return jnp.clip(step.astype(jnp.float32) / 20.0, 0.0, 1.0) * 1e-3


def objective(state, xb, yb):
    p = state.params
    z = jnp.tanh(xb @ p["w_in"]) @ p["w_out"]
    loss = optax.l2_loss(z, yb).mean()
    return loss + reg_strength(state.step) * sum(
        jnp.sum(w ** 2) for w in jax.tree_util.tree_leaves(p))


@jax.jit
def train_step(state, xb, yb):
    def wrt_params(params):
        return objective(state.replace(params=params), xb, yb)

    loss, grads = jax.value_and_grad(wrt_params)(state.params)
    return state.apply_gradients(grads), loss


if __name__ == "__main__":
    rng = jax.random.PRNGKey(21)
    r1, r2, r3 = jax.random.split(rng, 3)
    params = {"w_in": jax.random.normal(r1, (3, 8)) * 0.5,
              "w_out": jax.random.normal(r2, (8,)) * 0.5}
    state = State.create(params, optax.adamw(1e-2))
    xb = jax.random.normal(r3, (25, 3))
    yb = xb[:, 0] * xb[:, 1]
    for _ in range(6):
        state, loss = train_step(state, xb, yb)
    print("step", int(state.step), "loss", float(loss))
