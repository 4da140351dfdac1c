"""The moderators' admin: games and their event log, the audit log and suspensions
(``game``), the report queue, chat messages and players' pages (``community``).

Django's admin imports this package; importing the modules registers their pages.
"""

from games.admin import community, game

__all__ = ["community", "game"]
