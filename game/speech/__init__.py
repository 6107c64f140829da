"""Spoken play (SPEC CM-19): what is said, in the game's language — pure, no pygame, no device.

``words`` names cards and piles; ``reading`` says a focused place, a selection and the whole
table; ``effects`` says what a move did; ``announcer`` keeps the last announcement and hands each
new one to a speaker (``game/platform/speech.py`` holds the speakers that reach the machine).
"""
