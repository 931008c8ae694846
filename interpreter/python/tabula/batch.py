"""The State's calls for many states at once, as numpy arrays: one call from Python steps a
whole batch of games (docs/PYTHON.md, "Batches").

    states = [game.new_initial_state() for _ in range(256)]
    obs = tabula.batch.observation_tensor(states)      # (256, planes, cells) float32
    mask = tabula.batch.legal_actions_mask(states)     # (256, num_distinct_actions) uint8
    actions, offsets = tabula.batch.legal_actions(states)  # state i's: actions[offsets[i]:offsets[i+1]]
    tabula.batch.apply_action(states, actions)         # actions[i] in states[i]; -1: none
    tabula.batch.current_player(states)                # int32, TERMINAL when over
    tabula.batch.returns(states)                       # (256, players) float64
    tabula.batch.playout_returns(states, playouts=8, seed=1, threads=2)

A batch is any sequence of States of one game.
"""

from ._tabula._batch import (
    apply_action,
    current_player,
    legal_actions,
    legal_actions_mask,
    observation_tensor,
    playout_returns,
    returns,
)

__all__ = ["apply_action", "current_player", "legal_actions", "legal_actions_mask", "observation_tensor",
           "playout_returns", "returns"]

for _name in __all__:
    globals()[_name].__module__ = __name__
