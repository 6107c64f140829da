"""What a table's hints remember of one deal (CM-20, CM-21): the winning lines found where every
card that matters is known (:class:`~game.hints.lines.KnownLines`, shared with the verdict and the
demo), and the worlds of the hidden cards carried on from move to move
(:class:`~game.hints.beliefs.Beliefs`). A new deal on the table starts a new memory."""

from __future__ import annotations

from typing import Any

from game.hints.beliefs import Beliefs
from game.hints.lines import KnownLines
from game.hints.spec import HintSpec
from game.rules.base import Variant


class Memory:
    def __init__(self, spec: HintSpec, rules: Variant[Any]) -> None:
        self.lines = KnownLines(rules)
        self.beliefs = Beliefs(spec, rules, spec.most)
