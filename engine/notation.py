"""One-line text notation of moves, used in logs, email replies and game records.

``describe`` writes a move; ``parse`` reads text back by matching it against the legal
moves' notations, so every notation round-trips and only legal moves can be parsed.
Matching forgives case, repeated spaces and commas, and a route ("via ...") may be left out
when the destination alone is unambiguous.
"""

from __future__ import annotations

import re

from engine import editions, flow
from engine.components import card as card_info
from engine.editions import Edition
from engine.errors import IllegalMove
from engine.move_types import Move
from engine.state_types import State

CARD_NAMES = {
    "jersey": "jersey",
    "dutch_belt": "dutch-belt",
    "black_angus": "black-angus",
    "guernsey": "guernsey",
    "holstein": "holstein",
    "brown_swiss": "brown-swiss",
    "ayrshire": "ayrshire",
    "west_highland": "west-highland",
    "texas_longhorn": "texas-longhorn",
    # The 2nd edition's breeds, keyed by their colour slots (engine.data.second.cattle).
    "p1": "criollo",
    "p2_green": "santa-gertrudis",
    "p2_black": "pineywoods",
    "p2_white": "galloway",
    "m3_yellow": "black-angus",
    "m3_red": "longhorn",
    "m3_blue": "corriente",
    "m4": "shorthorn",
    "m5": "hereford",
}


def card_text(ed: Edition, cid: str) -> str:
    if cid == "stack":
        return "stack"
    c = card_info(ed, cid)
    if c["kind"] == "objective":
        return cid
    if "stage" in c:  # a Simmental card: its stage's name (simmental_calf-3 -> simmental-calf)
        return cid.rsplit("-", 1)[0].replace("_", "-")
    name = CARD_NAMES[c["breed"]]
    return f"{name}/{c['vp']}vp" if c["vp"] else name


def _params(ed: Edition, move: Move) -> str:
    out = []
    if "card" in move:
        out.append(card_text(ed, move["card"]))
    if "second" in move:
        out.append(card_text(ed, move["second"]))
    if "cards" in move:
        out.append(" ".join(card_text(ed, c) for c in move["cards"]))
    if "row" in move:
        out.append(f"{move['worker']} row {move['row'] + 1}")
    if "building" in move:
        out.append(move["building"])
    if "space" in move:
        out.append(move["space"])
    if "station" in move:
        out.append(move["station"])
    if "aux" in move:
        out.append(_aux_text(move))
    elif "to" in move:
        out.append(f"to {move['to']}")
    if move.get("via"):
        out.append("via " + " ".join(move["via"]))
    if "n" in move:
        out.append(str(move["n"]))
    return " ".join(out)


def _action_text(ed: Edition, move: Move) -> str:
    ident = move["id"]
    if "aux" in move:
        return "action " + _aux_text(move)
    if ident == "move":
        return describe_move(ed, {"type": "move", "to": move["to"], "via": move["via"]})
    if ident.startswith("discard-") or ident == "risk":
        prefix = "risk discard" if ident == "risk" else "discard"
        if ident == "discard-pair":
            prefix = "discard pair"
        rest = _params(ed, move)
        return f"{prefix} {rest}".strip()
    return f"{ident} {_params(ed, move)}".strip()


def _aux_text(move: Move) -> str:
    names = {1: "gain", 2: "draw", 3: "cert", 4: "engine", 5: "remove"}
    text = f"aux {names[move['aux']]}"
    if move.get("double"):
        text += " double"
    if "to" in move:
        text += f" to {move['to']}"
    return text


def describe_move(ed: Edition, move: Move) -> str:
    t = move["type"]
    if t == "move":
        text = f"move {move['to']}"
        return text + (" via " + " ".join(move["via"]) if move["via"] else "")
    if t == "start":
        return f"start {move['space']}"
    if t == "action":
        return _action_text(ed, move)
    if t == "aux":
        return _aux_text(move)
    if t == "play_objective":
        action = ed.objectives.ALL[move["card"]][0]
        return f"play {move['card']}" + (f" ({action})" if action else "")
    if t == "take_objective":
        return f"take objective {card_text(ed, move['card'])}"
    if t == "buy":
        return f"buy {move['option']} {' '.join(card_text(ed, c) for c in move['cards'])}"
    if t == "market_draw":
        return "market draw"
    if t == "hire":
        return f"hire {move['worker']} row {move['row'] + 1}"
    if t == "place":
        return f"place {move['space']}"
    if t == "upgrade":
        return f"upgrade {move['station']}"
    if t == "appoint":
        return f"appoint {move['worker']}"
    if t == "disc":
        if "space" in move:
            return f"disc {move['space']}"
        return f"disc from {move['station']}"
    if t == "foresight":
        return f"foresight {move['slot'] + 1}"
    if t == "income":
        return f"income certificates {move['certificates']}"
    if t == "deliver":
        return f"deliver {move['city']}"
    if t == "engine":
        return f"engine to {move['to']}"
    if t in ("discard", "remove"):
        return f"{t} {card_text(ed, move['card'])}"
    if t == "exchange":
        return f"exchange {move['n']}"
    if t == "simmental":
        return f"simmental {move['stage']} x{move['n']}"
    if t in ("end", "pass", "done"):
        return t
    return t


def normalize(text: str) -> str:
    text = text.strip().lower().replace(",", " ")
    return re.sub(r"\s+", " ", text)


def describe(state: State, seat: int, move: Move) -> str:
    return describe_move(editions.of(state), move)


def parse(state: State, seat: int, text: str) -> Move:
    if not isinstance(text, str) or not text.strip():
        raise IllegalMove("bad_notation", "Write a move, e.g. 'move B' or 'end'.")
    # A seat that is not to move may still have moves (2nd edition exchange tokens).
    legal = flow.legal_moves(state, seat)
    if not legal:
        raise IllegalMove("not_your_turn", "It is not this seat's decision now.")
    ed = editions.of(state)
    want = normalize(text)
    exact = [m for m in legal if normalize(describe_move(ed, m)) == want]
    if exact:
        return exact[0]
    # A route may be omitted when the destination alone is unambiguous.
    short = [
        m for m in legal if "via" in m and normalize(describe_move(ed, {**m, "via": []})) == want
    ]
    if len(short) == 1:
        return short[0]
    if len(short) > 1:
        options = "; ".join(describe_move(ed, m) for m in short)
        raise IllegalMove(
            "ambiguous_move",
            f"{text.strip()!r} has several routes: {options}.",
            text=repr(text.strip()),
            options=options,
        )
    moves = "; ".join(describe_move(ed, m) for m in legal[:40])
    raise IllegalMove(
        "unknown_move",
        f"{text.strip()!r} is not a legal move now. Legal moves: " + moves,
        text=repr(text.strip()),
        moves=moves,
    )
