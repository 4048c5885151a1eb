from .sink import RecorderMixin, STORE
