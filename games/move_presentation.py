"""How the game page shows a seat's legal moves: grouped, priced, and mapped onto the board.

The engine decides which moves are legal and what they cost; this module only asks it
(``engine.price`` for the price, ``engine.describe`` for the notation) and arranges the
answers, so that a button can say what a move costs before it is made. A button says its
move in the game's terms (``games.terms.choices``: "Take a drought hazard worth 4 VP");
the notation stays with it, for the notation help and the players who reply by email.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

import engine
from engine import Move, Score, State
from games.terms import names as term_names
from games.terms import places
from games.terms.choices import PRICE_IN_WORDS, choice_words, cost_words
from games.terms.names import Words

# The player's piece on the trail: a "cattleman" in the 1st edition's rulebook, a "herder" in
# the 2nd edition's ("{herder}" in the texts below).
HERDER_WORDS: Mapping[str, str] = term_names.HERDER  # the printed names, games.terms.names

# Titles of the groups of buttons, by move type or by local action id ("action:<id>").
GROUP_TITLES: Mapping[str, str] = Words(
    {
        "start": gettext_noop("Start on a neutral building"),
        "move": gettext_noop("Move your {herder}"),
        "action:discard": gettext_noop("Discard for money"),
        "action:hire": gettext_noop("Hire a worker"),
        "action:build": gettext_noop("Build"),
        "action:certificate": gettext_noop("Take a certificate"),
        "action:certificates": gettext_noop("Take certificates"),
        "action:objective": gettext_noop("Take an objective card"),
        "action:engine": gettext_noop("Move your engine"),
        "action:engine-back": gettext_noop("Move your engine back"),
        "action:trade": gettext_noop("Trade with the Indians"),
        "action:aux": gettext_noop("Auxiliary action (single or double)"),
        "action:buy": gettext_noop("Buy cattle"),
        "action:hazard": gettext_noop("Remove a hazard"),
        "action:bounty": gettext_noop("Collect a bounty for your outlaws"),
        "action:outlaw-pairs": gettext_noop("Certificates and money for outlaw pairs"),
        "action:hazards-engine": gettext_noop("Move your engine for your hazards"),
        "action:builder-money": gettext_noop("Money for your builders"),
        "action:station-money": gettext_noop("Money for your stations"),
        "action:exchange-token": gettext_noop("Take an exchange token"),
        "action:move": gettext_noop("Move your {herder} again"),
        "action:woods-money": gettext_noop("Money for your buildings in the woods"),
        "action:draw": gettext_noop("Draw cards"),
        "action:engineer-money": gettext_noop("Money for your engineers"),
        "action:teepee-pairs": gettext_noop("Money for teepee pairs"),
        "action:delivery": gettext_noop("Extraordinary delivery"),
        "action:copy": gettext_noop("Copy a neighbouring building"),
        "action:upgrade": gettext_noop("Upgrade a station behind your engine"),
        "action:gain": gettext_noop("Gain"),
        "action:risk": gettext_noop("Risk action"),
        "aux": gettext_noop("Auxiliary action"),
        "end": gettext_noop("End your actions"),
        "play_objective": gettext_noop("Play an objective card"),
        "foresight": gettext_noop("Foresight: take a tile"),
        "income": gettext_noop("Income"),
        "deliver": gettext_noop("Deliver to a city"),
        "disc": gettext_noop("Place a disc: the space it leaves unlocks"),
        "simmental": gettext_noop("Upgrade Simmental cards"),
        "take_objective": gettext_noop("Take an objective card"),
        "buy": gettext_noop("Buy cattle"),
        "market_draw": gettext_noop("Reveal more market cards"),
        "place": gettext_noop("Place the building"),
        "upgrade": gettext_noop("Upgrade the station"),
        "appoint": gettext_noop("Appoint the station master"),
        "engine": gettext_noop("Move your engine back"),
        "discard": gettext_noop("Discard a card"),
        "exchange": gettext_noop("Use an exchange token"),
        "remove": gettext_noop("Remove a card from the game"),
        "pass": gettext_noop("Decline"),
        "done": gettext_noop("Done"),
    }
)

# Local action ids grouped under one title (several ids differ only by their reward).
_ACTION_FAMILIES = {
    "hire+2": "hire",
    "hire-1": "hire",
    "hire-2": "hire",
    "engine-paid": "engine",
    "woods-engine": "engine",
    "hazard-1": "hazard",  # 2nd edition: removing a hazard for $2, one or two
    "hazard-2": "hazard",
}

# What the pending decision asks for, by decision kind ("{...}" are the decision's keys).
DECISION_TEXTS: Mapping[str, str] = Words(
    {
        "first": gettext_noop("choose the neutral building to start on"),
        "first_discard": gettext_noop(
            "discard {n} card(s) before your first turn (4 stay in your hand)"
        ),
        "exchange_discard": gettext_noop("discard {n} card(s) for the exchange token you used"),
        "phase_a": gettext_noop("move the {herder} (phase A)"),
        "loc": gettext_noop("take actions at {space}, or end them"),
        "copy": gettext_noop("use the copied building's actions, or stop"),
        "once": gettext_noop("take the immediate action, or pass"),
        "discard": gettext_noop("discard {n} card(s)"),
        "remove": gettext_noop("remove up to {n} card(s) from the game, or stop"),
        "buy": gettext_noop("buy cattle ({cowboys} cowboy(s) left), or stop"),
        "place": gettext_noop("choose where building {building} goes"),
        "station": gettext_noop("upgrade {station}, or pass"),
        "back39": gettext_noop("choose where the engine goes back to"),
        "sm": gettext_noop("take the station master at {station}, or pass"),
        "disc": gettext_noop("choose a disc to place on {to}"),
        "gain_objective": gettext_noop("take an objective card"),
        "kc_foresight": gettext_noop("Kansas City: take a tile for foresight space {n}"),
        "kc_income": gettext_noop("Kansas City: collect income"),
        "kc_deliver": gettext_noop("Kansas City: deliver the herd (breeding value {bv}) to a city"),
        "xdeliver": gettext_noop("deliver the herd (breeding value {bv}) to a city"),
        "simm_upgrade": gettext_noop(
            "Kansas City: upgrade Simmental cards of stage {stage}, or pass"
        ),
    }
)


@dataclass(frozen=True)
class MoveChoice:
    """One legal move as a button: its index in the legal-move list and what it says."""

    index: int
    move: Move
    text: str  # the move in the game's terms
    notation: str = ""  # the move's notation (``engine.describe``), as emails and logs write it
    cost: int | None = None  # dollars it takes (negative: it pays you); None: no price
    cost_text: str = ""
    target: str | None = None  # the board key it can be clicked on, if any

    @property
    def move_json(self) -> str:
        return json.dumps(self.move, sort_keys=True, separators=(",", ":"))


@dataclass
class MoveGroup:
    key: str
    title: str
    choices: list[MoveChoice] = field(default_factory=list)


def group_key(move: Mapping[str, Any]) -> str:
    if move["type"] != "action":
        return str(move["type"])
    ident = str(move["id"])
    if ident.startswith("discard-"):
        return "action:discard"
    return "action:" + _ACTION_FAMILIES.get(ident, ident)


def herder_word(edition: str = "1e") -> str:
    """What ``edition``'s rulebook calls the player's piece on the trail."""
    return HERDER_WORDS.get(edition, HERDER_WORDS["1e"])


def group_title(key: str, edition: str = "1e") -> str:
    title = GROUP_TITLES.get(key)
    if title is None:
        return key.split(":")[-1].replace("-", " ").replace("_", " ").title()
    return title.replace("{herder}", herder_word(edition))


def decision_text(
    decision: Mapping[str, Any] | None,
    edition: str = "1e",
    *,
    view: Mapping[str, Any] | None = None,
) -> str:
    """The pending decision in words (the view's "decision" dict), without who decides, in
    ``edition``'s words.

    With the ``view`` it belongs to, places are named as on the board ("take actions at
    neutral building C", "choose a disc to place on Wichita"); without it, by their ids."""
    if not decision:
        return ""
    template = DECISION_TEXTS.get(str(decision.get("kind"))) or gettext("make a decision")
    template = template.replace("{herder}", herder_word(edition))
    values = {
        **decision,
        **(
            {"station": gettext("station %(id)s") % {"id": decision["station"]}}
            if "station" in decision
            else {}
        ),
    }
    if view is not None:
        values.update(decision_places(view, decision))
    try:
        return term_names.contract(template.format(**values))
    except KeyError:
        return template.split("{")[0].rstrip(" (,") or gettext("make a decision")


def decision_places(view: Mapping[str, Any], decision: Mapping[str, Any]) -> dict[str, str]:
    """The places a decision names (its trail space, station, city), in the board's words."""
    named: dict[str, str] = {}
    if "space" in decision:
        named["space"] = places.place_name(view, str(decision["space"]))
    if "station" in decision:
        named["station"] = places.station_name(view, str(decision["station"]))
    if "to" in decision:
        to = str(decision["to"])
        city = decision.get("target") == "city"
        named["to"] = places.city_name(view, to) if city else places.station_name(view, to)
    return named


def out_of_turn_text(view: Mapping[str, Any], seat: int) -> str:
    """What a seat that is not to move may do now (2nd edition, R2-TURN-01), in words: the
    discards its exchange token still owes (the view's ``side_decision``), or using one."""
    side = view["players"][seat].get("side_decision")
    if side:
        n = side["n"]
        return ngettext(
            "discard %(n)d card for the exchange token you used",
            "discard %(n)d cards for the exchange token you used",
            n,
        ) % {"n": n}
    return gettext("you may use an exchange token now, even though it is not your turn")


def present_moves(state: State, seat: int, moves: list[Move]) -> list[MoveGroup]:
    """``moves`` (the seat's legal moves in engine order) as priced buttons in groups."""
    groups: dict[str, MoveGroup] = {}
    choices: list[MoveChoice] = []
    view = engine.view(state, seat)
    for index, move in enumerate(moves):
        price = engine.price(state, seat, move)
        choices.append(
            MoveChoice(
                index=index,
                move=move,
                text=choice_words(view, move, price),
                notation=engine.describe(state, seat, move),
                cost=price["cost"],
                cost_text="" if move["type"] in PRICE_IN_WORDS else cost_words(price["cost_text"]),
                target=board_key(move),
            )
        )
    edition = str(view["edition"])
    for choice in choices:
        key = group_key(choice.move)
        group = groups.setdefault(key, MoveGroup(key=key, title=group_title(key, edition)))
        group.choices.append(choice)
    return list(groups.values())


def board_key(move: Mapping[str, Any]) -> str | None:
    """Where on the board this move can be clicked: "loc:<trail id>" or "track:<space>"."""
    kind = move["type"]
    if kind == "move" or (kind == "action" and move.get("id") == "move"):
        return f"loc:{move['to']}"
    if kind in {"start", "place"} or (kind == "action" and move.get("id") in _TRAIL_ACTIONS):
        return f"loc:{move['space']}" if "space" in move else None
    if "to" in move and kind in {"action", "aux", "engine"}:
        return f"track:{move['to']}"
    return None


_TRAIL_ACTIONS = frozenset({"hazard", "hazard-1", "hazard-2", "trade", "copy", "bounty"})


def board_targets(groups: list[MoveGroup]) -> dict[str, int]:
    """Board key -> move index, for the keys one click can answer without doubt.

    Several routes to one location are one target: the cheapest route (then the one
    passing fewest locations) is taken, and the other routes stay available as buttons.
    A key that different kinds of move lead to (say a local engine action and the
    auxiliary engine action) is left to the buttons.
    """
    candidates: dict[str, list[tuple[str, MoveChoice]]] = {}
    for group in groups:
        for choice in group.choices:
            if choice.target:
                candidates.setdefault(choice.target, []).append((group.key, choice))
    targets: dict[str, int] = {}
    for key, found in candidates.items():
        kinds = {group for group, _ in found}
        if len(kinds) != 1:
            continue
        choices = [choice for _, choice in found]
        if len(choices) > 1 and not all("via" in c.move for c in choices):
            continue
        best = min(choices, key=lambda c: (c.cost or 0, len(c.move.get("via") or ()), c.index))
        targets[key] = best.index
    return targets


# --- prices ------------------------------------------------------------------------------


def move_cost(state: State, seat: int, move: Move) -> tuple[int | None, str]:
    """(dollars, words): what the move costs (negative: what it earns), as ``engine.price``
    works it out."""
    price = engine.price(state, seat, move)
    return price["cost"], price["cost_text"]


def station_of_track(space: str, edition: str = "1e") -> str | None:
    """The station at a turnout space of ``edition``'s track (for labels), or None."""
    return engine.edition_data(edition).railroad.STATION_AT.get(space)


# --- cards and final scores ------------------------------------------------------------------

SCORE_CATEGORIES: Mapping[str, str] = Words(
    {
        "money": gettext_noop("Money ($5 each)"),
        "buildings": gettext_noop("Buildings"),
        "cities": gettext_noop("Cities"),
        "stations": gettext_noop("Stations"),
        "hazards": gettext_noop("Hazards"),
        "cattle": gettext_noop("Cattle cards"),
        "objectives": gettext_noop("Objective cards"),
        "station_masters": gettext_noop("Station masters"),
        "workers": gettext_noop("Workers"),
        "step_disc": gettext_noop("Disc on the step space"),
        "job_market_token": gettext_noop("Job market token"),
    }
)

# The 1st edition breeds' names (kept with the other printed names, ``games.terms.names``).
BREED_NAMES: dict[str, str] = term_names.BREED_NAMES_1E


# The growth stages of the 2nd edition's Simmental cards (engine.data.second.cattle).
SIMMENTAL_STAGE_NAMES: Mapping[int, str] = Words(
    {1: gettext_noop("calf"), 2: gettext_noop("heifer"), 3: gettext_noop("cow")}
)


def breed_name(breed: str, edition: str = "1e") -> str:
    """A breed in words: the 1st edition's from ``BREED_NAMES``, another edition's from its
    cattle data (``engine.edition_data(edition).cattle.BREED_NAMES``: 2e "m3_red" is
    "Longhorn")."""
    names = BREED_NAMES if edition == "1e" else _edition_breed_names(edition)
    return names.get(breed, breed)


def _edition_breed_names(edition: str) -> Mapping[str, str]:
    names = getattr(engine.edition_data(edition).cattle, "BREED_NAMES", None)
    return names if isinstance(names, Mapping) else {}


def card_label(card: Mapping[str, Any], edition: str = "1e") -> str:
    """A card of a view in words, e.g. "Holstein, value 3, 1 VP" (in ``edition``'s names)."""
    if card.get("kind") == "objective":
        tasks = " ".join(str(t) for t in card.get("tasks", ()))
        penalty = card.get("penalty") or 0
        label = gettext("Objective %(id)s: %(tasks)s — %(vp)s VP") % {
            "id": card["id"],
            "tasks": tasks,
            "vp": card.get("vp", 0),
        }
        if penalty:
            return gettext("%(label)s, %(penalty)s if unmet") % {"label": label, "penalty": penalty}
        return label
    breed = breed_name(str(card.get("breed")), edition)
    stage = card.get("stage")
    if isinstance(stage, int):  # a Simmental card of the 2nd edition's variant
        breed = gettext("%(breed)s %(stage_name)s (stage %(stage)d)") % {
            "breed": breed,
            "stage_name": SIMMENTAL_STAGE_NAMES.get(stage, ""),
            "stage": stage,
        }
        breed = breed.replace("  ", " ")
    label = gettext("%(breed)s, value %(value)s") % {"breed": breed, "value": card.get("value")}
    if card.get("vp"):
        return gettext("%(label)s, %(vp)s VP") % {"label": label, "vp": card["vp"]}
    return label


def score_table(scores: Sequence[Score], names: Mapping[int, str]) -> dict[str, Any]:
    """Final scores as rows by category and a column per seat (for a table)."""
    keys = list(SCORE_CATEGORIES)
    for score in scores:
        keys += [k for k in score.get("categories", {}) if k not in keys]
    best = max((score["total"] for score in scores), default=0)
    return {
        "seats": [
            {
                "seat": i,
                "name": names.get(i, gettext("seat %(number)d") % {"number": i + 1}),
                "winner": s["total"] == best,
            }
            for i, s in enumerate(scores)
        ],
        "rows": [
            {
                "label": SCORE_CATEGORIES.get(key, key.replace("_", " ").capitalize()),
                "values": [score.get("categories", {}).get(key, 0) for score in scores],
            }
            for key in keys
        ],
        "totals": [score["total"] for score in scores],
    }
