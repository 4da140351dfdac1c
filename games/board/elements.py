"""SVG built as a tree of elements, then written out as markup once.

The board is built the way python-chess's ``chess/svg.py`` builds its board: elements with
attributes, children and text, serialized at the end, so that no drawing code writes markup
or escapes anything itself. ``xml.etree.ElementTree`` would do, but writing a late 4-player
table (1,400 elements, 78 KB) with it takes about 7 ms, six times what the whole drawing took
as string concatenation; this class keeps only what the board needs (tag, attributes in
order, text, children) and writes the same table in about a fifth of that. Building and
writing a tree still costs about 2.5 times the concatenation, so pieces that many positions
share are kept as ``Markup`` (``games/board/memo.py``).

Escaping is done here and only here: every attribute value and every text is escaped as
``html.escape`` does (quotes included) when written.
"""

from __future__ import annotations

import re
from html import escape
from typing import TypeAlias

__all__ = ["Element", "Markup", "Node", "frozen", "title", "to_markup"]


class Markup(str):
    """Finished, trusted SVG markup of a subtree: written as it is, never escaped again."""

    __slots__ = ()


class Element:
    """One SVG element: its tag, its attributes in the order given, its text, its children.

    ``attrs`` is kept as given (not copied) and its values are plain strings: numbers are
    formatted by the caller, which knows the precision each attribute wants. Text comes
    before the children when an element has both."""

    __slots__ = ("attrs", "children", "tag", "text")

    def __init__(
        self,
        tag: str,
        attrs: dict[str, str] | None = None,
        *children: Node,
        text: str | None = None,
    ) -> None:
        self.tag = tag
        self.attrs: dict[str, str] = {} if attrs is None else attrs
        self.children: list[Node] = list(children)
        self.text = text

    def append(self, *children: Node) -> Element:
        """Add children at the end; returns the element, so that calls can be chained."""
        self.children.extend(children)
        return self

    def __repr__(self) -> str:
        return f"<Element {self.tag} {self.attrs!r}, {len(self.children)} children>"


Node: TypeAlias = Element | Markup

_SPECIAL = re.compile("[&<>\"']").search
_SPECIAL_BUT_QUOTE = re.compile("[&<>']").search


def _escape(value: str) -> str:
    # Most texts need nothing: look before paying for five replacements.
    return escape(value) if _SPECIAL(value) else value


def _write(el: Element) -> str:
    tag, attrs = el.tag, el.attrs
    start = ""
    for name, value in attrs.items():
        start += f' {name}="{value}"'
    # Most values are numbers and class names: one look at the whole, and escape each value
    # only when some value needs it (a '"' in a value shows as more '"' than delimiters).
    if _SPECIAL_BUT_QUOTE(start) or start.count('"') != 2 * len(attrs):
        start = "".join([f' {name}="{escape(value)}"' for name, value in attrs.items()])
    if el.children:
        inner = "".join([c if isinstance(c, str) else _write(c) for c in el.children])
        if el.text:
            inner = _escape(el.text) + inner
        return f"<{tag}{start}>{inner}</{tag}>"
    if el.text is None:
        return f"<{tag}{start}/>"
    return f"<{tag}{start}>{_escape(el.text)}</{tag}>"


def to_markup(node: Node) -> str:
    """The markup of an element and everything inside it (a ``Markup`` as it is)."""
    return node if isinstance(node, str) else _write(node)


def frozen(*nodes: Node) -> Markup:
    """Subtrees written out once, to be kept and placed in other trees as they are."""
    if len(nodes) == 1 and isinstance(nodes[0], Markup):
        return nodes[0]
    return Markup("".join([to_markup(node) for node in nodes]))


def title(text: str, ident: str | None = None) -> Element:
    """A ``<title>``: the tooltip and text alternative of the element it is the first child of."""
    return Element("title", None if ident is None else {"id": ident}, text=text)
