// The rules-file parser: grammar, tree building, positions, error messages and recovery.
#include <catch2/catch.hpp>

#include <string>
#include <tao/pegtl/contrib/analyze.hpp>

#include "diag/source_file.hpp"
#include "golden.hpp"
#include "syntax/ast_print.hpp"
#include "syntax/grammar.hpp"
#include "syntax/parser.hpp"

using namespace tabula;

namespace {

struct Parsed {
  std::optional<RulesFile> file;
  Diagnostics diags;
};

Parsed parse(const std::string& text, const std::string& path = "test.rules") {
  Parsed out;
  out.file = parse_rules(SourceFile{path, text}, out.diags);
  return out;
}

// Parses text that must be valid.
RulesFile parse_ok(const std::string& text) {
  auto p = parse(text);
  INFO(testing::reported_diagnostics(p.diags).size()
       << " diagnostics, first: " << (p.diags.empty() ? "" : p.diags.items()[0].message));
  REQUIRE(p.file);
  REQUIRE(p.diags.empty());
  return *p.file;
}

// Fully parenthesized prefix form, to check the tree shape: (+ a (* b c)).
std::string tree(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::identifier: return e.text;
    case Expr::Kind::number: return std::to_string(e.number);
    case Expr::Kind::string: return "\"" + e.text + "\"";
    case Expr::Kind::call: {
      std::string s = "(call " + e.text;
      for (const auto& a : e.args) s += " " + tree(a);
      return s + ")";
    }
    case Expr::Kind::unary:
    case Expr::Kind::binary: {
      std::string s = "(" + e.text;
      for (const auto& a : e.args) s += " " + tree(a);
      return s + ")";
    }
    case Expr::Kind::range: return "(.. " + tree(e.args.at(0)) + " " + tree(e.args.at(1)) + ")";
    case Expr::Kind::alternatives: {
      std::string s = "(|";
      for (const auto& a : e.args) s += " " + tree(a);
      return s + ")";
    }
  }
  return "?";
}

// The tree of the expression `text`, parsed as the value of a named argument.
std::string expr_tree(const std::string& text) {
  auto f = parse_ok("k v=" + text + "\n");
  REQUIRE(f.statements.size() == 1);
  REQUIRE(f.statements[0].args.size() == 1);
  return tree(f.statements[0].args[0].value);
}

// "line:col: message" of every error, in order.
std::vector<std::string> errors(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const auto& x : d.items())
    if (x.severity == Severity::error)
      out.push_back(std::to_string(x.pos.line) + ":" + std::to_string(x.pos.column) + ": " + x.message);
  return out;
}

std::string src_path(const std::string& rel) { return std::string(TABULA_SOURCE_DIR) + "/" + rel; }

}  // namespace

TEST_CASE("the grammar has no PEGTL analysis issues", "[parser]") { CHECK(tao::pegtl::analyze<grammar::file>() == 0); }

TEST_CASE("parses rules/loa.rules", "[parser]") {
  std::string error;
  auto source = read_source_file(src_path("rules/loa.rules"), "rules", error);
  INFO(error);
  REQUIRE(source);
  Diagnostics diags;
  auto file = parse_rules(*source, diags);
  REQUIRE(diags.empty());
  REQUIRE(file);
  CHECK(file->path == source->path);

  std::vector<std::string> keywords;
  for (const auto& s : file->statements) keywords.push_back(s.keyword);
  CHECK(keywords == std::vector<std::string>{"game", "board", "player", "player", "piece", "setup", "move",
                                             "after-move", "no-move", "limit", "option", "notation"});
  const auto& st = file->statements;

  // game "Lines of Action"
  REQUIRE(st[0].args.size() == 1);
  CHECK(st[0].args[0].value.kind == Expr::Kind::string);
  CHECK(st[0].args[0].value.text == "Lines of Action");
  CHECK(st[0].pos.line == 2);
  CHECK(st[0].pos.column == 1);
  CHECK(st[0].args[0].pos.column == 6);
  CHECK(st[0].pos.file == source->path);

  // player black symbol=B        # Black moves first
  REQUIRE(st[2].args.size() == 2);
  CHECK(st[2].args[0].name.empty());
  CHECK(st[2].args[0].value.kind == Expr::Kind::identifier);
  CHECK(st[2].args[0].value.text == "black");
  CHECK(st[2].args[1].name == "symbol");
  CHECK(st[2].args[1].value.text == "B");
  CHECK(st[2].args[1].pos.line == 5);
  CHECK(st[2].args[1].pos.column == 14);
  CHECK(st[2].args[1].value.pos.column == 21);
  CHECK_FALSE(st[2].has_block);
  CHECK_FALSE(st[2].has_items);
  CHECK_FALSE(st[2].has_condition);

  // setup { black stone: b1..g1 b8..g8 / white stone: a2..a7 h2..h7 }
  const auto& setup = st[5];
  CHECK(setup.has_block);
  CHECK(setup.args.empty());
  REQUIRE(setup.block.size() == 2);
  const auto& black = setup.block[0];
  CHECK(black.keyword == "black");
  CHECK(black.pos.line == 11);
  CHECK(black.pos.column == 3);
  REQUIRE(black.args.size() == 1);
  CHECK(black.args[0].value.text == "stone");
  CHECK(black.has_items);
  REQUIRE(black.items.size() == 2);
  CHECK(tree(black.items[0].value) == "(.. b1 g1)");
  CHECK(tree(black.items[1].value) == "(.. b8 g8)");
  CHECK(black.items[1].pos.column == 23);
  CHECK(to_string(setup.block[1].items[1].value) == "h2..h7");

  // move stone { line dirs=all distance=count(line) over=friend land=empty|enemy }
  const auto& move = st[6];
  CHECK(move.args.at(0).value.text == "stone");
  REQUIRE(move.block.size() == 1);
  const auto& line = move.block[0];
  CHECK(line.keyword == "line");
  REQUIRE(line.args.size() == 4);
  CHECK(line.args[0].name == "dirs");
  CHECK(line.args[1].name == "distance");
  CHECK(line.args[1].value.kind == Expr::Kind::call);
  CHECK(line.args[1].value.text == "count");
  CHECK(to_string(line.args[1].value) == "count(line)");
  CHECK(line.args[1].value.pos.line == 19);
  CHECK(line.args[1].value.pos.column == 26);
  CHECK(line.args[2].name == "over");
  CHECK(line.args[3].name == "land");
  CHECK(line.args[3].value.kind == Expr::Kind::alternatives);
  CHECK(to_string(line.args[3].value) == "empty|enemy");

  // after-move { win mover if connected(mover) ... }
  const auto& after = st[7];
  REQUIRE(after.block.size() == 2);
  CHECK(after.block[0].keyword == "win");
  CHECK(after.block[0].args.at(0).value.text == "mover");
  CHECK(after.block[0].has_condition);
  CHECK(tree(after.block[0].condition) == "(call connected mover)");
  CHECK(after.block[0].condition.pos.line == 25);
  CHECK(after.block[0].condition.pos.column == 16);
  CHECK(to_string(after.block[1].condition) == "connected(opponent)");

  CHECK(st[8].args.at(0).value.text == "pass");
  CHECK(st[9].args.at(0).name == "plies");
  CHECK(st[9].args.at(0).value.kind == Expr::Kind::number);
  CHECK(st[9].args.at(0).value.number == 1000);
  CHECK(st[10].args.at(0).name == "repetition-draw");
  CHECK(st[10].args.at(0).value.text == "off");
  CHECK(st[11].args.at(0).value.kind == Expr::Kind::string);
  CHECK(st[11].args.at(0).value.text == "x");

  // The printed form parses back to the same tree.
  auto printed = dump(*file);
  auto again = parse_ok(printed);
  CHECK(dump(again) == printed);
}

TEST_CASE("operator precedence and associativity", "[parser]") {
  CHECK(expr_tree("a + b * c") == "(+ a (* b c))");
  CHECK(expr_tree("a * b + c") == "(+ (* a b) c)");
  CHECK(expr_tree("a - b - c") == "(- (- a b) c)");
  CHECK(expr_tree("a / b * c") == "(* (/ a b) c)");
  CHECK(expr_tree("(a + b) * c") == "(* (+ a b) c)");
  CHECK(expr_tree("-a * b") == "(* (- a) b)");
  CHECK(expr_tree("- - a") == "(- (- a))");
  CHECK(expr_tree("a < b + 1") == "(< a (+ b 1))");
  CHECK(expr_tree("a + 1 >= b") == "(>= (+ a 1) b)");
  CHECK(expr_tree("a == b and c != d") == "(and (== a b) (!= c d))");
  CHECK(expr_tree("a or b and c") == "(or a (and b c))");
  CHECK(expr_tree("a and b or c") == "(or (and a b) c)");
  CHECK(expr_tree("not a and b") == "(and (not a) b)");
  CHECK(expr_tree("not a == b") == "(not (== a b))");
  CHECK(expr_tree("not not a") == "(not (not a))");
  CHECK(expr_tree("a <= b") == "(<= a b)");
  CHECK(expr_tree("a > b") == "(> a b)");
  CHECK(expr_tree("f(a, b + 1, g())") == "(call f a (+ b 1) (call g))");
  CHECK(expr_tree("count(mover) > 1") == "(> (call count mover) 1)");
  // Identifiers may contain '-': with spaces it is a subtraction.
  CHECK(expr_tree("forward-left") == "forward-left");
  CHECK(expr_tree("a - b") == "(- a b)");
  CHECK(expr_tree("a -b") == "(- a b)");
  CHECK(expr_tree("3-2") == "(- 3 2)");
  // Words that merely start with a reserved word are identifiers.
  CHECK(expr_tree("android or nothing") == "(or android nothing)");
  CHECK(expr_tree("not-x") == "not-x");

  // Positions: a binary expression is at its left operand, a unary one at its operator.
  auto f = parse_ok("k v=(a + -b)\n");
  const auto& e = f.statements[0].args[0].value;
  CHECK(e.pos.column == 6);
  CHECK(e.args[1].pos.column == 10);
  CHECK(e.args[1].args[0].pos.column == 11);

  // Comparisons do not chain.
  auto p = parse("k v=a < b < c\n");
  CHECK_FALSE(p.file);
  CHECK(errors(p.diags) == std::vector<std::string>{"1:11: comparisons cannot be chained: write 'a < b and b < c'"});
}

TEST_CASE("positional expressions end where no operator follows", "[parser]") {
  auto f = parse_ok(
      "line dirs=all distance=count(line) over=friend land=empty|enemy\n"
      "win mover if connected(mover) and count(mover) > 1\n"
      "x a b + c d==e f = g\n");
  const auto& line = f.statements[0];
  REQUIRE(line.args.size() == 4);
  CHECK(line.args[0].name == "dirs");
  CHECK(line.args[3].name == "land");
  const auto& win = f.statements[1];
  REQUIRE(win.args.size() == 1);
  CHECK(tree(win.condition) == "(and (call connected mover) (> (call count mover) 1))");
  const auto& x = f.statements[2];
  REQUIRE(x.args.size() == 4);
  CHECK(tree(x.args[0].value) == "a");
  CHECK(tree(x.args[1].value) == "(+ b c)");
  CHECK(tree(x.args[2].value) == "(== d e)");
  CHECK(x.args[3].name == "f");
  CHECK(tree(x.args[3].value) == "g");
}

TEST_CASE("the first line of the LOA move parses as 1 positional and 4 named args", "[parser]") {
  auto f = parse_ok("line dirs=all distance=count(line) over=friend land=empty|enemy\n");
  // `line` is the keyword: `dirs=all` ... are its four named arguments.
  REQUIRE(f.statements[0].args.size() == 4);
  for (const auto& a : f.statements[0].args) CHECK_FALSE(a.name.empty());
  auto g = parse_ok("line forward dirs=all distance=count(line) over=friend land=empty|enemy\n");
  REQUIRE(g.statements[0].args.size() == 5);
  CHECK(g.statements[0].args[0].name.empty());
}

TEST_CASE("ranges and alternatives", "[parser]") {
  CHECK(expr_tree("b1..g1") == "(.. b1 g1)");
  CHECK(expr_tree("1..8") == "(.. 1 8)");
  CHECK(expr_tree("empty|enemy") == "(| empty enemy)");
  CHECK(expr_tree("a|b|c") == "(| a b c)");
  CHECK(expr_tree("a | b") == "(| a b)");
  CHECK(expr_tree("a1..a8|h1..h8") == "(| (.. a1 a8) (.. h1 h8))");
  CHECK(expr_tree("(a|b)|c") == "(| (| a b) c)");
  CHECK(expr_tree("x + a|b") == "(+ x (| a b))");
  CHECK(expr_tree("-1..3") == "(- (.. 1 3))");
  CHECK(expr_tree("f(x)..g(y)") == "(.. (call f x) (call g y))");
  CHECK(expr_tree("(1)..(2)") == "(.. 1 2)");

  auto f = parse_ok("k v=a1..a8|h1\n");
  const auto& alt = f.statements[0].args[0].value;
  CHECK(alt.kind == Expr::Kind::alternatives);
  CHECK(alt.pos.column == 5);
  CHECK(alt.args[0].kind == Expr::Kind::range);
  CHECK(alt.args[0].pos.column == 5);
  CHECK(alt.args[1].pos.column == 12);
  CHECK(to_string(alt) == "a1..a8|h1");
}

TEST_CASE("strings", "[parser]") {
  auto f = parse_ok(R"(k "a\"b\\c\nd\te" "" "# not a comment")"
                    "\n");
  REQUIRE(f.statements[0].args.size() == 3);
  CHECK(f.statements[0].args[0].value.text == "a\"b\\c\nd\te");
  CHECK(f.statements[0].args[1].value.text.empty());
  CHECK(f.statements[0].args[2].value.text == "# not a comment");
  CHECK(to_string(f.statements[0].args[0].value) == R"("a\"b\\c\nd\te")");
}

TEST_CASE("triple-quoted strings keep their text, minus one leading newline and the common indent", "[parser]") {
  auto f = parse_ok(
      "board diagram=\"\"\"\n"
      "    . x .\n"
      "      y \"quoted\" \\n\n"
      "\n"
      "    . . .\n"
      "    \"\"\" size=3\n"
      "next\n");
  REQUIRE(f.statements.size() == 2);
  const auto& s = f.statements[0];
  REQUIRE(s.args.size() == 2);
  CHECK(s.args[0].value.kind == Expr::Kind::string);
  CHECK(s.args[0].value.text == ". x .\n  y \"quoted\" \\n\n\n. . .\n");
  CHECK(s.args[1].name == "size");
  CHECK(s.args[1].pos.line == 6);
  CHECK(s.args[1].pos.column == 9);
  CHECK(f.statements[1].pos.line == 7);

  CHECK(parse_ok("k \"\"\"one line\"\"\"\n").statements[0].args[0].value.text == "one line");
  CHECK(parse_ok("k \"\"\"\"\"\"\n").statements[0].args[0].value.text.empty());
  // Only one leading newline is stripped; tabs are indentation too; CRLF becomes LF.
  CHECK(parse_ok("k \"\"\"\n\n\tab\n\t\tc\"\"\"\n").statements[0].args[0].value.text == "\nab\n\tc");
  CHECK(parse_ok("k \"\"\"\r\n  a\r\n  b\r\n\"\"\"\r\n").statements[0].args[0].value.text == "a\nb\n");
  // No common indent when a line starts at column 1.
  CHECK(parse_ok("k \"\"\"  a\nb\"\"\"\n").statements[0].args[0].value.text == "  a\nb");
}

TEST_CASE("a backslash at the end of a line continues the statement", "[parser]") {
  auto f = parse_ok(
      "win mover \\\n    if connected(mover) \\  \n    and count(mover) > 1\n"
      "line a=1 \\\r\n  b=2\n");
  REQUIRE(f.statements.size() == 2);
  CHECK(f.statements[0].has_condition);
  CHECK(tree(f.statements[0].condition) == "(and (call connected mover) (> (call count mover) 1))");
  CHECK(f.statements[0].condition.pos.line == 2);
  CHECK(f.statements[0].condition.pos.column == 8);
  REQUIRE(f.statements[1].args.size() == 2);
  CHECK(f.statements[1].args[1].pos.line == 5);
}

TEST_CASE("newlines and comments inside parentheses are whitespace", "[parser]") {
  auto f = parse_ok(
      "win x if (a and  # first\n"
      "          b) or f(1,\n"
      "                  2)\n"
      "next\n");
  REQUIRE(f.statements.size() == 2);
  CHECK(tree(f.statements[0].condition) == "(or (and a b) (call f 1 2))");
  // Outside parentheses a newline ends the statement.
  auto g = parse("k v=a +\nb\n");
  CHECK(errors(g.diags) == std::vector<std::string>{"1:8: expected an expression after '+'"});
}

TEST_CASE("semicolons separate statements, and a closing brace may follow one", "[parser]") {
  auto f = parse_ok(
      "a 1; b 2 ;c\n"
      "setup {\n"
      "  x; y }\n"
      "z {\n"
      "  w {\n"
      "    v\n"
      "  }}; u\n"
      ";;\n");
  std::vector<std::string> keywords;
  for (const auto& s : f.statements) keywords.push_back(s.keyword);
  CHECK(keywords == std::vector<std::string>{"a", "b", "c", "setup", "z", "u"});
  CHECK(f.statements[1].pos.column == 6);
  CHECK(f.statements[2].pos.column == 11);
  REQUIRE(f.statements[3].block.size() == 2);
  CHECK(f.statements[3].block[1].keyword == "y");
  REQUIRE(f.statements[4].block.size() == 1);
  CHECK(f.statements[4].block[0].block.at(0).keyword == "v");
}

TEST_CASE("nested blocks, conditions and items together", "[parser]") {
  auto f = parse_ok(
      "# header\n"
      "\n"
      "move stone if turn > 1: a b=c {   # trailing comment\n"
      "  step dir=forward-left {\n"
      "\n"
      "    # inner comment\n"
      "    capture if enemy\n"
      "  }\n"
      "  jump\n"
      "}\n"
      "end\n");
  REQUIRE(f.statements.size() == 2);
  const auto& m = f.statements[0];
  CHECK(m.pos.line == 3);
  CHECK(m.has_condition);
  CHECK(tree(m.condition) == "(> turn 1)");
  CHECK(m.has_items);
  REQUIRE(m.items.size() == 2);
  CHECK(m.items[1].name == "b");
  CHECK(m.has_block);
  REQUIRE(m.block.size() == 2);
  CHECK(m.block[0].args.at(0).value.text == "forward-left");
  REQUIRE(m.block[0].block.size() == 1);
  CHECK(m.block[0].block[0].keyword == "capture");
  CHECK(m.block[0].block[0].pos.line == 7);
  CHECK(m.block[0].block[0].pos.column == 5);
  CHECK(m.block[1].keyword == "jump");
  CHECK(f.statements[1].keyword == "end");

  // Empty items and empty blocks.
  auto g = parse_ok("a:\nb {\n}\n");
  CHECK(g.statements[0].has_items);
  CHECK(g.statements[0].items.empty());
  CHECK(g.statements[1].has_block);
  CHECK(g.statements[1].block.empty());
}

TEST_CASE("columns count UTF-8 characters and tabs are one column", "[parser]") {
  auto f = parse_ok("game \"Échecs ♞\" x\n\tplayer \"日本\" y=1\n");
  CHECK(f.statements[0].args[1].pos.column == 17);
  CHECK(f.statements[1].pos.column == 2);
  CHECK(f.statements[1].args[1].pos.column == 14);
  // A byte order mark is not a column.
  auto g = parse_ok("\xEF\xBB\xBFgame x\n");
  CHECK(g.statements[0].pos.column == 1);
  CHECK(g.statements[0].args[0].pos.column == 6);

  auto p = parse("game \"é♞\" @\n");
  CHECK(errors(p.diags) == std::vector<std::string>{"1:11: unexpected character '@'"});
}

TEST_CASE("error messages", "[parser]") {
  auto first_error = [](const std::string& text) {
    auto p = parse(text);
    CHECK_FALSE(p.file);
    auto e = errors(p.diags);
    REQUIRE(e.size() == 1);
    return e[0];
  };
  CHECK(first_error("line d=count(line over=friend\n") == "1:19: expected ')' to close the call to 'count'");
  CHECK(first_error("k v=(a + b\n") == "1:11: expected ')' to close the '(' opened at 1:5");
  CHECK(first_error("k v=f(a\n\n  # comment\n  b)\n") == "1:8: expected ')' to close the call to 'f'");
  CHECK(first_error("k v=f(a,)\n") == "1:9: expected an expression after ',' in the call to 'f'");
  CHECK(first_error("player black symbol=\n") == "1:21: expected an expression after '='");
  CHECK(first_error("player black symbol= # comment\n") == "1:22: expected an expression after '='");
  CHECK(first_error("123 x\n") == "1:1: expected a statement keyword such as 'piece' or 'move'");
  CHECK(first_error("if x\n") == "1:1: expected a statement keyword such as 'piece' or 'move'");
  CHECK(first_error("game \"Lines\n") == "1:6: unterminated string");
  CHECK(first_error("game \"Lines\\") == "1:6: unterminated string");
  CHECK(first_error("k \"\"\"\nabc\n") == "1:3: unterminated triple-quoted string (no closing \"\"\")");
  CHECK(first_error("k \"a\\qb\"\n") == "1:5: unknown escape sequence '\\q' (a string may use \\\" \\\\ \\n and \\t)");
  CHECK(first_error("setup {\n  a\n") ==
        "1:7: this block is never closed: expected '}' before the end of the file (line 3)");
  CHECK(first_error("piece @stone\n") == "1:7: unexpected character '@'");
  CHECK(first_error("@\n") == "1:1: unexpected character '@'");
  CHECK(first_error("k v=a b) c\n") == "1:8: unexpected character ')'");
  CHECK(first_error("k a : b if c\n") == "1:9: unexpected 'if'");
  CHECK(first_error("k v=1 + \n") == "1:9: expected an expression after '+'");
  CHECK(first_error("k v=1 * * 2\n") == "1:9: expected an expression after '*'");
  CHECK(first_error("k v=a <=\n") == "1:9: expected an expression after '<='");
  CHECK(first_error("k v=a and\n") == "1:10: expected an expression after 'and'");
  CHECK(first_error("k v=a or or\n") == "1:10: expected an expression after 'or'");
  CHECK(first_error("k v=not\n") == "1:8: expected an expression after 'not'");
  CHECK(first_error("k v=-\n") == "1:6: expected an expression after '-'");
  CHECK(first_error("k v=()\n") == "1:6: expected an expression after '('");
  CHECK(first_error("k v=a..\n") == "1:8: expected a value after '..'");
  CHECK(first_error("k v=a|\n") == "1:7: expected a value after '|'");
  CHECK(first_error("win x if\n") == "1:9: expected a condition after 'if'");
  CHECK(first_error("k {x\n}\n") ==
        "1:4: expected a line break after '{' (a block's statements start on the next line)");
  CHECK(first_error("k\n{\n}\n") == "2:1: '{' must be on the same line as the statement whose block it opens");
  CHECK(first_error("}\n") == "1:1: unexpected '}': no block is open");
  CHECK(first_error("k {\n} x\n") == "2:3: unexpected 'x' after '}'");
  CHECK(first_error("k 3x\n") == "1:4: unexpected 'x' after a number");
  CHECK(first_error("k 99999999999999999999\n") == "1:3: number '99999999999999999999' is too large");
  CHECK(first_error("k a \\ b\n") ==
        "1:5: expected a line break right after '\\' (a '\\' at the end of a line continues the statement)");
  CHECK(first_error("k \"a\" \x01\n") == "1:7: unexpected character U+0001");
  CHECK(first_error("k \xFF\n") == "1:3: unexpected byte 0xFF (not valid UTF-8)");
  CHECK(first_error("k é\n") == "1:3: unexpected character 'é'");
  CHECK(first_error("k v=\"a\"\"b\"\n") == "1:8: unexpected character '\"'");
}

TEST_CASE("error recovery reports every broken line once", "[parser]") {
  auto p = parse(
      "game \"Lines of Action\n"  // 1: unterminated string
      "player black symbol=\n"    // 2: missing value
      "piece stone\n"
      "setup {\n"
      "  black stone: b1..\n"  // 5: missing range end
      "  white stone: a2..a7\n"
      "}\n"
      "move stone {\n"
      "  line d=count(line @\n"  // 9: unclosed call
      "}\n"
      "after-move {\n"
      "  win mover if\n"  // 12: missing condition
      "}\n"
      "limit plies=1000\n");
  CHECK_FALSE(p.file);
  CHECK(errors(p.diags) == std::vector<std::string>{
                               "1:6: unterminated string",
                               "2:21: expected an expression after '='",
                               "5:20: expected a value after '..'",
                               "9:21: expected ')' to close the call to 'count'",
                               "12:15: expected a condition after 'if'",
                           });
}

TEST_CASE("recovery keeps track of braces on broken lines", "[parser]") {
  // The broken line opens a block: its '}' must not be reported as unexpected, and the
  // block's statements are still checked.
  auto p = parse(
      "move stone @ {\n"
      "  line x=\n"
      "}\n"
      "ok {\n"
      "  a @ }\n"           // the '}' on the broken line closes `ok`
      "b {}\n"              // '{' then '}' on one broken line
      "c \"{\" @ \"\"\"\n"  // braces in skipped strings do not count
      "{ not a brace\n"
      "\"\"\"\n"
      "d\n");
  CHECK(errors(p.diags) == std::vector<std::string>{
                               "1:12: unexpected character '@'",
                               "2:10: expected an expression after '='",
                               "5:5: unexpected character '@'",
                               "6:4: expected a line break after '{' (a block's statements start on the next line)",
                               "7:7: unexpected character '@'",
                           });
  // A '\' continuation of a broken line is skipped with it.
  auto q = parse("a @ \\\n  b c\nd @\n");
  CHECK(errors(q.diags) == std::vector<std::string>{"1:3: unexpected character '@'", "3:3: unexpected character '@'"});
}

TEST_CASE("unclosed blocks get one error each", "[parser]") {
  // Indented blocks: the block ends where the indentation returns to its level, and the
  // statements after it are read as they were written.
  auto p = parse("setup {\n  a\nmove x {\n  b\n}\n");
  CHECK(errors(p.diags) == std::vector<std::string>{"1:7: this block is never closed: expected '}' before line 3, "
                                                    "where the indentation returns to the block's level"});
  REQUIRE(p.file.has_value() == false);
  Diagnostics d;
  RulesFile tree = parse_rules_recovering(SourceFile{"t.rules", "setup {\n  a\nmove x {\n  b\n}\n"}, d);
  REQUIRE(tree.statements.size() == 2);
  CHECK(tree.statements[0].keyword == "setup");
  CHECK(tree.statements[0].block.size() == 1);
  CHECK(tree.statements[1].keyword == "move");
  CHECK(tree.broken.empty());
  // Not indented: no line tells where the block ends, so it is reported at the end, and what
  // it swallowed is not read.
  auto q = parse("setup {\na\nmove x {\nb\n}\n");
  CHECK(errors(q.diags) ==
        std::vector<std::string>{"1:7: this block is never closed: expected '}' before the end of the file (line 6)"});
  Diagnostics d2;
  RulesFile rest = parse_rules_recovering(SourceFile{"t.rules", "setup {\na\nmove x {\nb\n}\n"}, d2);
  CHECK(rest.statements.empty());
  REQUIRE(rest.broken.size() == 1);
  CHECK(rest.broken[0].first_line == 1);
  CHECK(rest.broken[0].last_line == 6);
}

TEST_CASE("a broken statement is listed with the names written on it", "[parser]") {
  Diagnostics d;
  RulesFile tree = parse_rules_recovering(
      SourceFile{"t.rules", "piece pawn\nmove pawn {\n  step dirs=(forward land=empty # a comment\n  step\n}\n"}, d);
  REQUIRE(d.error_count() == 1);
  REQUIRE(tree.broken.size() == 1);
  const BrokenStatement& b = tree.broken[0];
  CHECK(b.first_line == 3);
  CHECK(b.last_line == 3);
  CHECK(b.keyword == "step");
  CHECK(b.words == std::vector<std::string>{"dirs", "forward", "land", "empty"});
  REQUIRE(b.enclosing.size() == 1);
  CHECK(b.enclosing[0].line == 2);
  // What parsed is kept: the piece, and the move with its one good step.
  REQUIRE(tree.statements.size() == 2);
  CHECK(tree.statements[1].block.size() == 1);
}

TEST_CASE("never crashes or hangs", "[parser]") {
  SECTION("binary junk") {
    std::string junk;
    unsigned x = 12345;
    for (int i = 0; i < 100000; ++i) {
      x = x * 1103515245u + 12345u;
      junk += static_cast<char>(x >> 16);
    }
    auto p = parse(junk);
    CHECK_FALSE(p.file);
    CHECK(p.diags.error_count() == 100);  // reporting stops after 100 errors
    CHECK(p.diags.items().back().message == "too many errors; stopping after 100");
  }
  SECTION("NUL bytes") {
    auto p = parse(std::string("game \"a\0b\"\n\0\nx\n", 15));
    CHECK(errors(p.diags) == std::vector<std::string>{"2:1: unexpected character U+0000"});
  }
  SECTION("deep nesting") {
    auto p = parse("k v=" + std::string(100000, '(') + "1" + std::string(100000, ')') + "\n" +
                   "k v=" + std::string(100000, '-') + "1\n" + "k v=" + std::string(1000, '[') + "\n");
    auto e = errors(p.diags);
    REQUIRE(e.size() == 3);
    CHECK(e[0] == "1:68: expression nested too deeply (the limit is 64 levels)");
    CHECK(e[1] == "2:68: expression nested too deeply (the limit is 64 levels)");
    std::string ok = "k v=" + std::string(60, '(') + "1" + std::string(60, ')') + "\n";
    CHECK(parse(ok).file);
    std::string chain = "k v=1";
    for (int i = 0; i < 5000; ++i) chain += "+1";
    CHECK(errors(parse(chain + "\n").diags) ==
          std::vector<std::string>{"1:2004: expression too long or too deeply nested (the limit is 1000 levels)"});
    std::string blocks;
    for (int i = 0; i < 200; ++i) blocks += "b {\n";
    for (int i = 0; i < 200; ++i) blocks += "}\n";
    CHECK(errors(parse(blocks).diags) ==
          std::vector<std::string>{"65:3: blocks nested too deeply (the limit is 64 levels)"});
  }
  SECTION("empty and blank files") {
    CHECK(parse("").file->statements.empty());
    CHECK(parse("\n\n  # only a comment").file->statements.empty());
    CHECK(parse("k").file->statements.size() == 1);
    CHECK(parse("\"").diags.error_count() == 1);
    CHECK(parse("k \"").diags.error_count() == 1);
    CHECK(parse("k (").diags.error_count() == 1);
    CHECK(parse("k {").diags.error_count() == 1);
    CHECK(parse("k \\").diags.error_count() == 1);
  }
}

TEST_CASE("syntax golden files", "[parser]") {
  auto files = testing::golden_files("syntax", ".rules");
  REQUIRE(files.size() >= 10);
  for (const auto& path : files) {
    INFO(path.filename().string());
    std::string text = testing::read_text(path);
    Diagnostics diags;
    auto file = parse_rules(SourceFile{path.string(), text}, diags);
    auto expected = testing::expected_diagnostics(text);
    CHECK_FALSE(expected.empty());
    CHECK_FALSE(file);
    CHECK(testing::reported_diagnostics(diags) == expected);
    for (const auto& d : diags.items()) CHECK(d.pos.file == path.string());
  }
}
