#include "solve/table_file.hpp"

#include <fmt/format.h>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "util/json_value.hpp"

namespace tabula {
namespace {

constexpr const char* kMagic = "tabula-solver-table 1";
constexpr size_t kEntryBytes = 28;

void put(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
uint64_t get(const unsigned char* in, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t{in[i]} << (8 * i);
  return v;
}

uint64_t fnv1a(const std::string& bytes, size_t from) {
  uint64_t h = 0xCBF29CE484222325ULL;
  for (size_t i = from; i < bytes.size(); ++i) h = (h ^ static_cast<unsigned char>(bytes[i])) * 0x100000001B3ULL;
  return h;
}

}  // namespace

void write_solver_table(const std::string& path, const SolverTable& table, const std::string& rules_hash,
                        const std::string& game, const std::string& symmetries) {
  std::string body;
  const auto entries = table.entries();
  body.reserve(entries.size() * kEntryBytes);
  for (const auto& e : entries) {
    put(body, e.key, 8), put(body, e.check, 8);
    put(body, static_cast<uint32_t>(e.lower), 4), put(body, static_cast<uint32_t>(e.upper), 4);
    put(body, e.best_move, 2), put(body, e.work, 1), put(body, e.spare, 1);
  }
  Json head = {{"rules", rules_hash},
               {"game", game},
               {"symmetries", symmetries},
               {"entries", entries.size()},
               {"checksum", fmt::format("{:016x}", fnv1a(body, 0))}};
  const std::string temporary = path + ".writing";
  {
    std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
    f << kMagic << "\n" << head.dump() << "\n";
    f.write(body.data(), static_cast<std::streamsize>(body.size()));
    if (!f.flush()) throw TableFileError(fmt::format("{}: cannot write the solver's table", temporary));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    throw TableFileError(fmt::format("{}: cannot replace it with the solver's new table", path));
}

size_t read_solver_table(const std::string& path, SolverTable& table, const std::string& rules_hash,
                         const std::string& symmetries, ValueBounds unknown) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw TableFileError(fmt::format("{}: cannot open the solver's table", path));
  std::string magic, head_line;
  if (!std::getline(f, magic) || magic != kMagic)
    throw TableFileError(fmt::format("{}: not a solver's table (its first line is not '{}')", path, kMagic));
  if (!std::getline(f, head_line) || head_line.size() > 4096)
    throw TableFileError(fmt::format("{}:2: the table's header line is missing", path));
  Json head = Json::parse(head_line, nullptr, false);
  if (head.is_discarded() || !head.is_object() || !head.contains("rules") || !head["rules"].is_string() ||
      !head.contains("entries") || !head["entries"].is_number_unsigned() || !head.contains("checksum") ||
      !head["checksum"].is_string())
    throw TableFileError(
        fmt::format("{}:2: the table's header is not {{\"rules\":HASH,\"entries\":N,\"checksum\":HEX}}", path));
  if (head["rules"].get<std::string>() != rules_hash)
    throw TableFileError(fmt::format("{}: the table was proven for other rules (hash {}, these are {})", path,
                                     head["rules"].get<std::string>(), rules_hash));
  // Positions are filed under the least key of their images: a table kept with other
  // symmetries files them under other keys. A table from before symmetries used none.
  const std::string kept =
      head.contains("symmetries") && head["symmetries"].is_string() ? head["symmetries"].get<std::string>() : "none";
  if (kept != symmetries)
    throw TableFileError(fmt::format(
        "{}: the table was kept with the symmetries '{}', and this solve uses '{}' (its positions are filed under "
        "other keys); resume with the same rules and options",
        path, kept, symmetries));
  std::ostringstream rest;
  rest << f.rdbuf();
  const std::string body = rest.str();
  const uint64_t count = head["entries"].get<uint64_t>();
  if (count > body.size() / kEntryBytes || body.size() != count * kEntryBytes)
    throw TableFileError(
        fmt::format("{}: the header says {} entries ({} bytes) but {} bytes follow: the file was cut "
                    "or changed",
                    path, count, count * kEntryBytes, body.size()));
  if (fmt::format("{:016x}", fnv1a(body, 0)) != head["checksum"].get<std::string>())
    throw TableFileError(
        fmt::format("{}: the entries' checksum does not match the header: the file was changed", path));
  const auto* bytes = reinterpret_cast<const unsigned char*>(body.data());
  for (uint64_t i = 0; i < count; ++i) {
    const unsigned char* at = bytes + i * kEntryBytes;
    SolverTable::Entry e;
    e.key = get(at, 8), e.check = get(at + 8, 8);
    e.lower = static_cast<int32_t>(static_cast<uint32_t>(get(at + 16, 4)));
    e.upper = static_cast<int32_t>(static_cast<uint32_t>(get(at + 20, 4)));
    e.best_move = static_cast<uint16_t>(get(at + 24, 2));
    e.work = static_cast<uint8_t>(get(at + 26, 1)), e.spare = static_cast<uint8_t>(get(at + 27, 1));
    if (e.work == 0 || e.lower > e.upper || e.lower < unknown.lower || e.upper > unknown.upper)
      throw TableFileError(
          fmt::format("{}: entry {} holds bounds no solve writes ({} to {})", path, i, e.lower, e.upper));
    table.add(e);
  }
  return count;
}

}  // namespace tabula
