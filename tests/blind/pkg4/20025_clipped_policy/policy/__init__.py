from .net import build_policy
