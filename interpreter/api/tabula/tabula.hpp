#pragma once
// Tabula's public C++ API (docs/API.md): load a game from a rules file, play it through
// GameState, count with perft, and let computer players play. Link Tabula::tabula
// (find_package(Tabula)) or `pkg-config --cflags --libs tabula`.
#include "tabula/batch.hpp"
#include "tabula/errors.hpp"
#include "tabula/game.hpp"
#include "tabula/game_state.hpp"
#include "tabula/players.hpp"
