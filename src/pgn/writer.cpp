// Canonical PGN export (contract in writer.hpp).
#include "pgn/writer.hpp"

#include <sstream>

#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace ck::pgn {
namespace {

constexpr std::size_t Columns = 80;
constexpr std::string_view Roster[] = {"Event", "Site",  "Date",  "Round",
                                       "White", "Black", "Result"};
constexpr std::string_view RosterDefault[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

// The game's result if it is a termination marker, else "*".
std::string result_of(const GameRecord& g) {
    bool ok = g.result == "1-0" || g.result == "0-1" || g.result == "1/2-1/2";
    return ok ? g.result : "*";
}

std::string escape(std::string_view v) {
    std::string out;
    for (char c : v) {
        if (c == '\\' || c == '"') out += '\\';
        out += c == '\n' || c == '\r' ? ' ' : c;
    }
    return out;
}

// Movetext tokens separated by single spaces, lines at most 80 columns; "(" is glued to the
// token after it and ")" to the token before it, as the export format writes them.
class Wrapper {
public:
    void token(std::string t) {
        if (!prefix_.empty()) {
            t = prefix_ + t;
            prefix_.clear();
        }
        tokens_.push_back(std::move(t));
    }
    void open() { prefix_ += '('; }
    void close() {
        if (!prefix_.empty()) {  // an empty variation
            prefix_.pop_back();
            return;
        }
        if (!tokens_.empty()) tokens_.back() += ')';
    }
    // A comment's words as tokens, so that long comments wrap too ('}' cannot be inside).
    void comment(std::string_view text) {
        std::vector<std::string> words;
        std::string w;
        for (char c : text) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                if (!w.empty()) words.push_back(std::move(w));
                w.clear();
            } else {
                w += c == '}' ? ')' : c;
            }
        }
        if (!w.empty()) words.push_back(std::move(w));
        if (words.empty()) return token("{}");
        words.front() = "{" + words.front();
        words.back() += "}";
        for (auto& x : words) token(std::move(x));
    }
    std::string text() const {
        std::string out;
        std::size_t col = 0;
        for (const auto& t : tokens_) {
            if (col > 0 && col + 1 + t.size() > Columns) {
                out += '\n';
                col = 0;
            } else if (col > 0) {
                out += ' ';
                ++col;
            }
            out += t;
            col += t.size();
        }
        return out;
    }

private:
    std::vector<std::string> tokens_;
    std::string prefix_;
};

void write_line(Wrapper& w, const std::vector<MoveNode>& line, rules::Position& pos) {
    bool number = true;  // a black move needs "N..." at the start and after an interruption
    int made = 0;
    for (const MoveNode& node : line) {
        for (const auto& c : node.comments_before) w.comment(c);
        std::string n = std::to_string(pos.fullmove_number());
        if (pos.side_to_move() == rules::Color::White) {
            w.token(n + ".");
        } else if (number || !node.comments_before.empty()) {
            w.token(n + "...");
        }
        w.token(rules::to_san(pos, node.move));
        for (int nag : node.nags) w.token("$" + std::to_string(nag));
        for (const auto& c : node.comments) w.comment(c);
        for (const auto& v : node.variations) {
            w.open();
            write_line(w, v, pos);
            w.close();
        }
        number = !node.comments.empty() || !node.variations.empty();
        pos.make_move(node.move);
        ++made;
    }
    for (int i = 0; i < made; ++i) pos.undo_move();
}

}  // namespace

void write_game(std::ostream& out, const GameRecord& game) {
    const rules::Variant& v =
        game.variant ? *game.variant : rules::variant_of(rules::VariantId::Chess);
    for (std::size_t i = 0; i < std::size(Roster); ++i) {
        std::string value(RosterDefault[i]);
        if (Roster[i] == "Result") {
            value = result_of(game);
        } else if (const std::string* t = game.tag(Roster[i])) {
            value = *t;
        }
        out << '[' << Roster[i] << " \"" << escape(value) << "\"]\n";
    }
    if (v.id != rules::VariantId::Chess) out << "[Variant \"" << v.pgn_name << "\"]\n";
    auto start =
        game.fen.empty()
            ? rules::Position::startpos(v)
            : rules::Position::from_fen(game.fen, v).value_or(rules::Position::startpos(v));
    std::string fen = start.fen();
    if (fen != rules::Position::startpos(v).fen()) {
        out << "[SetUp \"1\"]\n[FEN \"" << escape(fen) << "\"]\n";
    }
    for (const auto& [name, value] : game.tags) {
        bool skip = name == "Variant" || name == "SetUp" || name == "FEN";
        for (auto r : Roster) skip = skip || name == r;
        if (!skip) out << '[' << name << " \"" << escape(value) << "\"]\n";
    }
    out << '\n';
    Wrapper w;
    write_line(w, game.moves, start);
    w.token(result_of(game));
    out << w.text() << "\n\n";
}

std::string to_pgn(const GameRecord& game) {
    std::ostringstream out;
    write_game(out, game);
    return out.str();
}

}  // namespace ck::pgn
