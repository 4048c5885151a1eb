"""Lightweight activation telemetry for small MLPs."""
from .sink import MetricSink, DEFAULT_SINK
from .probe import tap

__all__ = ["MetricSink", "DEFAULT_SINK", "tap"]
