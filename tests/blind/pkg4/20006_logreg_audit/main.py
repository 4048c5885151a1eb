# Models a logistic-regression app whose audit mixin writes logits to a host buffer with io_callback on stop_gradient'ed values during the differentiated loss.
import jax.numpy as jnp

from clf.model import LogisticClassifier
from clf.sgd import sgd_fit
from clf import audit


def main():
    feats = jnp.array([[0.5, 1.0], [1.5, -0.5], [-1.0, 0.3], [0.2, 0.2]])
    labels = jnp.array([1.0, 0.0, 1.0, 0.0])
    model = LogisticClassifier(2)
    w = sgd_fit(model, model.zeros(), feats, labels, epochs=3)
    print("weights", w, "audit rows", len(audit.BUFFER))


if __name__ == "__main__":
    main()
