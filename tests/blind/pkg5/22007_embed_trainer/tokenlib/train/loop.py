import jax
import optax

from .losses import l2


class Trainer:
    def __init__(self, lr):
        self.opt = optax.sgd(lr)
        self._vg = jax.value_and_grad(l2)
        self._opt_state = None

    def step(self, state, targets):
        loss, grads = self._vg(state, targets)
        if self._opt_state is None:
            self._opt_state = self.opt.init(grads)
        upd, self._opt_state = self.opt.update(grads, self._opt_state)
        return optax.apply_updates(state, upd), loss
