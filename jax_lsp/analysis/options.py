"""What an analysis is asked to do, as plain data: the configuration builds it and it travels
to an analysis process, so it lives apart from the analyser, which takes a third of a second
to import (the language server's first diagnostics and `jax-lsp serve`'s start-up do not wait
for that in the processes that only build these)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["AnalysisConfig", "WorkspaceSpec"]


@dataclass(frozen=True)
class WorkspaceSpec:
    """What a Workspace is made of, as plain data: it travels to an analysis process."""

    roots: tuple[str, ...] = ()
    #: the interpreter whose site-packages imports are followed into (None: this one)
    python: str | None = None
    #: unsaved editor buffers: (path, text) pairs
    overlay: tuple[tuple[str, str], ...] = ()
    #: whether the user allowed `python` to be run (see `environment`)
    python_trusted: bool = False


@dataclass(frozen=True)
class AnalysisConfig:
    #: qualified names of user functions to treat as host callbacks (like `jax.pure_callback`)
    extra_callbacks: tuple[str, ...] = ()
    #: qualified name of a user wrapper -> the JAX transform it behaves like, e.g.
    #: {"mylib.train.my_grad": "jax.grad"}
    extra_transforms: Mapping[str, str] = field(default_factory=dict)
    #: follow imports into this workspace (when `analyze_source` gets no Workspace object)
    workspace: WorkspaceSpec | None = None
    #: the environment variables the project declares for its run (`run_environment`): any
    #: other is taken as unset, e.g. {"MODEL_BACKEND": "jax"}
    environment: Mapping[str, str] = field(default_factory=dict)
    #: the command line the project declares for its run (`run_environment`), the words after
    #: the script's name: none by default (a parser's defaults)
    argv: tuple[str, ...] = ()
