// `piece NAME [value=N] [symbol=A|B] [owner=PLAYER] [capturable=no]`: a kind of piece.
#include <fmt/format.h>

#include "check/context.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

constexpr size_t kMaxPieceKinds = 32;

void check_piece(CheckContext& ctx, const Statement& s) {
  ctx.shape(s, 1, 1, {"value", "symbol", "owner", "capturable"});
  auto pos = ctx.positional(s);
  if (pos.empty() || !ctx.identifier(pos[0]->value, "a piece kind name")) return;
  const std::string& name = pos[0]->value.text;
  if (ctx.find_kind(name) >= 0) return ctx.error(pos[0]->pos, fmt::format("piece kind '{}' is declared twice", name));
  // Sets of kinds are 32-bit masks throughout the engine (and with 4 players, 32 kinds still
  // fit the 255 piece codes).
  if (ctx.program.kinds.size() >= kMaxPieceKinds)
    return ctx.error(s.pos, fmt::format("at most {} piece kinds are supported (the engine's sets of kinds are {}-bit "
                                        "masks)",
                                        kMaxPieceKinds, kMaxPieceKinds));
  KindDef k;
  k.name = name;
  long long v = 1;
  if (const Arg* a = ctx.named(s, "value"); a && ctx.number_value(a->value, "a piece value", -1000, 1000, v))
    k.value = static_cast<int>(v);
  if (const Arg* a = ctx.named(s, "symbol"))
    for (const Expr* c : choices(a->value)) {
      std::string symbol;
      if (ctx.symbol(*c, symbol)) k.symbols.push_back(symbol);
    }
  // `owner=PLAYER`: only that player has pieces of this kind; its one symbol is theirs.
  if (const Arg* a = ctx.named(s, "owner"); a && ctx.identifier(a->value, "a player")) {
    int owner = ctx.find_player(a->value.text);
    if (owner < 0) ctx.unknown_name(a->value, "player", ctx.player_names());
    else {
      k.owner = owner;
      if (k.symbols.size() == 1) {
        std::string sym = k.symbols[0];
        k.symbols.assign(owner + 1, "");
        k.symbols[owner] = sym;
      }
    }
  }
  if (const Arg* a = ctx.named(s, "capturable")) {
    if (a->value.kind == Expr::Kind::identifier && (a->value.text == "yes" || a->value.text == "no"))
      k.capturable = a->value.text == "yes";
    else ctx.error(a->value.pos, fmt::format("expected yes or no, found '{}'", to_string(a->value)));
  }
  ctx.program.kinds.push_back(std::move(k));
}

}  // namespace

extern constinit const StatementSpec piece_statement{
    "piece",
    Pass::declare,
    Key::first_argument,
    check_piece,
    "piece NAME [value=N] [symbol=A|B] [owner=PLAYER] [capturable=no]",
    "a kind of piece; value feeds the score and evaluation, symbol one per side"};

}  // namespace tabula
