# Models: embedding-bag scorer; gradients requested w.r.t. (table, token_ids) via an argnums tuple
import jax
import jax.numpy as jnp


def embed_bag(table, ids, weights):
    rows = table[ids]
    return jnp.sum(rows * weights[:, None], axis=0)


def score(table, ids, weights, query):
    bag = embed_bag(table, ids, weights)
    return jnp.dot(bag, query) / (1.0 + jnp.linalg.norm(bag))


def gradients(table, ids, weights, query):
    # library-style wrapper: caller decides which inputs to differentiate
    return jax.grad(score, argnums=(0, 1))(table, ids, weights, query)


def build_corpus(n_docs=3, length=4, vocab=5):
    ids = (jnp.arange(n_docs * length) * 7 + 3) % vocab
    return ids.reshape(n_docs, length).astype(jnp.int32)


def doc_scores(table, docs, weights, query):
    return jax.vmap(score, in_axes=(None, 0, None, None))(table, docs, weights, query)


def rank(table, docs, weights, query):
    s = doc_scores(table, docs, weights, query)
    order = jnp.argsort(-s)
    for r, i in enumerate(order):
        print(f"rank {r}: doc {int(i)} score {float(s[i]):.3f}")
    return order


if __name__ == "__main__":
    rank(jnp.arange(20.0).reshape(5, 4) / 10.0, build_corpus(),
         jnp.array([0.5, 1.0, 1.0, 0.25]), jnp.array([1.0, -1.0, 0.5, 0.0]))
    table = jnp.arange(20.0).reshape(5, 4) / 10.0
    ids = jnp.array([0, 3, 3, 1], dtype=jnp.int32)
    w = jnp.array([0.5, 1.0, 1.0, 0.25])
    q = jnp.array([1.0, -1.0, 0.5, 0.0])
    g_table, g_ids = gradients(table, ids, w, q)
    print(g_table.shape, g_ids)
