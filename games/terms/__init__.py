"""The game in the words of its rulebooks: what players read on buttons, on the board and in
the game log, instead of the engine's ids and notation.

The engine names things by id (``TPM3``, ``ROCKFALL-R2``, ``S4``, ``p0-jersey-2``) and writes
moves in a notation made for replies and records (``deliver WIC``); both stay as they are,
for the notation help, emails and game records. This package only reads views (the
engine's public shape of a position) and prices, and says the same thing as a player of the
printed game would:

* ``names``: the printed names, as data tables (per edition where they differ);
* ``places``: a trail space, a track space, a station, a tile or a card in words;
* ``choices``: a legal move as its button says it ("Wichita: +$5, -$1 transport");
* ``journal``: a move as the game log tells it afterwards ("delivered to Wichita: ...").
"""
