import jax


def train_loop(profile, theta, grid, observed, objective, n_iter=5, lr=0.01):
    def total(th):
        return objective(profile.predict(th, grid), observed)

    grad_fn = jax.jit(jax.grad(total))
    out = []
    for _ in range(n_iter):
        g = grad_fn(theta)
        theta = {k: theta[k] - lr * g[k] for k in theta}
        out.append(float(total(theta)))
    return theta, out
