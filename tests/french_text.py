"""What is still English on a page or in an email meant for a French reader.

Two nets, both over the text a person reads (text nodes, and the titles, labels, alternative
texts and placeholders of elements; not scripts, styles, code samples, or attributes only
programs read, such as ``data-notation``):

* every English msgid of the French catalogues whose translation differs from it: a piece of
  it (between its placeholders and tags) of two words or more that turns up is a message
  shown without its translation (a lazy string read before the language was chosen, a
  piece of drawing kept from another reader, ``gettext_noop`` without ``gettext``);
* a short list of common English words that French never uses, for text that never went
  through gettext at all.

Player names, game names and the move notation are the caller's to declare (``allowed``): they
are removed before looking, as are code samples, words quoted on purpose (« ... »), words
in capitals (rule ids) and identifiers (paths, dotted names, JSON keys, component ids). The notation
players reply with is English on purpose (docs/translation.md), so every email's and page's
notation is allowed.
"""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Iterable
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import polib
from django.conf import settings

import engine
from gwt_site.translations import TRANSLATED_APPS

# Common English words that no French sentence of the site has: a handful is enough to find
# a line that was never translated. (Not "pass", "end", "move", "build", "hire", ...: the
# notation's words, which the caller allows where they are the notation.)
_ENGLISH_WORDS_TEXT = """
    the and your you with of this that these those from into there their they is are was
    were has have had will would should can't cannot don't isn't it's not yet here what
    which when who how why please click waiting turn turns game games player players seat
    seats tile tiles card cards hand stack market station stations building buildings
    token tokens worker workers round empty none available built row column space
    foresight supply cattle herder outlaw teepee hazard flood drought rockfall objective
    objectives certificate certificates engine track cities deliveries delivery rating
    ratings leaderboard profile history won lost played wins
"""
ENGLISH_WORDS = frozenset(_ENGLISH_WORDS_TEXT.split())

_PLACEHOLDER = re.compile(r"%\(\w+\)[sdrf]|%[sdrf]|\{\w*\}|<[^>]+>|\$")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_QUOTED = re.compile(r"\u00ab[^\u00bb]*\u00bb")
# Identifiers: paths, URLs, dotted names, JSON keys, component ids (rockfall-6), and any
# token with a digit in it, such as a game's public id ("4uqw23who3j9": its letters between
# the digits once read as the English "who"); a digit never belongs to a word.
_IDENTIFIER = re.compile(r"\S*\w[./]\w\S*|/\S+|\"\w+\":|\b[A-Za-z_]+-\d+\w*|\w*\d\w*")
_SKIPPED_ELEMENTS = frozenset({"script", "style", "code", "pre", "kbd", "samp", "template"})
_READ_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")


class _Reader(HTMLParser):
    """Collects what a person reads of an HTML document."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in _READ_ATTRIBUTES:
            if values.get(name):
                self.parts.append(str(values[name]))
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(str(values["value"]))
        if tag in _SKIPPED_ELEMENTS:
            self._skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            self.parts.append(data)


def readable_text(content: str) -> str:
    """The text a person reads of ``content`` (HTML, or plain text as it is)."""
    if "<" not in content:
        return content
    reader = _Reader()
    reader.feed(content)
    reader.close()
    return "\n".join(reader.parts)


@cache
def _catalogues() -> list[polib.POFile]:
    return [
        polib.pofile(str(Path(settings.BASE_DIR) / app / "locale/fr/LC_MESSAGES/django.po"))
        for app in TRANSLATED_APPS
    ]


@cache
def english_phrases() -> tuple[str, ...]:
    """The pieces of English msgids that must not be read on a French page: two words or
    more, translated to something else, and found in no French translation."""
    french: list[str] = []
    english: set[str] = set()
    for catalogue in _catalogues():
        for entry in catalogue:
            translations = [entry.msgstr, *entry.msgstr_plural.values()]
            french.extend(t for t in translations if t)
            for msgid in (entry.msgid, entry.msgid_plural):
                if msgid and msgid not in translations:
                    english.update(_PLACEHOLDER.split(msgid))
    french_text = "\n".join(french)
    phrases = set()
    for piece in english:
        piece = piece.strip(" .,;:!?()[]'\"\n\u2014-")
        if len(_WORD.findall(piece)) >= 2 and len(piece) >= 8 and piece not in french_text:
            phrases.add(piece)
    return tuple(sorted(phrases, key=len, reverse=True))


def english_left(content: str, *, allowed: Iterable[str] = ()) -> list[str]:
    """The English phrases and words in what a French reader reads of ``content``, after
    taking out the ``allowed`` strings (names, notation)."""
    text = readable_text(content)
    names = {a for a in allowed if a} | set(time_zone_names())  # time zones are names too
    for name in sorted(names, key=len, reverse=True):
        # Whole tokens only: a short notation or name taken out of a French word ("mo" out
        # of "mois") left a piece that read as English ("is").
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    # English quoted on purpose (« ... »), names in capitals (rule ids: R2-TURN-01), and
    # identifiers (``_IDENTIFIER``).
    text = _QUOTED.sub(" ", text)
    text = _IDENTIFIER.sub(" ", text)
    found = []
    for phrase in english_phrases():
        if re.search(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", text):
            found.append(phrase)
            text = text.replace(phrase, " ")
    found += sorted(
        {w for w in _WORD.findall(text) if w.lower() in ENGLISH_WORDS and not w.isupper()}
    )
    return found


def notation_of(game: Any) -> list[str]:
    """Every notation a page or email of ``game`` may show now: each seat's legal moves and
    the moves of its log (the same in every language)."""
    from games import replay

    state = replay.state_at(game)
    texts: list[str] = []
    for seat in range(game.players):
        texts += [engine.describe(state, seat, m) for m in engine.legal_moves(state, seat)]
    texts += [str(e.payload.get("text", "")) for e in game.events.all()]
    return texts


@cache
def time_zone_names() -> tuple[str, ...]:
    """The time zones as the profile's list shows them ("America/Port of Spain")."""
    return tuple(sorted({name.replace("_", " ") for name in zoneinfo.available_timezones()}))


def assert_french(content: str, where: str, *, allowed: Iterable[str] = ()) -> None:
    """Fails, naming ``where`` and showing the lines, when English is left in ``content``."""
    found = english_left(content, allowed=allowed)
    if found:
        text = readable_text(content)
        lines = [
            line.strip()
            for line in text.splitlines()
            if any(re.search(rf"\b{re.escape(f)}\b", line) for f in found)
        ]
        shown = "\n  ".join(lines[:400])
        raise AssertionError(f"English on the French {where}: {found}\n  {shown}")
