"""A legal move as its button says it, in the game's terms.

``choice_words(view, move, price)`` reads the deciding seat's view of the position the move
is played from, and the move's price (``engine.price``): "Take a drought hazard worth 4 VP
(green hand)", "Place a disc: double auxiliary action: gain $2", "Buy Holstein (value 3,
1 VP) for $6 with 1 cowboy", "Wichita: +$5, -$1 transport", "Hire a builder (row 3)". The
price itself stays beside the words on the button (``Price["cost_text"]``), except where
the words already say it (``PRICE_IN_WORDS``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext_noop

import engine
from common.words import gettext, ngettext
from engine import Move, Price
from games.terms import names
from games.terms.places import (
    View,
    article,
    card_id_words,
    city_name,
    edition_of,
    money,
    neutral_name,
    place_name,
    section_tile,
    section_tile_words,
    station_name,
    tile_words,
    track_name,
    worker_name,
)


def cost_words(cost_text: str) -> str:
    """The engine's price in words (``Price["cost_text"]``: "$3 in fees", "no fees", "+$2",
    "$6, 2 craftsmen", "$1 transport") in the active language, part by part; a part this
    table does not know is shown as the engine wrote it."""
    return ", ".join(_cost_part(part) for part in cost_text.split(", ")) if cost_text else ""


def _cost_part(part: str) -> str:
    if part == "no fees":
        return gettext("no fees")
    if part == "no transport cost":
        return gettext("no transport cost")
    if found := re.fullmatch(r"\$(\d+) in fees", part):
        return gettext("$%(n)s in fees") % {"n": found[1]}
    if found := re.fullmatch(r"\$(\d+) transport", part):
        return gettext("$%(n)s transport") % {"n": found[1]}
    if found := re.fullmatch(r"(\d+) (builders?|craftsman|craftsmen)", part):
        n = int(found[1])
        kind = "builder" if found[2].startswith("builder") else "craftsman"
        return f"{n} {worker_name(kind, n)}"
    return part


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
    return gettext("Start on %(place)s") % {"place": neutral_name(view, move["space"])}


def _move(view: View, move: Move, price: Price) -> str:
    herder = names.HERDER[edition_of(view)]
    text = gettext("Move your %(herder)s to %(place)s") % {
        "herder": herder,
        "place": place_name(view, move["to"]),
    }
    via = move.get("via") or []
    if via:
        text = gettext("%(move)s, passing %(places)s") % {
            "move": text,
            "places": ", ".join(place_name(view, space) for space in via),
        }
    return text


def aux_words(view: View, aux: int, double: bool) -> str:
    single, twice = names.AUX_ACTIONS[edition_of(view)][aux]
    return twice if double else single


def _aux(view: View, move: Move, price: Price) -> str:
    double = bool(move.get("double"))
    words = aux_words(view, int(move["aux"]), double)
    if double:
        text = gettext("Double auxiliary action: %(words)s") % {"words": words}
    else:
        text = gettext("Auxiliary action: %(words)s") % {"words": words}
    if "to" in move:
        text = gettext("%(action)s, to %(place)s") % {
            "action": text,
            "place": track_name(view, move["to"]),
        }
    return text


def _gains(price: Price) -> str:
    """What a move gives besides money, from its price: "certificates +1"."""
    parts = []
    for key, amount in price["gains"].items():
        if key != "money" and amount:
            one, many = names.GAINS.get(key) or (key.replace("_", " "), key.replace("_", " "))
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
        text = gettext("Discard a pair: 2 × %(card)s") % {"card": card}  # noqa: RUF001
        if "second" in move:
            text = gettext("Discard a pair: %(card)s and %(second)s") % {
                "card": card,
                "second": card_id_words(view, move["second"]),
            }
    elif ident == "risk":
        text = gettext("Risk action: discard %(card)s") % {"card": card}
    else:
        text = gettext("Discard %(card)s") % {"card": card}
    rewards = [part for part in (_money_gain(price), _gains(price)) if part]
    if rewards:
        return gettext("%(text)s for %(rewards)s") % {"text": text, "rewards": ", ".join(rewards)}
    return text


def _money_gain(price: Price) -> str:
    amount = price["gains"].get("money", 0)
    return f"${amount}" if amount > 0 else ""


def _hire(view: View, move: Move, price: Price) -> str:
    row = gettext("job market row %(row)d") % {"row": move["row"] + 1}
    modifier = names.HIRE_MODIFIERS.get(str(move["id"]))
    where = f"{row}, {modifier}" if modifier else row
    return gettext("Hire %(worker)s (%(where)s)") % {
        "worker": article(worker_name(move["worker"])),
        "where": where,
    }


def _build(view: View, move: Move, price: Price) -> str:
    building = str(move["building"])
    vp = engine.edition_data(edition_of(view)).buildings.vp(building)
    return gettext("Build building %(building)s (%(vp)s VP)") % {"building": building, "vp": vp}


def _engine(view: View, move: Move, price: Price) -> str:
    return gettext("Move your engine to %(place)s") % {"place": track_name(view, move["to"])}


def _trade(view: View, move: Move, price: Price) -> str:
    space = move["space"]
    tile = section_tile(view, space)
    what = section_tile_words(tile) if tile else gettext("tile")
    values = {"tile": what, "place": place_name(view, space)}
    if move["id"] == "trade":
        return gettext("Trade with the Indians: take the %(tile)s from %(place)s") % values
    return gettext("Collect the %(tile)s from %(place)s") % values


def _hazard(view: View, move: Move, price: Price) -> str:
    return gettext("Remove %(place)s") % {"place": place_name(view, move["space"])}


def _copy(view: View, move: Move, price: Price) -> str:
    return gettext("Use the actions of %(place)s") % {"place": place_name(view, move["space"])}


def _draw(view: View, move: Move, price: Price) -> str:
    n = int(move["n"])
    return ngettext(
        "Draw %(n)d card, then discard %(n)d", "Draw %(n)d cards, then discard %(n)d", n
    ) % {"n": n}


def _gain(view: View, move: Move, price: Price) -> str:
    if price["cost"]:
        return gettext("Gain %(money)s") % {"money": money(-(price["cost"] or 0))}
    return gettext("Gain money")


def _objective_action(view: View, move: Move, price: Price) -> str:
    return gettext("Take %(card)s") % {"card": card_id_words(view, move["card"])}


def _move_action(view: View, move: Move, price: Price) -> str:
    return gettext("%(move)s (then use it)") % {"move": _move(view, move, price)}


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
    return gettext("Play %(card)s") % {"card": card_id_words(view, move["card"])}


def _take_objective(view: View, move: Move, price: Price) -> str:
    return gettext("Take %(card)s") % {"card": card_id_words(view, move["card"])}


def _foresight(view: View, move: Move, price: Price) -> str:
    decision = view.get("decision") or {}
    row = int(decision.get("n", 1)) - 1
    rows = view.get("foresight") or []
    tile = rows[row][move["slot"]] if row < len(rows) else None
    return gettext("Take %(tile)s") % {"tile": tile_words(tile)}


def _income(view: View, move: Move, price: Price) -> str:
    n = int(move["certificates"])
    if n == 0:
        return gettext("Income without certificates")
    return ngettext("Income using %(n)d certificate", "Income using %(n)d certificates", n) % {
        "n": n
    }


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
        parts.append(gettext("%(money)s crest") % {"money": money(local.KAN_MONEY)})
    transport = int(price["cost"] or 0) + (local.KAN_MONEY if city == local.LOCAL else 0)
    if decision.get("kind") == "kc_deliver":
        if transport:
            parts.append(gettext("%(money)s transport") % {"money": money(-transport)})
        else:
            parts.append(gettext("no transport cost"))
    name = city_name(view, city)
    return f"{name}: {', '.join(parts)}" if parts else name


def _disc(view: View, move: Move, price: Price) -> str:
    if "station" in move:
        return gettext("Take your disc back from %(station)s") % {
            "station": station_name(view, move["station"])
        }
    return gettext("Unlock %(space)s") % {"space": disc_words(view, str(move["space"]))}


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
                return gettext("double auxiliary action: %(words)s") % {
                    "words": aux_words(view, aux, True)
                }
            return gettext("auxiliary action: %(words)s") % {"words": aux_words(view, aux, False)}
    if space == "CERT-4":
        return gettext(names.DISC_CERT_WORDS).format(limit=4)
    if space == "CERT-6":
        if "CERT-4" in left:
            return gettext(names.DISC_CERT6_LATER)
        return gettext(names.DISC_CERT_WORDS).format(limit=6)
    if space.startswith("HAND-"):
        limit = int(me.get("hand_limit", board.HAND_LIMIT_START)) + 1
        return gettext(names.DISC_HAND_WORDS).format(limit=limit, cost=board.HAND_DISC_COST)
    players = int(view.get("num_players") or len(view.get("players", [])))
    if space == "STEP-CASH":
        limit = int(me.get("step_limit", 0)) + board.STEP_CASH_BONUS[players]
        return gettext(names.DISC_STEP_CASH).format(limit=limit, cash=board.STEP_CASH_GAIN)
    if space == "STEP-VP":
        limit = int(me.get("step_limit", 0)) + board.STEP_VP_BONUS[players]
        return gettext(names.DISC_STEP_VP).format(limit=limit, vp=board.STEP_VP)
    return gettext("a disc space")


def _buy(view: View, move: Move, price: Price) -> str:
    cards = [card_id_words(view, card) for card in move["cards"]]
    cowboys = _buy_cowboys(view, str(move["option"]))
    cost = price["cost"]
    text = gettext("Buy %(cards)s") % {"cards": gettext(" and ").join(cards)}
    if isinstance(cost, int) and cost > 0:
        text = gettext("%(buy)s for $%(cost)d") % {"buy": text, "cost": cost}
    if cowboys:
        text = ngettext("%(buy)s with %(n)d cowboy", "%(buy)s with %(n)d cowboys", cowboys) % {
            "buy": text,
            "n": cowboys,
        }
    return text


def _buy_cowboys(view: View, option: str) -> int:
    cattle = engine.edition_data(edition_of(view)).cattle
    options: dict[str, Any] = dict(cattle.BUY_OPTIONS)
    options.update(getattr(cattle, "SIMMENTAL_BUY_OPTIONS", {}))
    return int(options[option][0]) if option in options else 0


def _market_draw(view: View, move: Move, price: Price) -> str:
    return gettext("Use a cowboy to reveal 2 more market cards")


def _place(view: View, move: Move, price: Price) -> str:
    return gettext("Place it on %(place)s") % {"place": place_name(view, move["space"])}


def _upgrade(view: View, move: Move, price: Price) -> str:
    return gettext("Upgrade %(station)s") % {"station": station_name(view, move["station"])}


def _appoint(view: View, move: Move, price: Price) -> str:
    return gettext("Take the station master, paying with %(worker)s") % {
        "worker": article(worker_name(move["worker"]))
    }


def _card_move(template: str) -> Callable[[View, Move, Price], str]:
    """``template``: marked for the catalogue, with the card as %(card)s."""

    def words(view: View, move: Move, price: Price) -> str:
        return gettext(template) % {"card": card_id_words(view, move["card"])}

    return words


def _exchange(view: View, move: Move, price: Price) -> str:
    n = int(move["n"])
    return ngettext(
        "Use an exchange token: draw %(n)d card, then discard %(n)d",
        "Use an exchange token: draw %(n)d cards, then discard %(n)d",
        n,
    ) % {"n": n}


def _simmental(view: View, move: Move, price: Price) -> str:
    n = int(move["n"])
    return ngettext(
        "Upgrade %(n)d Simmental card of stage %(stage)s",
        "Upgrade %(n)d Simmental cards of stage %(stage)s",
        n,
    ) % {"n": n, "stage": move["stage"]}


def _fixed(text: str) -> Callable[[View, Move, Price], str]:
    """``text``: marked for the catalogue, said in the active language."""

    def words(view: View, move: Move, price: Price) -> str:
        return gettext(text)

    return words


_BY_TYPE: dict[str, Callable[[View, Move, Price], str]] = {
    "start": _start,
    "move": _move,
    "action": _action,
    "aux": _aux,
    "end": _fixed(gettext_noop("End your actions")),
    "pass": _fixed(gettext_noop("Pass")),
    "done": _fixed(gettext_noop("Done")),
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
    "discard": _card_move(gettext_noop("Discard %(card)s")),
    "remove": _card_move(gettext_noop("Remove from the game: %(card)s")),
    "exchange": _exchange,
    "simmental": _simmental,
}
