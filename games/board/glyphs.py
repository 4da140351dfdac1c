"""How wide a line of the board's labels is drawn, to cut it before it runs off its piece.

Counting characters is not enough: "Cattleman A · engine 4th station" and "Herder outlaw
section space +$3" have about as many characters but not the same width. The widths are
DejaVu Sans's (the font Debian and most Linux browsers give the board's ``system-ui`` stack,
and the widest of the stack's fonts), so a line that fits here fits in the others too.
"""

from __future__ import annotations

# Advance widths in em of DejaVu Sans, as a browser draws them.
_EM: dict[str, float] = {
    " ": 0.32, "!": 0.4, '"': 0.46, "#": 0.84, "$": 0.64, "%": 0.95, "&": 0.78, "'": 0.28,
    "(": 0.39, ")": 0.39, "*": 0.5, "+": 0.84, ",": 0.32, "-": 0.36, ".": 0.32, "/": 0.34,
    ":": 0.34, ";": 0.34, "<": 0.84, "=": 0.84, ">": 0.84, "?": 0.53, "@": 1.0,
    "A": 0.68, "B": 0.69, "C": 0.7, "D": 0.77, "E": 0.63, "F": 0.58, "G": 0.78, "H": 0.75,
    "I": 0.3, "J": 0.3, "K": 0.66, "L": 0.56, "M": 0.86, "N": 0.75, "O": 0.79, "P": 0.6,
    "Q": 0.79, "R": 0.69, "S": 0.63, "T": 0.61, "U": 0.73, "V": 0.68, "W": 0.99, "X": 0.69,
    "Y": 0.61, "Z": 0.69, "[": 0.39, "\\": 0.34, "]": 0.39, "^": 0.84, "_": 0.5, "`": 0.5,
    "a": 0.61, "b": 0.63, "c": 0.55, "d": 0.63, "e": 0.62, "f": 0.35, "g": 0.63, "h": 0.63,
    "i": 0.28, "j": 0.28, "k": 0.58, "l": 0.28, "m": 0.97, "n": 0.63, "o": 0.61, "p": 0.63,
    "q": 0.63, "r": 0.41, "s": 0.52, "t": 0.39, "u": 0.63, "v": 0.59, "w": 0.82, "x": 0.59,
    "y": 0.59, "z": 0.53, "{": 0.64, "|": 0.34, "}": 0.64, "~": 0.84,
    "\u00b7": 0.32, "\u2026": 1.0, "\u2212": 0.84, "\u2014": 1.0,
}  # fmt: skip
_DIGIT_EM = 0.64
_OTHER_EM = 0.7  # accented letters and anything else: about a capital's width


def em_width(text: str) -> float:
    """The width of ``text`` in em (multiply by the font size for board units)."""
    return sum(_EM.get(c, _DIGIT_EM if c.isdigit() else _OTHER_EM) for c in text)


def fit(text: str, room: float, size: float) -> str:
    """``text`` cut with an ellipsis so that, drawn at ``size``, it is at most ``room`` wide
    (the full words stay in the piece's title)."""
    if em_width(text) * size <= room:
        return text
    budget = room / size - _EM["\u2026"]
    cut = ""
    for c in text:
        if em_width(cut + c) > budget:
            break
        cut += c
    return cut.rstrip() + "\u2026"
