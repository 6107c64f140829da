"""The games: one folder each (``game/games/NAME/``: its rules, record, hints, solver and whatever
else knows the game), the record every game fills in (``record.py``), the index of them all
(``index.py``) and what the records share (options' words, the Rules screen's sections, figures).

Nothing is imported here, so that a game's rules module, at the bottom of the layers, can be
imported without pulling in every record."""
