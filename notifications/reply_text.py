"""What a player wrote in a reply, without what their mail program added.

Mail programs quote the message being answered and add signatures in their own ways: Gmail
and Apple Mail put "On <date>, <name> wrote:" above "> " lines, Outlook puts a "From: /
Sent: / To: / Subject:" block (often under a line of underscores, or "-----Original
Message-----"), phones add "Sent from my iPhone". Everything from the first such marker on
is dropped, as are quoted ("> ") lines anywhere. An HTML-only message is turned into text
first, leaving out its quoted parts (Gmail's ``gmail_quote``, ``<blockquote>``, Outlook's
reply block).
"""

from __future__ import annotations

import re
from email.message import EmailMessage, Message
from html.parser import HTMLParser

# A line at which the quoted message (or the signature) starts: it and everything after go.
_CUT = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"^-{2,}\s*original message\s*-{2,}\s*$",
        r"^-{2,}\s*forwarded message\s*-{2,}\s*$",
        r"^_{8,}\s*$",  # Outlook's rule above its header block
        r"^-- ?$",  # the signature delimiter (RFC 3676)
        r"^sent from my \S+",
        r"^sent from (mail|outlook) for \S+",
        r"^get outlook for \S+",
        r"^sent from (yahoo mail|proton ?mail|gmail)\b",
        # "<someone> wrote:", "Am <date> schrieb <someone>:", ...
        r"^.*\b(wrote|a écrit|schrieb|escribió|ha scritto|schreef|escreveu)\b.*:\s*$",
    )
]
# "On Tue, 3 Nov 2026 at 10:05, Great Western Trail <reply+...@x>" may be wrapped.
_ON_START = re.compile(r"^(on|le|am|el|il|op|em) \S", re.IGNORECASE)
_WROTE_END = re.compile(
    r"(wrote|a écrit|schrieb|escribió|ha scritto|schreef|escreveu)\s*:\s*$", re.IGNORECASE
)
_HEADER_LINE = re.compile(r"^\*?(from|sent|date|to|cc|subject|de|von|envoyé|gesendet)\s*:", re.I)


def message_text(message: Message) -> str | None:
    """The reply's own text: the first text/plain body part, else the text of the first
    text/html one; None when the message has no text at all (attachments only)."""
    if isinstance(message, EmailMessage):
        plain = _body(message, "plain")
        if plain is not None:
            return plain
        html = _body(message, "html")
        return None if html is None else html_to_text(html)
    for wanted in ("text/plain", "text/html"):
        for part in message.walk():
            if part.get_content_type() == wanted and not part.get_filename():
                payload = part.get_payload(decode=True)  # bytes (or None) for a text part
                raw = payload if isinstance(payload, bytes) else b""
                text = raw.decode(part.get_content_charset() or "utf-8", errors="replace")
                return text if wanted == "text/plain" else html_to_text(text)
    return None


def _body(message: EmailMessage, subtype: str) -> str | None:
    try:
        part = message.get_body(preferencelist=(subtype,))
    except (KeyError, LookupError):
        return None
    if part is None or part.get_filename():
        return None
    try:
        content: str = part.get_content()  # a text part's: str
        return content
    except (LookupError, UnicodeError, AssertionError):
        payload = part.get_payload(decode=True)  # bytes (or None) for a text part
        raw = payload if isinstance(payload, bytes) else b""
        return raw.decode("utf-8", errors="replace")


def reply_lines(text: str) -> list[str]:
    """The non-empty lines the player wrote above the quoted message and signature."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    for index, raw in enumerate(lines):
        line = raw.replace("\u00a0", " ").strip()
        if _is_cut(line, lines[index + 1 : index + 5]):
            break
        if line.startswith(">") or not line:
            continue
        kept.append(line)
    return kept


def _is_cut(line: str, following: list[str]) -> bool:
    if any(pattern.match(line) for pattern in _CUT):
        return True
    if _ON_START.match(line):
        # "On ... wrote:" wrapped over up to three lines.
        joined = line
        for nxt in following[:2]:
            joined += " " + nxt.strip()
            if _WROTE_END.search(joined):
                return True
    if _HEADER_LINE.match(line) and line.lower().lstrip("*").startswith(("from", "de", "von")):
        # Outlook's header block: From: followed by Sent:/Date:/To:/Subject: lines.
        return sum(1 for nxt in following if _HEADER_LINE.match(nxt.strip())) >= 2
    return False


class _HtmlText(HTMLParser):
    """Text of an HTML body, one line per block, leaving out quoted and hidden parts."""

    BLOCKS = frozenset(
        {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "hr"}
    )
    SKIPPED = frozenset({"style", "script", "head", "title", "blockquote"})
    # Markers of the quoted message in HTML replies: everything from there on is dropped.
    QUOTE_CLASSES = ("gmail_quote", "yahoo_quoted", "moz-cite-prefix", "protonmail_quote")
    QUOTE_IDS = ("divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip_depth = 0
        self.stopped = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.stopped:
            return
        values = {name: (value or "").lower() for name, value in attrs}
        if any(c in values.get("class", "") for c in self.QUOTE_CLASSES) or any(
            i == values.get("id", "") for i in self.QUOTE_IDS
        ):
            self.stopped = True
            return
        if tag in self.SKIPPED:
            self.skip_depth += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.BLOCKS and not self.stopped:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if self.stopped:
            return
        if tag in self.SKIPPED and self.skip_depth:
            self.skip_depth -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.stopped and not self.skip_depth:
            self.parts.append(re.sub(r"\s+", " ", data))


def html_to_text(html: str) -> str:
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    return "\n".join(line.strip() for line in "".join(parser.parts).split("\n"))
