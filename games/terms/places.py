"""Spaces, stations, tiles and cards of a view, named as a player of the printed game does.

A trail space is named by what stands on it or beside it ("neutral building C", "the flood
hazard worth 3 VP", "the Indian trade space -$2", "the 2nd building space after neutral
building A"), a station by its place on the railroad and its printed cost and points, a
card by its breed, value and points: never by the engine's ids, which stay in the notation.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import engine
from common.words import gettext, ngettext
from games.models import SEAT_COLOURS
from games.terms import names

View = Mapping[str, Any]
Tile = Mapping[str, Any] | None


def edition_of(view: View) -> str:
    return str(view.get("edition") or "1e")


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def money(amount: int) -> str:
    """Dollars with their sign, as a gain or a payment: "+$3", "-$2"."""
    return f"+${amount}" if amount >= 0 else f"\u2212${-amount}"


def ordinal(n: int) -> str:
    if 1 <= n <= len(names.ORDINALS):
        return gettext(names.ORDINALS[n - 1])
    return gettext("%(n)dth") % {"n": n}


def article(word: str) -> str:
    """'a builder', 'an engineer' (French: 'un ...'; every word it is given is masculine)."""
    if word[:1].lower() in "aeiou":
        return gettext("an %(word)s") % {"word": word}
    return gettext("a %(word)s") % {"word": word}


# --- workers, tiles and cards ---------------------------------------------------------------


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def worker_name(kind: str, n: int = 1) -> str:
    one, many = names.WORKERS.get(kind, (kind, kind + "s"))
    return one if n == 1 else many


def tile_words(tile: Tile) -> str:
    """A supply tile or station master: "a builder", "a drought hazard worth 4 VP (green
    hand)", "a blue teepee (black hand)"."""
    if not tile:
        return gettext("nothing")
    kind = tile.get("kind")
    kind_type = str(tile.get("type"))
    if kind == "worker":
        return article(worker_name(kind_type))
    if kind == "hazard":
        hazard = names.HAZARDS.get(kind_type, kind_type)
        return gettext("a %(hazard)s hazard worth %(vp)s VP (%(hand)s hand)") % {
            "hazard": hazard,
            "vp": tile.get("vp"),
            "hand": colour_word(str(tile.get("hand"))),
        }
    if kind in names.SECTION_TILE:
        return article(section_tile_words(tile))
    if kind == "station_master":
        return gettext("a station master: %(words)s") % {"words": station_master_words(tile)}
    return gettext("a tile")


def section_tile_words(tile: Mapping[str, Any]) -> str:
    """A tile without its article: "blue teepee (black hand)", "drought hazard worth 4 VP
    (green hand)"."""
    kind, kind_type = tile.get("kind"), str(tile.get("type"))
    if kind in names.SECTION_TILE:
        return gettext("%(colour)s %(tile)s (%(hand)s hand)") % {
            "colour": colour_word(kind_type),
            "tile": names.SECTION_TILE[str(kind)],
            "hand": colour_word(str(tile.get("hand"))),
        }
    return tile_words(tile).removeprefix("a ")


def colour_word(colour: str) -> str:
    """A tile's or a hand's colour ('green', 'black', 'orange') in the active language."""
    return names.TILE_COLOURS.get(colour) or colour


def station_master_words(tile: Mapping[str, Any]) -> str:
    upper = names.STATION_MASTER_UPPER.get(str(tile.get("type")), "")
    lower = names.STATION_MASTER_LOWER.get(str(tile.get("scoring")), "")
    return "; ".join(part for part in (upper, lower) if part)


def breed_name(breed: str, edition: str) -> str:
    if edition == "1e":
        return names.BREED_NAMES_1E.get(breed, breed)
    found = getattr(engine.edition_data(edition).cattle, "BREED_NAMES", None)
    return str(found.get(breed, breed)) if isinstance(found, Mapping) else breed


def card_words(card: Mapping[str, Any], edition: str) -> str:
    """A cattle card ("Holstein (value 3, 1 VP)") or an objective card (its tasks, points
    and immediate action)."""
    if card.get("kind") == "objective":
        tasks = ", ".join(names.OBJECTIVE_TASKS.get(str(t), str(t)) for t in card["tasks"])
        points = f"{card.get('vp', 0)} VP"
        penalty = card.get("penalty") or 0
        points = gettext("%(vp)s VP") % {"vp": card.get("vp", 0)}
        if penalty:
            points = gettext("%(points)s, %(penalty)s VP if unmet") % {
                "points": points,
                "penalty": penalty,
            }
        action = names.OBJECTIVE_ACTIONS.get(card.get("action"), "")
        words = gettext("objective card (%(tasks)s: %(points)s)") % {
            "tasks": tasks,
            "points": points,
        }
        return f"{words}; {action}" if action else words
    breed = breed_name(str(card.get("breed")), edition)
    stage = card.get("stage")
    if isinstance(stage, int):  # a Simmental card of the 2nd edition's variant
        breed = gettext("%(breed)s (stage %(stage)d)") % {"breed": breed, "stage": stage}
    vp = card.get("vp") or 0
    if vp:
        return gettext("%(breed)s (value %(value)s, %(vp)s VP)") % {
            "breed": breed,
            "value": card.get("value"),
            "vp": vp,
        }
    return gettext("%(breed)s (value %(value)s)") % {"breed": breed, "value": card.get("value")}


def _cards_of(view: View) -> Iterator[Mapping[str, Any]]:
    for player in view.get("players", []):
        for key in ("hand", "discard_pile", "objectives"):
            pile = player.get(key)
            if isinstance(pile, list):
                yield from pile
    for key in ("cattle_market", "objective_display", "simmental_market"):
        pile = view.get(key)
        if isinstance(pile, list):
            yield from pile


def find_card(view: View, card_id: str) -> Mapping[str, Any] | None:
    """The card ``card_id`` wherever the view shows it (hands the viewer may see, discard
    piles, the markets, the objective display), or None."""
    return next((card for card in _cards_of(view) if card.get("id") == card_id), None)


def card_id_words(view: View, card_id: str) -> str:
    """A card of a move by its id: in words when the view shows it, else the notation."""
    if card_id == "stack":
        return gettext("the top card of the stack")
    card = find_card(view, card_id)
    edition = edition_of(view)
    return card_words(card, edition) if card else engine.card_text(card_id, edition)


# --- the trail ------------------------------------------------------------------------------


def place_name(view: View, space: str) -> str:
    """A trail space as a player names it, from what the view has on it."""
    edition = edition_of(view)
    trail = engine.edition_data(edition).trail
    kind = trail.kind(space) if space in trail.NODES else ""
    cell = view.get("trail", {}).get(space)
    if kind == "start":
        return gettext("the start")
    if kind == "kc":
        return "Kansas City"
    if kind == "neutral":
        return neutral_name(view, space)
    if kind == "hazard":
        hazard, number = space.lower().rsplit("-", 1)
        if cell:
            tile = _tile_of(view, space, cell)
            word = names.HAZARDS.get(hazard) or hazard
            if tile:
                return gettext("the %(hazard)s hazard worth %(vp)s VP") % {
                    "hazard": word,
                    "vp": tile.get("vp"),
                }
            return gettext("the %(hazard)s hazard") % {"hazard": word}
        return gettext("%(ordinal)s %(hazard)s hazard space") % {
            "ordinal": ordinal(int(number)),
            "hazard": names.HAZARDS.get(hazard) or hazard,
        }
    if kind in names.SECTION_TILE:
        return section_space_name(view, space)
    if cell and cell.get("owner") is not None:
        owner = int(cell["owner"])
        if owner == view.get("viewer"):
            return gettext("your building %(tile)s") % {"tile": cell.get("tile")}
        return gettext("%(colour)s's building %(tile)s") % {
            "colour": names.colour_name(seat_colour(owner)),
            "tile": cell.get("tile"),
        }
    return building_space_name(view, space)


def neutral_name(view: View, space: str) -> str:
    """A neutral space by the letter printed on its tile ("neutral building C")."""
    cell = view.get("trail", {}).get(space) or {}
    tile = str(cell.get("tile") or "")
    letter = tile[1:] if tile.startswith("N") and len(tile) == 2 else space
    return gettext("neutral building %(letter)s") % {"letter": letter}


def building_space_name(view: View, space: str) -> str:
    """An empty building space: "the 2nd building space after neutral building A", "the
    1st risk space after the flood hazards" (with "in the woods" where it is)."""
    edition = edition_of(view)
    trail = engine.edition_data(edition).trail
    head, _, number = space.rpartition("-")
    if number.startswith("R") and number[1:].isdigit():
        where = names.RISK_SECTIONS[edition].get(head, head.lower())
        name = gettext("the %(ordinal)s risk space after %(where)s") % {
            "ordinal": ordinal(int(number[1:])),
            "where": where,
        }
    elif number.isdigit() and head in trail.NODES:
        name = gettext("the %(ordinal)s building space after %(neutral)s") % {
            "ordinal": ordinal(int(number)),
            "neutral": neutral_name(view, head),
        }
    else:
        name = gettext("a building space")
    if space in trail.WOODS:
        return gettext("%(space)s (in the woods)") % {"space": name}
    return name


def section_space_name(view: View, space: str) -> str:
    """A space of the Indian trade (outlaw section) by its printed value."""
    edition = edition_of(view)
    trail = engine.edition_data(edition).trail
    section = names.TILE_SECTION[edition]
    tokens = trail.SECTION_TOKENS.get(space)
    value = (
        "+" + ngettext("%(n)d exchange token", "%(n)d exchange tokens", tokens) % {"n": tokens}
        if tokens
        else money(trail.SECTION_VALUE.get(space, 0))
    )
    return gettext("the %(section)s space %(value)s") % {"section": section, "value": value}


def _tile_of(view: View, space: str, cell: Mapping[str, Any]) -> Tile:
    """The tile dict on a hazard or section space (the view keeps them by space)."""
    for key in ("hazard_sections", "indian_trade", "outlaw_section"):
        found = (view.get(key) or {}).get(space)
        if isinstance(found, Mapping):
            return found
    return None


def section_tile(view: View, space: str) -> Tile:
    """The tile on a hazard or Indian trade (outlaw) space, if any."""
    cell = view.get("trail", {}).get(space)
    return _tile_of(view, space, cell) if cell else None


# --- the railroad ---------------------------------------------------------------------------


def station_name(view: View, station: str) -> str:
    """ "the 3rd station ($4, 2 VP)": stations are counted along the track."""
    railroad = engine.edition_data(edition_of(view)).railroad
    order = list(railroad.STATIONS)
    facts = railroad.STATIONS.get(station)
    if facts is None or station not in order:
        return gettext("a station")
    _turnout, _switch, cost, vp, *_rest = facts
    return gettext("the %(ordinal)s station ($%(cost)s, %(vp)s VP)") % {
        "ordinal": ordinal(order.index(station) + 1),
        "cost": cost,
        "vp": vp,
    }


def track_name(view: View, space: str) -> str:
    """A railroad space: "track space 7", or the turnout of a station."""
    railroad = engine.edition_data(edition_of(view)).railroad
    station = railroad.STATION_AT.get(space)
    if station is not None and space == railroad.LAST:
        return gettext("the last track space (%(station)s)") % {
            "station": station_name(view, station)
        }
    if station is not None:
        return gettext("the turnout of %(station)s") % {"station": station_name(view, station)}
    return gettext("track space %(space)s") % {"space": space}


def city_name(view: View, city: str) -> str:
    facts = engine.edition_data(edition_of(view)).cities.CITIES.get(city)
    return facts[0] if facts else city
