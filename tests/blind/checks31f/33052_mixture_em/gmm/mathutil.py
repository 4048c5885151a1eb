import numpy as np
import scipy.special as jss


def mixture_loglik(x, means, log_weights):
    comp = -0.5 * (x[:, None] - means[None, :]) ** 2 - 0.5 * np.log(2 * np.pi)
    return np.asarray(jss.logsumexp(comp + log_weights[None, :], axis=1))
