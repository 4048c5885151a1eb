from .skipgram import init_skipgram, score

__all__ = ["init_skipgram", "score"]
