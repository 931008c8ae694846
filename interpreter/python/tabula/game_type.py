"""GameType: what kind of game a Game is, in the terms of OpenSpiel's pyspiel.GameType (the
same field and enum names), so code that branches on them carries over. Every Tabula game
is sequential, deterministic and of perfect information, and pays only at its end."""

import dataclasses
import enum
from typing import Dict, Union


class Dynamics(enum.Enum):
    SIMULTANEOUS = "simultaneous"
    SEQUENTIAL = "sequential"
    MEAN_FIELD = "mean_field"


class ChanceMode(enum.Enum):
    DETERMINISTIC = "deterministic"
    EXPLICIT_STOCHASTIC = "explicit_stochastic"
    SAMPLED_STOCHASTIC = "sampled_stochastic"


class Information(enum.Enum):
    ONE_SHOT = "one_shot"
    PERFECT_INFORMATION = "perfect_information"
    IMPERFECT_INFORMATION = "imperfect_information"


class Utility(enum.Enum):
    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"
    IDENTICAL = "identical"


class RewardModel(enum.Enum):
    REWARDS = "rewards"
    TERMINAL = "terminal"


@dataclasses.dataclass(frozen=True)
class GameType:
    """What kind of game a Game is (Game.get_type()).

    short_name is the name load_game takes (the rules file's name without .rules, with
    the parameters after it: "NAME(plies=300)"), long_name the game's name.
    parameter_specification maps each parameter load_game takes to its value in this game.
    With two sides a game is zero-sum (+1 and -1, or 0 and 0); with more, one side wins
    (+1) and every other loses (-1), which is general-sum.
    """

    short_name: str
    long_name: str
    dynamics: Dynamics
    chance_mode: ChanceMode
    information: Information
    utility: Utility
    reward_model: RewardModel
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool
    parameter_specification: Dict[str, Union[int, str]]

    Dynamics = Dynamics
    ChanceMode = ChanceMode
    Information = Information
    Utility = Utility
    RewardModel = RewardModel


def game_type(game):
    """The GameType of `game` (bound as Game.get_type)."""
    import os

    players = game.num_players()
    return GameType(
        short_name=os.path.basename(game.rules_path).removesuffix(".rules"),
        long_name=game.name,
        dynamics=Dynamics.SEQUENTIAL,
        chance_mode=ChanceMode.DETERMINISTIC,
        information=Information.PERFECT_INFORMATION,
        utility=Utility.ZERO_SUM if players == 2 else Utility.GENERAL_SUM,
        reward_model=RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game.get_parameters(),
    )
