from .system import build_system
