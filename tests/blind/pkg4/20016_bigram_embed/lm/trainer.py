import jax


class Trainer:
    def __init__(self, loss_fn, lr=1e-2):
        self.loss_fn = loss_fn
        self.lr = lr
        self._grad = jax.grad(loss_fn)

    def fit(self, batch, params, epochs=1):
        for _ in range(epochs):
            grads = self._grad(batch, params)
            params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)
        return params
