"""Tabula from Python: abstract board games as data, played by one native engine.

An API shaped like OpenSpiel's (pyspiel), so a researcher's loops carry over:

    import tabula
    game = tabula.load_game("rules/my-game.rules")
    state = game.new_initial_state()
    bot = tabula.Bot("mcts:200", seed=7)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    print(state.returns(), state.record())

Batch work runs natively on threads with the GIL released: random_playouts, match,
Bot.step, Game.perft. See docs/PYTHON.md for a walk-through and the action and
observation layouts.
"""

import os as _os

from . import _tabula
from ._tabula import (
    Board,
    Bot,
    Diagnostic,
    Game,
    IllegalMoveError,
    LimitError,
    MatchGame,
    MatchResult,
    MatchTally,
    PlayoutStatistics,
    State,
    TERMINAL,
    match,
    random_playouts,
)

__version__ = _tabula.__version__

# The native classes and functions present themselves as tabula's (help(), repr, pickling names).
for _name in ("Board", "Bot", "Diagnostic", "Game", "IllegalMoveError", "LimitError", "MatchGame", "MatchResult",
              "MatchTally", "PlayoutStatistics", "State", "match", "random_playouts"):
    getattr(_tabula, _name).__module__ = __name__

__all__ = [
    "Board",
    "Bot",
    "Diagnostic",
    "Game",
    "IllegalMoveError",
    "LimitError",
    "MatchGame",
    "MatchResult",
    "MatchTally",
    "PlayoutStatistics",
    "RulesError",
    "State",
    "TERMINAL",
    "load_game",
    "load_game_from_text",
    "match",
    "random_playouts",
]


class RulesError(Exception):
    """A rules file (or text) that does not load.

    `diagnostics` holds every message found (file, line, column, message,
    severity); str() renders them as the CLI prints them, with the source line and
    a caret.
    """

    def __init__(self, rendered, diagnostics):
        super().__init__(rendered)
        self.diagnostics = list(diagnostics)

    def __str__(self):
        return self.args[0].rstrip("\n")


def _loaded(result):
    if result.game is None:
        raise RulesError(result.rendered, result.diagnostics)
    return result.game


def load_game(path):
    """Loads a rules file. Its board file is looked up next to it, then in the
    boards/ folder beside its folder, as the CLI does. RulesError when it does not load."""
    return _loaded(_tabula._load_game(_os.fspath(path)))


def load_game_from_text(text, name="<text>.rules"):
    """Loads rules written in a string. `name` is the file the text stands for: it names
    it in diagnostics, and its board and base rules (`variant ... extends "base.rules"`)
    are looked up as for a file at that path, so name="rules/my-variant.rules" finds
    rules/base.rules and boards/. RulesError when it does not load."""
    return _loaded(_tabula._load_game_from_text(text, _os.fspath(name)))
