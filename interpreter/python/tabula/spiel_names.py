"""The rest of pyspiel's names, with pyspiel's meaning, on tabula's classes: the calls a
pyspiel user's code reaches for that the native module has no reason to hold (docs/PYTHON.md,
"Compared with pyspiel"). Every game here is sequential, deterministic and of perfect
information, which fixes what several of them answer."""

import collections
import functools

import numpy as np

# pyspiel.PlayerAction: one entry of State.full_history().
PlayerAction = collections.namedtuple("PlayerAction", ["player", "action"])


class Observer:
    """What Game.make_observer returns, as pyspiel's observation: `tensor` (float32, the
    flat or spatial observation, filled in place by set_from), `dict` (plane name -> a view
    into `tensor`), set_from(state, player) and string_from(state, player)."""

    def __init__(self, game, spatial):
        self.game, self.spatial = game, spatial
        shape = game.observation_tensor_shape(spatial=spatial)
        self.tensor = np.zeros(int(np.prod(shape)), dtype=np.float32)
        planes = self.tensor.reshape(shape)
        self.dict = {name: planes[i] for i, name in enumerate(game.observation_plane_names(spatial=spatial))}

    def set_from(self, state, player):
        self.tensor[:] = state.observation_tensor(player, spatial=self.spatial).ravel()

    def string_from(self, state, player):
        return state.observation_string(player)


def make_observer(game, iig_obs_type=None, params=None):
    """An Observer of this game (pyspiel's Game.make_observer). Every game here is of perfect
    information, so `iig_obs_type` changes nothing (any value is taken); `params` may hold
    {"spatial": True} for the (planes, rows, columns) form of a grid board."""
    params = dict(params or {})
    spatial = params.pop("spatial", False)
    if params:
        raise ValueError(f"make_observer takes the parameter 'spatial' only, not {sorted(params)}")
    if not isinstance(spatial, bool):
        raise TypeError(f"make_observer: 'spatial' is True or False, not {spatial!r}")
    return Observer(game, spatial)


@functools.lru_cache(maxsize=None)
def shipped_type(name):
    """The GameType of the shipped game `name` (loaded once)."""
    from . import load_game

    return load_game(name).get_type()


def evaluate_bots(state, bots, seed=None):
    """Plays the game on from `state` (which is left as it was) with bots[p] choosing for side
    p, and returns the returns (pyspiel's evaluate_bots). A bot is a tabula.Bot or any
    object with step(state) -> action; inform_action(state, player, action) and
    restart_at(state) are called on the bots that have them. An illegal action or a bot
    that raises is an error naming the bot and the position. `seed` is taken for pyspiel's
    signature: the bots hold their own generators."""
    del seed
    game = state.get_game()
    if len(bots) != game.num_players():
        raise ValueError(f"evaluate_bots: {game.name} has {game.num_players()} sides, {len(bots)} bots were given")
    for bot in bots:
        if not callable(getattr(bot, "step", None)):
            raise TypeError(f"evaluate_bots: {bot!r} has no step(state) method")
        if hasattr(bot, "restart_at"):
            bot.restart_at(state)
    state = state.clone()
    while not state.is_terminal():
        player = state.current_player()
        bot = bots[player]
        action = bot.step(state.clone())
        if not isinstance(action, (int, np.integer)) or int(action) not in state.legal_actions():
            raise ValueError(f"evaluate_bots: bot {player} ({bot!r}) chose {action!r}, which is not a legal action "
                             f"at ply {state.ply()} of {game.name} (position {state.position_text()!r})")
        for other in bots:
            if hasattr(other, "inform_action"):
                other.inform_action(state, player, int(action))
        state.apply_action(int(action))
    return state.returns()


def install(Game, State, Bot):
    """Binds the names onto the classes (called once by tabula/__init__.py)."""

    # ---- Game ----
    Game.make_observer = make_observer
    Game.policy_tensor_shape = lambda game: [game.num_distinct_actions()]
    Game.policy_tensor_shape.__doc__ = "[num_distinct_actions()]: a policy is a weight per action."
    Game.max_move_number = lambda game: game.max_game_length()
    Game.max_move_number.__doc__ = "The rules' ply limit: no game has more moves."
    Game.max_history_length = lambda game: game.max_game_length()
    Game.max_history_length.__doc__ = "The rules' ply limit: no history is longer."
    Game.new_initial_states = lambda game: [game.new_initial_state()]
    Game.new_initial_states.__doc__ = "[new_initial_state()]: a game here has one start."
    Game.information_state_tensor_shape = lambda game: game.observation_tensor_shape()
    Game.information_state_tensor_shape.__doc__ = ("observation_tensor_shape(): in a game of perfect information "
                                                   "the observation is all a player knows.")
    Game.information_state_tensor_size = lambda game: game.observation_tensor_size()
    Game.information_state_tensor_size.__doc__ = "observation_tensor_size()."

    # ---- State ----
    def full_history(state):
        """[PlayerAction(player, action)] of every action played, as pyspiel's."""
        replay = state.clone()
        while replay.history():
            replay.undo()
        out = []
        for action in state.history():
            out.append(PlayerAction(replay.current_player(), action))
            replay.apply_action(action)
        return out

    def is_initial_state(state):
        """No action played, from the game's start."""
        return not state.history() and state == state.get_game().new_initial_state()

    def apply_action_with_legality_check(state, action):
        """apply_action, which checks every action (IllegalMoveError for one not legal here)."""
        state.apply_action(action)

    def information_state_tensor(state, player=None):
        """observation_tensor(player): in a game of perfect information the observation is
        all a player knows (pieces, seat to move, values and counters)."""
        return state.observation_tensor(player)

    State.full_history = full_history
    State.is_initial_state = is_initial_state
    State.apply_action_with_legality_check = apply_action_with_legality_check
    State.information_state_tensor = information_state_tensor

    # ---- Bot: pyspiel's bot interface ----
    def inform_action(bot, state, player, action):
        """Nothing to do: a Bot reads the whole state it is given at each step."""

    def restart_at(bot, state):
        """Nothing to do: a Bot keeps no game of its own between steps."""

    def restart(bot):
        """Nothing to do (see restart_at)."""

    def provides_policy(bot):
        """True: step_with_policy gives every player's weights over the legal moves."""
        return True

    Bot.inform_action = inform_action
    Bot.restart_at = restart_at
    Bot.restart = restart
    Bot.provides_policy = provides_policy
