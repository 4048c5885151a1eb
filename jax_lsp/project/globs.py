"""gitignore-style globs matched without backtracking: time linear in the path's length.

A regular expression built from a glob (``(?:[^/]*/)*`` for each ``**/``) backtracks
exponentially on patterns such as ``**/**/**/**/b`` against a deep path, and a regex per
segment still backtracks polynomially on ``*a*a*a*a*b``. Here a pattern is split into path
segments; a run of ``**`` segments matches any number of path segments, simulated as a set of
pattern positions advanced one path segment at a time (at most pattern x path steps), and each
other segment is matched by the classic two-pointer wildcard algorithm (at most pattern x name
steps).

`PathGlob` matches a whole path string the way ruff's `per-file-ignores` do (the Rust
``globset`` crate's default): ``*`` and ``?`` cross ``/`` too, so it is an automaton over the
path's characters, again without backtracking.

Syntax (as in ``.gitignore``): ``*`` any characters but ``/``, ``?`` one such character,
``[abc]``/``[a-z]``/``[!a-z]`` a class, ``\\x`` a literal ``x``; a ``**`` segment spans zero or
more directories (a trailing one: one or more), ``**`` inside a segment acts like ``*``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Glob", "PathGlob"]


@dataclass(frozen=True)
class _Class:
    negated: bool
    #: inclusive (low, high) character ranges
    ranges: tuple[tuple[str, str], ...]

    def matches(self, c: str) -> bool:
        return any(lo <= c <= hi for lo, hi in self.ranges) != self.negated


_STAR = "*"
_ANY = "?"
#: a token: a literal character (a str of length 1 in a tuple, to tell it from _STAR/_ANY)
_Token = object


def _parse_class(glob: str, i: int) -> tuple[_Class | None, int]:
    """The class starting at `glob[i]` == "[" and the index after it; None when unterminated."""
    j = i + 1
    negated = j < len(glob) and glob[j] in "!^"
    if negated:
        j += 1
    start = j
    if j < len(glob) and glob[j] == "]":
        j += 1
    while j < len(glob) and glob[j] != "]":
        j += 1
    if j >= len(glob):
        return None, i + 1
    body = glob[start:j]
    ranges = []
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            ranges.append((body[k], body[k + 2]))
            k += 3
        else:
            ranges.append((body[k], body[k]))
            k += 1
    return _Class(negated, tuple(r for r in ranges if r != ("/", "/"))), j + 1


def _tokens(segment: str) -> tuple[_Token, ...]:
    out: list[_Token] = []
    i = 0
    while i < len(segment):
        c = segment[i]
        if c == "*":
            if not out or out[-1] is not _STAR:  # "**" inside a segment is "*"
                out.append(_STAR)
            i += 1
        elif c == "?":
            out.append(_ANY)
            i += 1
        elif c == "[":
            cls, i = _parse_class(segment, i)
            out.append(cls if cls is not None else ("[",))
        elif c == "\\" and i + 1 < len(segment):
            out.append((segment[i + 1],))
            i += 2
        else:
            out.append((c,))
            i += 1
    return tuple(out)


def _one(token: _Token, c: str) -> bool:
    if token is _ANY:
        return True
    if isinstance(token, _Class):
        return token.matches(c)
    return token == (c,)


def _match_segment(tokens: Sequence[_Token], name: str) -> bool:
    """Wildcard match of one path segment: on a mismatch, only the last `*` gets to take one
    more character, so no more than len(tokens) x len(name) steps."""
    t = p = 0
    star_p, star_t = -1, 0
    while t < len(name):
        if p < len(tokens) and tokens[p] is _STAR:
            star_p, star_t = p, t
            p += 1
        elif p < len(tokens) and _one(tokens[p], name[t]):
            p += 1
            t += 1
        elif star_p >= 0:
            p, star_t = star_p + 1, star_t + 1
            t = star_t
        else:
            return False
    while p < len(tokens) and tokens[p] is _STAR:
        p += 1
    return p == len(tokens)


#: pattern segments that are not a token list
_ANY_DIRS = "**"  # zero or more path segments
_ONE_SEGMENT = "*/"  # exactly one path segment, whatever its name


@dataclass(frozen=True)
class Glob:
    """A compiled glob (already stripped of ``!``, leading and trailing ``/``)."""

    segments: tuple[object, ...]
    #: the longest run of literal characters in one segment: a path it matches contains it,
    #: so a path without it is passed over at the cost of a substring search (a list of
    #: thousands of patterns, a planted .gitignore's, is mostly such misses)
    needle: str = ""

    @classmethod
    def compile(cls, glob: str) -> Glob:
        raw = glob.split("/")
        out: list[object] = []
        for n, segment in enumerate(raw):
            if segment == "**":
                if n == len(raw) - 1 and n > 0:  # "a/**": everything inside, not a itself
                    while out and out[-1] is _ANY_DIRS:
                        out.pop()
                    out += [_ONE_SEGMENT, _ANY_DIRS]
                elif n == len(raw) - 1:  # "**" alone: any path
                    out += [_ONE_SEGMENT, _ANY_DIRS]
                elif not out or out[-1] is not _ANY_DIRS:  # "**/**/" is "**/"
                    out.append(_ANY_DIRS)
            else:
                out.append(_tokens(segment))
        return cls(tuple(out), _longest_literal(out))

    def _closure(self, states: set[int]) -> set[int]:
        """Add the positions reached by letting `**` segments match nothing."""
        todo = list(states)
        while todo:
            i = todo.pop()
            if i < len(self.segments) and self.segments[i] is _ANY_DIRS and i + 1 not in states:
                states.add(i + 1)
                todo.append(i + 1)
        return states

    def matches(self, parts: Sequence[str]) -> bool:
        """Whether the path of `parts` (its segments) matches."""
        end = len(self.segments)
        states = self._closure({0})
        for part in parts:
            advanced: set[int] = set()
            for i in states:
                if i == end:
                    continue
                seg = self.segments[i]
                if seg is _ANY_DIRS:
                    advanced.add(i)
                elif seg is _ONE_SEGMENT or _match_segment(seg, part):  # type: ignore[arg-type]
                    advanced.add(i + 1)
            if not advanced:
                return False
            states = self._closure(advanced)
        return end in states


def _literal_runs(tokens: Sequence[object]) -> tuple[str, ...]:
    """The runs of literal characters in a token list, longest first."""
    runs, run = [], []
    for token in (*tokens, None):
        if isinstance(token, tuple):
            run.append(token[0])
        elif run:
            runs.append("".join(run))
            run = []
    return tuple(sorted(set(runs), key=len, reverse=True))


def _longest_literal(segments: Sequence[object]) -> str:
    """The longest run of literal characters within one token-list segment."""
    runs = [r for seg in segments if isinstance(seg, tuple) for r in _literal_runs(seg)[:1]]
    return max(runs, key=len, default="")


# -- whole-path globs, `*` crossing "/" (ruff's per-file-ignores) ------------------------------

#: `(?:.*/)?`: nothing, or anything up to and including a "/" (a `**/` segment); compiled to
#: two tokens, an entry that may skip the body and the body itself
_DIRS_ENTRY = "dirs-entry"
_DIRS_BODY = "dirs-body"


@dataclass(frozen=True)
class PathGlob:
    """A glob matched against a whole path string, as globset (used by ruff) does without
    `literal_separator`: ``*`` is any characters including ``/``, ``?`` any one character,
    ``**/`` zero or more directories, ``/**`` at the end everything below."""

    tokens: tuple[_Token, ...]
    #: its runs of literal characters, longest first: a path it matches contains each (see
    #: `Glob.needle`; a per-file-ignores glob joined to its folder shares that folder's with
    #: every path, so one is not enough)
    needles: tuple[str, ...] = ()

    @classmethod
    def compile(cls, glob: str) -> PathGlob:
        out: list[_Token] = []
        i = 0
        while i < len(glob):
            at_start = i == 0 or glob[i - 1] == "/"
            if glob.startswith("**", i) and at_start and glob.startswith("/", i + 2):
                out += [_DIRS_ENTRY, _DIRS_BODY]  # "**/": (?:.*/)?
                i += 3
                while glob.startswith("**/", i):  # "**/**/" is "**/"
                    i += 3
            elif glob[i] == "*":
                if not out or out[-1] is not _STAR:
                    out.append(_STAR)
                i += 1
            else:
                run = _literal_run(glob, i)
                out += _tokens(glob[i : i + run])
                i += run
        return cls(tuple(out), _literal_runs(out))

    def _closure(self, states: set[int]) -> set[int]:
        todo = list(states)
        while todo:
            i = todo.pop()
            if i >= len(self.tokens):
                continue
            token = self.tokens[i]
            targets = ((i + 1,) if token is _STAR else
                       (i + 1, i + 2) if token is _DIRS_ENTRY else ())
            for j in targets:
                if j not in states:
                    states.add(j)
                    todo.append(j)
        return states

    def matches(self, path: str) -> bool:
        """Whether the whole of `path` matches (at most tokens x characters steps)."""
        if not all(needle in path for needle in self.needles):
            return False
        end = len(self.tokens)
        states = self._closure({0})
        for c in path:
            advanced: set[int] = set()
            for i in states:
                if i == end:
                    continue
                token = self.tokens[i]
                if token is _STAR:
                    advanced.add(i)
                elif token is _DIRS_BODY:
                    advanced.add(i)
                    if c == "/":
                        advanced.add(i + 1)
                elif token is not _DIRS_ENTRY and _one(token, c):
                    advanced.add(i + 1)
            if not advanced:
                return False
            states = self._closure(advanced)
        return end in states


def _literal_run(glob: str, i: int) -> int:
    """The length of the piece of `glob` from `i` up to its next `*` (a class or an escape
    taken whole, so that a `*` inside one stays literal)."""
    j = i
    while j < len(glob) and glob[j] != "*":
        if glob[j] == "\\" and j + 1 < len(glob):
            j += 2
        elif glob[j] == "[":
            cls, k = _parse_class(glob, j)
            j = k if cls is not None else j + 1
        else:
            j += 1
    return max(j - i, 1)
