"""Players: ratings, public profiles and statistics.

Everything here is derived from the games app's finished games (``games.models``): the
ratings (``ratings.py``, by the policy in ``policy.py`` and docs/ratings.md) can be rebuilt
from them at any time (``manage.py rebuild_ratings``). The games app never imports this one:
it announces finished games (``games.signals``) and this app listens (``receivers.py``).
"""
