#pragma once
// A solve split over machines: each shard solves some of the root's moves (`solve --shard
// I/N --out FILE`: the moves k with k % N == I) and writes them with their proven bounds;
// `solve --combine FILE...` joins the shards into one result. The files name the rules (their
// hash) and the position, so shards of other rules, of another position, of another split,
// a shard twice or one missing are refused with what is wrong.
#include <string>
#include <vector>

#include "solve/solver.hpp"
#include "studies/study.hpp"

namespace tabula::cli {

// The shard file's one JSON object (docs/SOLVING.md, "Beyond one machine").
std::string shard_text(const Solution& sol, const RulesIdentity& rules, const State& root, int index, int count);
// The shards' moves joined: the root's value where every move is known (else bounds), the
// nodes and seconds summed; no line of best play (the shards keep no table). A move the
// root's shards left unknown is settled by shards of the position it leads to (`solve
// --moves M --shard I/N --out FILE`: the subtree split again), to any depth.
Solution combine_shards(const std::vector<std::string>& files, const State& root, const RulesIdentity& rules);

}  // namespace tabula::cli
