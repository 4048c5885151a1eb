from .lookup import pressure
