"""Pure rules of every variant. No pygame here (a test enforces it). The registry is imported with
the package, so that a pile of any game's kind can be read before that game's rules are loaded."""

from game.rules import registry as registry
