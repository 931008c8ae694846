#include "program/program.hpp"

#include <algorithm>
#include <atomic>
#include <random>

namespace tabula {

uint64_t next_program_serial() {
  static std::atomic<uint64_t> serial{0};
  return ++serial;
}

std::string Program::symbol(uint8_t code) const {
  if (code == 0) return "-";
  const KindDef& k = kinds[kind(code)];
  int p = owner(code);
  if (p < static_cast<int>(k.symbols.size()) && !k.symbols[p].empty()) return k.symbols[p];
  return players[p].symbol;
}

namespace {

void build_code_tables(Program& p) {
  p.code_owner.assign(256, -1);
  p.code_kind_bit.assign(256, 0);
  if (p.kind_count() == 0) return;
  for (int code = 1; code < 256; ++code) {
    int owner = (code - 1) / p.kind_count();
    p.code_owner[code] = static_cast<int8_t>(std::min(owner, 127));
    p.code_kind_bit[code] = 1u << (((code - 1) % p.kind_count()) & 31);
  }
}

// The first promotion (in rule order) for each piece code on each cell.
void build_promotion_table(Program& p) {
  p.promotion_table.clear();
  if (p.promotions.empty() || p.kind_count() == 0) return;
  p.promotion_table.assign(static_cast<size_t>(256) * p.cells, 0);
  for (int pl = 0; pl < p.player_count(); ++pl)
    for (int k = 0; k < p.kind_count(); ++k) {
      uint8_t code = p.piece_code(pl, k);
      for (int c = 0; c < p.cells; ++c)
        for (size_t i = 0; i < p.promotions.size(); ++i) {
          const Promotion& pr = p.promotions[i];
          if ((pr.from_kinds & (1u << k)) && p.in_zone(pr.zone, pl, c)) {
            p.promotion_table[static_cast<size_t>(code) * p.cells + c] = static_cast<uint8_t>(i + 1);
            break;
          }
        }
    }
}

void build_hash_keys(Program& p) {
  std::mt19937_64 rng(0x7AB01AULL);
  HashKeys& k = p.keys;
  k.cell.resize(static_cast<size_t>(p.cells) * 256);
  for (auto& z : k.cell) z = rng();
  k.seat.resize(std::max(1, p.seat_count()));
  for (auto& z : k.seat) z = rng();
  k.step.resize(3 * 256);
  for (auto& z : k.step) z = rng();
  k.column.clear();
  if (p.stacking) {
    k.column.resize(static_cast<size_t>(p.cells) * Program::kMaxStack * 64);
    for (auto& z : k.column) z = rng();
  }
}

}  // namespace

void finish_program(Program& p) {
  build_code_tables(p);
  build_promotion_table(p);
  build_hash_keys(p);
}

}  // namespace tabula
