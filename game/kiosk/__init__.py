"""The kiosk (SPEC UI-5): a touchscreen on a stand that nobody leaves by accident — its settings
(``config.py``) and its guard (``guard.py``: idle time, the hidden exit gesture, the PIN and its
lock-out, the key chord), both pure; the app and ``game/scenes/kiosk.py`` carry them out."""
