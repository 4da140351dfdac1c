"""French words a reply may use for the notation's own words, and the words that answer a
takeback request (docs/email.md).

The move notation is the same in every language (it is what the engine reads back), and the
emails show it as it is. A French-speaking player may still write the notation's leading
word in French: "passer" for ``pass``, "fin" for ``end``, "livrer ABQ" for ``deliver ABQ``.
Only words that name exactly one notation word are here, and none of them is a word of the
notation itself, so a line in the notation reads the same with or without this table.
"""

from __future__ import annotations

import unicodedata

# French (without accents, lower case) -> the notation's word. Whole lines first: phrases
# that are a move by themselves.
WHOLE_LINES: dict[str, str] = {
    "fin": "end",
    "fin du tour": "end",
    "finir": "end",
    "finir le tour": "end",
    "terminer le tour": "end",
    "passer": "pass",
    "je passe": "pass",
    "termine": "done",
    "arreter": "done",
    "j'arrete": "done",
    "certificat": "certificate",
    "certificats": "certificates",
    "gagner": "gain",
    "acheter": "buy",
    "piocher au marche": "market draw",
}
# The first word of a move with more to it ("livrer ABQ" is "deliver ABQ").
LEADING_WORDS: dict[str, str] = {
    "debut": "start",
    "commencer": "start",
    "aller": "move",
    "deplacer": "move",
    "embaucher": "hire",
    "construire": "build",
    "acheter": "buy",
    "livrer": "deliver",
    "defausser": "discard",
    "retirer": "remove",
    "placer": "place",
    "ameliorer": "upgrade",
    "nommer": "appoint",
    "piocher": "draw",
    "echanger": "exchange",
    "jouer": "play",
    "prevision": "foresight",
    "revenu": "income",
    "objectif": "objective",
    "danger": "hazard",
    "copier": "copy",
}

# The answers to a takeback request (its email lists them): a reply whose first line is one
# of these words answers the request the email was signed for. None is a notation word, so
# no move reads the same.
TAKEBACK_ANSWERS: dict[str, bool] = {
    "agree": True,
    "accepter": True,
    "refuse": False,
    "refuser": False,
}


def takeback_answer(lines: list[str]) -> bool | None:
    """True (agree) or False (refuse) when the reply's first line is a takeback answer
    (case, accents and a closing full stop or exclamation mark aside); None otherwise."""
    if not lines:
        return None
    return TAKEBACK_ANSWERS.get(_plain(lines[0]).rstrip(".!").strip())


def _plain(text: str) -> str:
    """Lower case, accents and extra spaces dropped ("Arrêter" is "arreter")."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    stripped = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(stripped.replace("\u2019", "'").split())


def to_notation(text: str) -> str:
    """The line with its French words put into the notation's; any other line unchanged."""
    plain = _plain(text)
    if plain in WHOLE_LINES:
        return WHOLE_LINES[plain]
    first, _, rest = plain.partition(" ")
    if first in LEADING_WORDS and rest:
        # The rest (spaces, ids, card names) is kept as written: the engine reads it.
        return f"{LEADING_WORDS[first]} {text.strip().split(None, 1)[1]}"
    return text
