"""A legal move as its button says it, in the game's terms.

``choice_words(view, move, price)`` reads the deciding seat's view of the position the move
is played from, and the move's price (``engine.price``): "Take a drought hazard worth 4 VP
(green hand)", "Place a disc: double auxiliary action: gain $2", "Buy Holstein (value 3,
1 VP) for $6 with 1 cowboy", "Wichita: +$5, -$1 transport", "Hire a builder (row 3)". The
price itself stays beside the words on the button (``Price["cost_text"]``), except where
the words already say it (``PRICE_IN_WORDS``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import engine
from engine import Move, Price
from games.terms import names
from games.terms.places import (
    View,
    card_id_words,
    city_name,
    edition_of,
    money,
    neutral_name,
    place_name,
    plural,
    section_tile,
    station_name,
    tile_words,
    track_name,
    worker_name,
)

# Move types whose words include their price (the button shows no separate price).
PRICE_IN_WORDS = frozenset({"deliver"})


def choice_words(view: View, move: Move, price: Price | None = None) -> str:
    """What the button of ``move`` says (``view``: the deciding seat's view before it)."""
    price = price or {"cost": None, "cost_text": "", "gains": {}}
    words = _BY_TYPE.get(move["type"])
    if words is None:
        return move["type"].replace("_", " ").capitalize()
    return words(view, move, price)


def _start(view: View, move: Move, price: Price) -> str:
    return f"Start on {neutral_name(view, move['space'])}"


def _move(view: View, move: Move, price: Price) -> str:
    herder = names.HERDER[edition_of(view)]
    text = f"Move your {herder} to {place_name(view, move['to'])}"
    via = move.get("via") or []
    if via:
        text += ", passing " + ", ".join(place_name(view, space) for space in via)
    return text


def aux_words(view: View, aux: int, double: bool) -> str:
    single, twice = names.AUX_ACTIONS[edition_of(view)][aux]
    return twice if double else single


def _aux(view: View, move: Move, price: Price) -> str:
    double = bool(move.get("double"))
    text = ("Double auxiliary action: " if double else "Auxiliary action: ") + aux_words(
        view, int(move["aux"]), double
    )
    if "to" in move:
        text += f", to {track_name(view, move['to'])}"
    return text


def _gains(price: Price) -> str:
    """What a move gives besides money, from its price: "certificates +1"."""
    parts = []
    for key, amount in price["gains"].items():
        if key != "money" and amount:
            one, many = names.GAINS.get(key, (key.replace("_", " "), key.replace("_", " ")))
            sign = "+" if amount > 0 else "\u2212"
            parts.append(f"{sign}{abs(amount)} {one if abs(amount) == 1 else many}")
    return ", ".join(parts)


def _action(view: View, move: Move, price: Price) -> str:
    ident = str(move["id"])
    if "aux" in move:
        return _aux(view, move, price)
    if ident.startswith("discard-") or ident == "risk":
        return _discard_action(view, move, price)
    special = _ACTIONS.get(ident) or _ACTIONS.get(ident.rstrip("+-0123456789"))
    if special is not None:
        return special(view, move, price)
    text = names.ACTION_WORDS.get(ident)
    if text is None:
        text = ident.replace("-", " ").capitalize()
    extra = _gains(price)
    return f"{text} ({extra})" if extra and ident not in ("certificate",) else text


def _discard_action(view: View, move: Move, price: Price) -> str:
    ident = str(move["id"])
    card = card_id_words(view, move["card"])
    if ident == "discard-pair":
        text = f"Discard a pair: 2 \u00d7 {card}"
        if "second" in move:
            text = f"Discard a pair: {card} and {card_id_words(view, move['second'])}"
    elif ident == "risk":
        text = f"Risk action: discard {card}"
    else:
        text = f"Discard {card}"
    rewards = [part for part in (_money_gain(price), _gains(price)) if part]
    return f"{text} for {', '.join(rewards)}" if rewards else text


def _money_gain(price: Price) -> str:
    amount = price["gains"].get("money", 0)
    return f"${amount}" if amount > 0 else ""


def _hire(view: View, move: Move, price: Price) -> str:
    row = f"job market row {move['row'] + 1}"
    modifier = names.HIRE_MODIFIERS.get(str(move["id"]))
    return f"Hire {_a(worker_name(move['worker']))} ({row}{', ' + modifier if modifier else ''})"


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _build(view: View, move: Move, price: Price) -> str:
    building = str(move["building"])
    vp = engine.edition_data(edition_of(view)).buildings.vp(building)
    return f"Build building {building} ({vp} VP)"


def _engine(view: View, move: Move, price: Price) -> str:
    return f"Move your engine to {track_name(view, move['to'])}"


def _trade(view: View, move: Move, price: Price) -> str:
    space = move["space"]
    tile = section_tile(view, space)
    what = tile_words(tile).removeprefix("a ") if tile else "tile"
    verb = "Trade with the Indians: take the" if move["id"] == "trade" else "Collect the"
    return f"{verb} {what} from {place_name(view, space)}"


def _hazard(view: View, move: Move, price: Price) -> str:
    return f"Remove {place_name(view, move['space'])}"


def _copy(view: View, move: Move, price: Price) -> str:
    return f"Use the actions of {place_name(view, move['space'])}"


def _draw(view: View, move: Move, price: Price) -> str:
    n = int(move["n"])
    return f"Draw {plural(n, 'card')}, then discard {n}"


def _gain(view: View, move: Move, price: Price) -> str:
    return f"Gain {money(-(price['cost'] or 0))}" if price["cost"] else "Gain money"


def _objective_action(view: View, move: Move, price: Price) -> str:
    return f"Take {card_id_words(view, move['card'])}"


def _move_action(view: View, move: Move, price: Price) -> str:
    return _move(view, move, price) + " (then use it)"


_ACTIONS: dict[str, Callable[[View, Move, Price], str]] = {
    "hire": _hire,
    "build": _build,
    "engine": _engine,
    "engine-paid": _engine,
    "woods-engine": _engine,
    "engine-back": _engine,
    "hazards-engine": _engine,
    "trade": _trade,
    "bounty": _trade,
    "hazard": _hazard,
    "copy": _copy,
    "draw": _draw,
    "gain": _gain,
    "objective": _objective_action,
    "move": _move_action,
}


def _play_objective(view: View, move: Move, price: Price) -> str:
    return f"Play {card_id_words(view, move['card'])}"


def _take_objective(view: View, move: Move, price: Price) -> str:
    return f"Take {card_id_words(view, move['card'])}"


def _foresight(view: View, move: Move, price: Price) -> str:
    decision = view.get("decision") or {}
    row = int(decision.get("n", 1)) - 1
    rows = view.get("foresight") or []
    tile = rows[row][move["slot"]] if row < len(rows) else None
    return f"Take {tile_words(tile)}"


def _income(view: View, move: Move, price: Price) -> str:
    n = int(move["certificates"])
    return "Income without certificates" if n == 0 else f"Income using {plural(n, 'certificate')}"


def _deliver(view: View, move: Move, price: Price) -> str:
    """ "Wichita: +$5, -$1 transport": the breeding value's money, the Kansas City crest's
    money and the transport cost (none on an extraordinary delivery)."""
    decision = view.get("decision") or {}
    city = move["city"]
    parts = []
    bv = decision.get("bv")
    if decision.get("kind") == "kc_deliver" and isinstance(bv, int):
        parts.append(money(bv))
    local = engine.edition_data(edition_of(view)).cities
    if city == local.LOCAL:
        parts.append(f"{money(local.KAN_MONEY)} crest")
    transport = int(price["cost"] or 0) + (local.KAN_MONEY if city == local.LOCAL else 0)
    if decision.get("kind") == "kc_deliver":
        parts.append(f"{money(-transport)} transport" if transport else "no transport cost")
    name = city_name(view, city)
    return f"{name}: {', '.join(parts)}" if parts else name


def _disc(view: View, move: Move, price: Price) -> str:
    if "station" in move:
        return f"Take your disc back from {station_name(view, move['station'])}"
    return "Unlock " + disc_words(view, str(move["space"]))


def disc_words(view: View, space: str) -> str:
    """What placing the disc of ``space`` opens on the viewer's board."""
    edition = edition_of(view)
    board = engine.edition_data(edition).player_board
    seat = view.get("viewer")
    me: Mapping[str, Any] = view["players"][seat] if isinstance(seat, int) else {}
    left = set(me.get("disc_spaces") or ())
    for aux, discs in board.AUX_DISCS.items():
        if space in discs:
            level = int((me.get("aux_levels") or {}).get(str(aux), 0)) + 1
            if level >= 2:
                return f"double auxiliary action: {aux_words(view, aux, True)}"
            return f"auxiliary action: {aux_words(view, aux, False)}"
    if space == "CERT-4":
        return names.DISC_CERT_WORDS.format(limit=4)
    if space == "CERT-6":
        if "CERT-4" in left:
            return names.DISC_CERT6_LATER
        return names.DISC_CERT_WORDS.format(limit=6)
    if space.startswith("HAND-"):
        limit = int(me.get("hand_limit", board.HAND_LIMIT_START)) + 1
        return names.DISC_HAND_WORDS.format(limit=limit, cost=board.HAND_DISC_COST)
    players = int(view.get("num_players") or len(view.get("players", [])))
    if space == "STEP-CASH":
        limit = int(me.get("step_limit", 0)) + board.STEP_CASH_BONUS[players]
        return names.DISC_STEP_CASH.format(limit=limit, cash=board.STEP_CASH_GAIN)
    if space == "STEP-VP":
        limit = int(me.get("step_limit", 0)) + board.STEP_VP_BONUS[players]
        return names.DISC_STEP_VP.format(limit=limit, vp=board.STEP_VP)
    return "a disc space"


def _buy(view: View, move: Move, price: Price) -> str:
    cards = [card_id_words(view, card) for card in move["cards"]]
    cowboys = _buy_cowboys(view, str(move["option"]))
    cost = price["cost"]
    paid = f" for ${cost}" if isinstance(cost, int) and cost > 0 else ""
    crew = f" with {plural(cowboys, 'cowboy')}" if cowboys else ""
    return f"Buy {' and '.join(cards)}{paid}{crew}"


def _buy_cowboys(view: View, option: str) -> int:
    cattle = engine.edition_data(edition_of(view)).cattle
    options: dict[str, Any] = dict(cattle.BUY_OPTIONS)
    options.update(getattr(cattle, "SIMMENTAL_BUY_OPTIONS", {}))
    return int(options[option][0]) if option in options else 0


def _market_draw(view: View, move: Move, price: Price) -> str:
    return "Use a cowboy to reveal 2 more market cards"


def _place(view: View, move: Move, price: Price) -> str:
    return f"Place it on {place_name(view, move['space'])}"


def _upgrade(view: View, move: Move, price: Price) -> str:
    return f"Upgrade {station_name(view, move['station'])}"


def _appoint(view: View, move: Move, price: Price) -> str:
    return f"Take the station master, paying with {_a(worker_name(move['worker']))}"


def _card_move(verb: str) -> Callable[[View, Move, Price], str]:
    def words(view: View, move: Move, price: Price) -> str:
        return f"{verb} {card_id_words(view, move['card'])}"

    return words


def _exchange(view: View, move: Move, price: Price) -> str:
    n = int(move["n"])
    return f"Use an exchange token: draw {plural(n, 'card')}, then discard {n}"


def _simmental(view: View, move: Move, price: Price) -> str:
    n = int(move["n"])
    return f"Upgrade {plural(n, 'Simmental card')} of stage {move['stage']}"


def _fixed(text: str) -> Callable[[View, Move, Price], str]:
    def words(view: View, move: Move, price: Price) -> str:
        return text

    return words


_BY_TYPE: dict[str, Callable[[View, Move, Price], str]] = {
    "start": _start,
    "move": _move,
    "action": _action,
    "aux": _aux,
    "end": _fixed("End your actions"),
    "pass": _fixed("Pass"),
    "done": _fixed("Done"),
    "play_objective": _play_objective,
    "take_objective": _take_objective,
    "foresight": _foresight,
    "income": _income,
    "deliver": _deliver,
    "disc": _disc,
    "buy": _buy,
    "market_draw": _market_draw,
    "place": _place,
    "upgrade": _upgrade,
    "appoint": _appoint,
    "engine": _engine,
    "discard": _card_move("Discard"),
    "remove": _card_move("Remove from the game:"),
    "exchange": _exchange,
    "simmental": _simmental,
}
