"""Input: pygame events -> intents (tap, double-tap, long press, drag, focus, activate, actions)."""
