"""The values of the error catalog: entries, their solutions and the places in JAX that raise them.

Every value is a frozen dataclass: the catalog is loaded once, shared by the CLI, the docs
generator and the language server, and never mutated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from jax_lsp.catalog.templates import display_text
from jax_lsp.codes import DOCS_BASE_URL

#: how an entry was verified: by running its `before` example under real JAX, or only by
#: finding its message in the JAX source
Verified = Literal["run", "source-only"]
VERIFIED_VALUES: tuple[str, ...] = ("run", "source-only")


@dataclass(frozen=True)
class Location:
    """A place in the installed JAX source: `jax/_src/<file>:<qualified function name>`.

    `function` is a dotted qualified name (`Class.method`, `outer.inner`) or `<module>` for text
    defined at module level.
    """

    file: str
    function: str

    @classmethod
    def parse(cls, text: str) -> Location:
        path, sep, function = text.strip().rpartition(":")
        if not sep or not path.startswith("jax/") or not path.endswith(".py") or not function:
            raise ValueError(
                f"a location must look like 'jax/_src/<file>.py:<function>', got {text!r}"
            )
        return cls(path, function)

    def __str__(self) -> str:
        return f"{self.file}:{self.function}"


@dataclass(frozen=True)
class Solution:
    """One way to fix the error; an entry lists them best first."""

    title: str
    detail: str


@dataclass(frozen=True)
class Variant:
    """Another wording of an entry's message: what older JAX releases printed for the same error.

    `versions` is the range of JAX releases whose source holds this wording (`"0.2.0 - 0.4.13"`,
    the first and last release checked that has it); `raised_in` is where those releases raise
    it, when that is not where the current release does.
    """

    message: str
    versions: str
    raised_in: str = ""

    @property
    def display_message(self) -> str:
        return display_text(self.message)


@dataclass(frozen=True)
class Entry:
    """One JAX autodiff error: what JAX says, where, why, and how to fix it."""

    #: stable identifier, a lowercase slug (`pure-callback-jvp`); also the docs anchor
    id: str
    title: str
    #: the diagnostic codes (`JAX001`, ...) that predict this error; may be empty
    codes: tuple[str, ...]
    #: the exception class name JAX raises (`ValueError`, `UnexpectedTracerError`, ...)
    exception: str
    #: the message as a template: `{name}` is a placeholder, `{{` and `}}` are literal braces
    message: str
    #: where JAX raises it
    raised_in: tuple[Location, ...]
    #: where the message text is written, when that is not where it is raised
    message_in: tuple[Location, ...]
    verified: Verified
    #: the JAX versions this entry was checked against
    jax_versions: tuple[str, ...]
    meaning: str
    #: when it happens: triggers and common situations
    triggers: tuple[str, ...]
    #: ranked solutions, best first
    solutions: tuple[Solution, ...]
    #: a program that raises the error (None for source-only entries)
    before: str | None
    #: the same program, fixed, which runs
    after: str | None
    related: tuple[str, ...]
    #: for a source-only entry that still shows a `before`: why it cannot be run
    skip_reason: str | None = None
    #: the JAX releases that print `message` as it is written (`"0.4.14 - 0.10.2"`)
    message_versions: str = ""
    #: the other wordings of the same error in other JAX releases, newest first
    variants: tuple[Variant, ...] = ()
    #: where `message` is written: `jax` (the installed JAX's Python source, checked there),
    #: `jaxlib` (the XLA runtime's C++) or `python` (the interpreter, e.g. an ImportError), both
    #: checked by running the example, or `older-jax` (only releases before the installed one
    #: print it; `message_versions` says which, checked against their sources), or `none`:
    #: JAX prints nothing (a code that warns of a hang, JAX011); `exception` then names the
    #: failure and `message` describes it, and neither is checked against JAX
    message_from: str = "jax"
    #: related entry id -> why it is related
    related_why: tuple[tuple[str, str], ...] = ()
    #: situations real users met the error in, each naming its public report
    situations: tuple[str, ...] = ()

    @property
    def wordings(self) -> tuple[tuple[str, str], ...]:
        """Every (template, JAX versions) this entry's error is printed as, current first."""
        current = (self.message, self.message_versions or " - ".join(self.jax_versions[-1:]))
        return (current, *((v.message, v.versions) for v in self.variants))

    @property
    def docs_url(self) -> str:
        return f"{DOCS_BASE_URL}#{self.id}"

    @property
    def display_message(self) -> str:
        """The message template as shown to people (pinned placeholders resolved)."""
        return display_text(self.message)

    @property
    def message_sources(self) -> tuple[Location, ...]:
        """The functions whose string literals hold the message text."""
        return self.message_in or self.raised_in

    def why_related(self, entry_id: str) -> str:
        return dict(self.related_why).get(entry_id, "")

    @property
    def top_solution(self) -> Solution | None:
        return self.solutions[0] if self.solutions else None

    @property
    def runnable(self) -> bool:
        """Whether the `before` example is claimed to raise the error when run."""
        return self.verified == "run" and self.before is not None
