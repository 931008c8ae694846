"""Type stubs of tabula.batch: the State's calls for many states (of one game) at once."""
from typing import Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from . import State

def observation_tensor(states: Sequence[State], player: Optional[int] = None,
                       spatial: bool = False) -> npt.NDArray[np.float32]:
    """(states, planes, cells), or (states, planes, rows, columns) when spatial, seen by `player`
    (default: each state's player to move)."""

def legal_actions_mask(states: Sequence[State]) -> npt.NDArray[np.uint8]:
    """(states, num_distinct_actions): 1 at the legal actions."""

def legal_actions(states: Sequence[State]) -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(actions, offsets): state i's legal actions are actions[offsets[i]:offsets[i + 1]]."""

def apply_action(states: Sequence[State], actions: npt.ArrayLike) -> None:
    """actions[i] in states[i] (-1: none); all checked first, IllegalMoveError names the state."""

def current_player(states: Sequence[State]) -> npt.NDArray[np.int32]:
    """Each state's player to move, TERMINAL when over."""

def returns(states: Sequence[State]) -> npt.NDArray[np.float64]:
    """(states, players)."""

def playout_returns(states: Sequence[State], playouts: int = 1, seed: int = 1,
                    threads: int = 1) -> npt.NDArray[np.float64]:
    """(states, players): mean returns of `playouts` random games from each state (GIL released)."""
