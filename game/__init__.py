"""A solitaire collection: Klondike, Spider, FreeCell, Pyramid, Golf, Yukon and Addiction."""

__version__ = "0.1.0"
