"""Tabula from Python: abstract board games as data, played by one native engine.

An API shaped like OpenSpiel's (pyspiel), so a researcher's loops carry over:

    import tabula
    game = tabula.load_game("rules/my-game.rules")
    state = game.new_initial_state()
    bot = tabula.Bot("mcts:200", seed=7)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    print(state.returns(), state.record())

Games load by name (tabula.registered_names(): the shipped rules files) or from a rules
file's path, with parameters: tabula.load_game(NAME, {"plies": 300}) or
tabula.load_game("NAME(plies=300)"). Batch work runs natively on threads with the GIL
released: random_playouts, match, Bot.step, Game.perft, and tabula.batch for many states
at once. Games and states pickle. See docs/PYTHON.md for a walk-through, the action and
observation layouts, and how the API compares with pyspiel's.
"""

import json as _json
import os as _os
import re as _re

from . import _locations, _tabula, batch
from . import spiel_names as _spiel_names
from .game_type import GameType, game_type as _game_type
from .spiel_names import Observer, PlayerAction, evaluate_bots
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
    Policy,
    Rating,
    State,
    TERMINAL,
    match,
    random_playouts,
)

__version__ = _tabula.__version__

# The native classes and functions present themselves as tabula's (help(), repr, pickling names).
for _name in ("Board", "Bot", "Diagnostic", "Game", "IllegalMoveError", "LimitError", "MatchGame", "MatchResult",
              "MatchTally", "PlayoutStatistics", "Policy", "Rating", "State", "match", "random_playouts"):
    getattr(_tabula, _name).__module__ = __name__

Game.get_type = _game_type
_spiel_names.install(Game, State, Bot)


# A call with arguments of the wrong types is refused by the binding library in its own
# terms: the native module (tabula._tabula), C++ type names and every overload. These
# wrappers say it in Python's: what the call takes and what it was given.
_SIGNATURE = _re.compile(r"^\s*\d+\. (?:[\w.]+)?\((.*?)\)(?: -> .*)?$", _re.M)


def _shown(text):
    text = _re.sub(r"tabula\._tabula\.", "tabula.", text)
    return _re.sub(r"tabula::(?:Game)?(\w+)", r"tabula.\1", text)


def _plain_type_error(where, message, args, kwargs):
    for value in list(args) + list(kwargs.values()):
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"{where}: {value!r} is not text that UTF-8 can hold (it has a lone surrogate)"
    takes = []
    for params in _SIGNATURE.findall(message):
        params = _re.sub(r"^self(?:: [\w.:]+)?(?:, )?", "", params)
        takes.append(f"({_shown(params)})")
    given = ", ".join([f"{value!r} ({type(value).__name__})" for value in args] +
                      [f"{name}={value!r} ({type(value).__name__})" for name, value in kwargs.items()])
    return f"{where} takes {' or '.join(takes) or 'other arguments'}; it was given {given or 'none'}"


def _readable(function, where, method):
    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except TypeError as e:
            text = str(e)
            if "incompatible function arguments" not in text and "incompatible constructor arguments" not in text:
                raise
            shown = args[1:] if method else args
            raise TypeError(_plain_type_error(where, text, shown, kwargs)) from None

    call.__name__, call.__qualname__, call.__doc__ = function.__name__, where, function.__doc__
    call.__wrapped__ = function
    return call


for _class in (Board, Bot, Game, State):
    for _name, _attr in list(vars(_class).items()):
        if (_name.startswith("__") and _name not in ("__init__", "__setstate__")) or not callable(_attr) or \
                isinstance(_attr, (staticmethod, classmethod, type)):
            continue
        setattr(_class, _name, _readable(_attr, f"{_class.__name__}.{_name}", True))
match = _readable(match, "match", False)
random_playouts = _readable(random_playouts, "random_playouts", False)

__all__ = [
    "Board",
    "Bot",
    "Diagnostic",
    "Game",
    "GameType",
    "IllegalMoveError",
    "LimitError",
    "MatchGame",
    "MatchResult",
    "MatchTally",
    "Observer",
    "PlayerAction",
    "PlayoutStatistics",
    "Policy",
    "Rating",
    "RulesError",
    "State",
    "TERMINAL",
    "batch",
    "deserialize_game_and_state",
    "evaluate_bots",
    "load_game",
    "load_game_from_text",
    "match",
    "random_playouts",
    "registered_games",
    "registered_names",
    "serialize_game_and_state",
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


def _rules_dir():
    return _os.path.normpath(_os.path.join(_os.path.dirname(__file__), _locations.RULES_DIR))


def registered_names():
    """The names load_game takes for the games shipped with Tabula: their rules files'
    names without .rules, sorted."""
    return sorted(f[: -len(".rules")] for f in _os.listdir(_rules_dir()) if f.endswith(".rules"))


def registered_games():
    """The GameType of every shipped game (pyspiel's registered_games()), in registered_names()'
    order; GameType.short_name is the name load_game takes."""
    return [_spiel_names.shipped_type(name) for name in registered_names()]


_GAME_STRING = _re.compile(r"(?s)(.*)\((.*)\)")


def _parameter_text(name, value):
    # A Python value as the rules write it: True/False for the on/off options.
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (int, str)):
        return str(value)
    raise TypeError(f"parameter {name}: {value!r} is not a bool, an int or a str")


def _parse_parameters(text, game):
    parameters = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, equals, value = item.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise ValueError(f"{game!r}: parameter {item!r} is not NAME=VALUE")
        if name.strip() in parameters:
            raise ValueError(f"{game!r}: parameter {name.strip()!r} is given twice")
        parameters[name.strip()] = value.strip()
    return parameters


def _rules_path(game):
    # Found as the CLI finds it (docs/LANGUAGE.md, "Where files are found"): the file itself,
    # else NAME or NAME.rules in the current folder, TABULA_PATH and the shipped rules.
    path = _tabula._find_rules(game)
    if not path:
        said = _tabula._rules_suggestion(game)
        hint = f"; {said}" if said else f"; the shipped games are: {', '.join(registered_names())}"
        raise ValueError(f"no game named {game!r} (a name from tabula.registered_names(), a rules file in the "
                         f"current folder or in TABULA_PATH, or a rules file's path){hint}")
    return path


def load_game(game, parameters=None, reference=False):
    """Loads a game: a name from registered_names() (or of a rules file in the current folder
    or in TABULA_PATH), or a rules file's path (its board and base rules are looked up next
    to it, in the boards/ or rules/ folder beside its folder, in the current folder, in
    TABULA_PATH and among the shipped files, as the CLI does), with optional parameters.

    Parameters change what the rules set with `limit plies=N` and `option` (docs/LANGUAGE.md):
    plies, repetition (off, draw or end), repetition-draw (True/False or on/off),
    quiet-moves-draw. Give them as a dict, load_game(NAME, {"plies": 300,
    "repetition-draw": True}), or in the string as pyspiel does, load_game("NAME(plies=300,
    repetition-draw=on)"), values written as in the rules. The game is then a variant of
    the rules file made in memory (`variant ... extends`), named "<its name> (plies=300,...)".
    Game.get_parameters() lists every parameter with its value.

    reference=True loads the game in reference mode: every accelerated path off (bitboards,
    fused and counted moves, set-wise captures, line sweeps, running counts, shortcuts,
    caches). The same game, move for move, only slower: to check the fast paths against.

    ValueError for an unknown name; RulesError when the rules, or a parameter, do not load
    (a parameter the rules do not take is the checker's error, shown in the variant's text)."""
    if not isinstance(game, (str, _os.PathLike)):
        raise TypeError(f"load_game takes a game's name or a rules file's path (a str or a path), not "
                        f"{game!r} ({type(game).__name__})")
    given = {}
    if not isinstance(game, _os.PathLike):
        match = _GAME_STRING.fullmatch(game)
        if match:
            game, given = match.group(1), _parse_parameters(match.group(2), game)
        path = _rules_path(game)
    else:
        path = _os.fspath(game)
    for name, value in (parameters or {}).items():
        if name in given:
            raise ValueError(f"parameter {name!r} is given both in the game's name and in parameters")
        given[name] = _parameter_text(name, value)
    return _loaded(_tabula._load_game(path, list(given.items()), bool(reference)))


def load_game_from_text(text, name="<text>.rules", reference=False):
    """Loads rules written in a string. `name` is the file the text stands for: it names
    it in diagnostics, and its board and base rules (`variant ... extends "base.rules"`)
    are looked up as for a file at that path, so name="rules/my-variant.rules" finds
    rules/base.rules and boards/. RulesError when it does not load. reference=True: as
    load_game's."""
    if not isinstance(text, str):
        raise TypeError(f"load_game_from_text takes the rules as a str, not {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"the rules text is not text that UTF-8 can hold: {e.reason} at position {e.start}") from None
    return _loaded(_tabula._load_game_from_text(text, _os.fspath(name), bool(reference)))


def serialize_game_and_state(game, state):
    """The game and a state of it as one text (JSON), which deserialize_game_and_state reads
    back anywhere: the game is held as the texts of its files (rules, base rules, board), so
    no file is needed to read it back."""
    if state.game != game:
        raise ValueError(f"the state is a state of {state.game.name}, not of {game.name}")
    data = {"tabula": 1, "game": game._sources(), "state": state.serialize()}
    if game.reference:
        data["reference"] = True
    return _json.dumps(data)


def deserialize_game_and_state(text):
    """(game, state) from serialize_game_and_state's text; ValueError when it is not one."""
    try:
        data = _json.loads(text)
        if data["tabula"] != 1:
            raise ValueError(f"version {data['tabula']!r} of the format, not 1")
        sources = [(str(path), str(source)) for path, source in data["game"]]
        state = data["state"]
        reference = data.get("reference", False) is True
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"not a text of serialize_game_and_state: {e}") from None
    game = _loaded(_tabula._load_game_from_sources(sources, reference))
    return game, game.deserialize_state(state)
