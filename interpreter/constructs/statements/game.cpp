// `game "Name"`, `board "file.yaml"` and `variant "Name" extends "base.rules"`: the file's
// identity. The board is loaded (lang/game_loader) before checking; variants are merged
// (lang/variant_merge) before checking, so here only their shape is checked.
#include "check/context.hpp"

namespace tabula {
namespace {

void check_game(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {})) return;
  ctx.string_value(s.args[0].value, "the game's name", ctx.program.name);
}

void check_board(CheckContext& ctx, const Statement& s) { ctx.shape(s, 1, 1, {}); }

void check_variant(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 3, 3, {})) return;
  ctx.string_value(s.args[0].value, "the variant's name", ctx.program.name);
}

}  // namespace

extern constinit const StatementSpec game_statement{"game",     Pass::define,    Key::keyword,
                                                    check_game, "game \"NAME\"", "the game's name"};
extern constinit const StatementSpec board_statement{"board",
                                                     Pass::define,
                                                     Key::keyword,
                                                     check_board,
                                                     "board \"FILE.yaml\"",
                                                     "the board graph, found next to the rules file, in boards/ beside "
                                                     "its folder, in the current folder, in TABULA_PATH or among the "
                                                     "shipped boards"};
extern constinit const StatementSpec variant_statement{
    "variant",
    Pass::define,
    Key::keyword,
    check_variant,
    "variant \"NAME\" extends \"BASE.rules\"",
    "this file restates only what differs from BASE (docs/VARIANTS.md)"};

}  // namespace tabula
