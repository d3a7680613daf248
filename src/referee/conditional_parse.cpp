// The by-mail forms of conditional moves (docs/conditionals.md): `if COND then MOVES` and, in
// open play, the PGN form with move numbers and variations. Moves and try lists are read by
// rules/move_list.hpp, the reader of a turn's try list.
#include <algorithm>
#include <cctype>

#include "core/text.hpp"
#include "referee/conditional.hpp"
#include "rules/move_list.hpp"

namespace ck::referee {

std::string ConditionalError::message() const { return "\"" + line + "\": " + reason; }

namespace {

using Words = std::vector<std::string>;

core::Unexpected<ConditionalError> fail(std::string_view line, std::string reason) {
    return core::unexpected(ConditionalError{std::string(line), std::move(reason)});
}

bool is_square(std::string_view w) {
    return w.size() == 2 && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' && w[1] <= '8';
}

bool is_piece_word(std::string_view w) {
    return w == "pawn" || w == "knight" || w == "bishop" || w == "rook" || w == "queen" ||
           w == "piece";
}

// "two" .. "sixteen" and digits: how many pawn tries.
std::optional<int> read_count(std::string_view w) {
    static constexpr const char* Names[] = {
        "no",   "one", "two",    "three",  "four",     "five",     "six",     "seven",  "eight",
        "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"};
    for (int i = 0; i < 17; ++i)
        if (w == Names[i]) return i;
    if (!w.empty() && w.size() <= 2 &&
        std::all_of(w.begin(), w.end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::stoi(std::string(w));
    return std::nullopt;
}

// Reads one clause of a hidden condition from words[i...] (lower case, trailing '.' dropped);
// advances i past it.
class ClauseReader {
public:
    ClauseReader(const Words& w, std::size_t& i) : w_(w), i_(i) {}

    std::optional<Clause> read() {
        Clause c;
        skip("a") || skip("an");
        if (skip("nothing")) return c.kind = Clause::Kind::Nothing, c;
        if (skip("promotion") ||
            (peek("pawn") && peek_at(1, "was") && peek_at(2, "promoted") && (i_ += 3))) {
            c.kind = Clause::Kind::Promotion;
            return c;
        }
        if (skip("capture")) return capture(c);
        if (skip("check")) return check(c);
        if (skip("drop")) return drop(c);
        if (auto tries = pawn_tries()) return tries;
        // The referee's sentences: "Knight captured on e4", "Black dropped a knight".
        if (i_ < w_.size() && is_piece_word(w_[i_]) && peek_at(1, "captured")) {
            c.piece = w_[i_];
            i_ += 2;
            c.kind = Clause::Kind::Capture;
            if (skip("on")) {
                if (!square(c.square)) return std::nullopt;
            }
            return c;
        }
        return std::nullopt;
    }

private:
    bool peek(std::string_view w) const { return i_ < w_.size() && w_[i_] == w; }
    bool peek_at(std::size_t k, std::string_view w) const {
        return i_ + k < w_.size() && w_[i_ + k] == w;
    }
    bool skip(std::string_view w) { return peek(w) && (++i_, true); }
    bool square(std::string& out) {
        if (i_ >= w_.size() || !is_square(w_[i_])) return false;
        out = w_[i_++];
        return true;
    }

    std::optional<Clause> capture(Clause& c) {
        c.kind = Clause::Kind::Capture;
        if (skip("of")) {
            skip("a") || skip("an");
            if (i_ >= w_.size() || !is_piece_word(w_[i_])) return std::nullopt;
            c.piece = w_[i_++];
        }
        if (skip("on") && !square(c.square)) return std::nullopt;
        return c;
    }

    std::optional<Clause> check(Clause& c) {
        c.kind = Clause::Kind::Check;
        if (skip("by")) {
            skip("a");
            if (!skip("knight")) return std::nullopt;
            c.direction = "knight";
            return c;
        }
        if (!skip("on")) return c;
        skip("the");
        for (const char* d : {"vertical", "horizontal"})
            if (skip(d)) return c.direction = d, c;
        for (const char* d : {"long", "short"}) {
            if (skip(d) && skip("diagonal")) return c.direction = std::string(d) + "-diagonal", c;
            const std::string joined = std::string(d) + "-diagonal";
            if (skip(joined)) return c.direction = joined, c;
        }
        return std::nullopt;
    }

    std::optional<Clause> drop(Clause& c) {
        c.kind = Clause::Kind::Drop;
        skip("of");
        skip("a") || skip("an");
        if (i_ < w_.size() && is_piece_word(w_[i_]) && w_[i_] != "piece") c.piece = w_[i_++];
        return c;
    }

    std::optional<Clause> pawn_tries() {
        const std::size_t start = i_;
        Clause c;
        c.kind = Clause::Kind::PawnTries;
        std::optional<int> n;
        if (i_ < w_.size()) n = read_count(w_[i_]);
        if (n) ++i_;
        if (!skip("pawn")) return i_ = start, std::nullopt;
        if (skip("captures")) {  // cincinnati: "No pawn captures." / "Pawn captures are possible."
            if (n && *n != 0) return i_ = start, std::nullopt;
            if (!n && skip("are")) skip("possible");
            c.available = !n.has_value();
            return c;
        }
        if (!skip("tries") && !skip("try")) return i_ = start, std::nullopt;
        if (skip("from")) {  // rand: "Pawn tries from c4 and e4."
            if (n && *n != 1) return i_ = start, std::nullopt;
            std::vector<std::string> squares;
            std::string sq;
            while (square(sq)) {
                squares.push_back(sq);
                if (peek("and") && i_ + 1 < w_.size() && is_square(w_[i_ + 1])) ++i_;
            }
            if (squares.empty()) return i_ = start, std::nullopt;
            std::sort(squares.begin(), squares.end(),
                      [](const std::string& a, const std::string& b) {
                          return a[1] != b[1] ? a[1] < b[1]
                                              : a[0] < b[0];  // a1, b1, ..., h8 (docs/rulesets.md)
                      });
            squares.erase(std::unique(squares.begin(), squares.end()), squares.end());
            c.squares = std::move(squares);
            return c;
        }
        if (!n) return i_ = start, std::nullopt;
        if (*n == 0)
            c.none = true;
        else
            c.count = *n;
        return c;
    }

    const Words& w_;
    std::size_t& i_;
};

Condition sorted(Condition c) {
    std::stable_sort(c.clauses.begin(), c.clauses.end(), [](const Clause& a, const Clause& b) {
        return clause_text(a) < clause_text(b);
    });
    // "check and check" is "check".
    c.clauses.erase(std::unique(c.clauses.begin(), c.clauses.end(),
                                [](const Clause& a, const Clause& b) {
                                    return clause_text(a) == clause_text(b);
                                }),
                    c.clauses.end());
    return c;
}

core::Result<Condition, ConditionalError> read_hidden_condition(std::string_view line,
                                                                const Words& raw) {
    Words w;
    for (const std::string& r : raw) {
        std::string x = core::lower_ascii(r);
        while (x.size() > 1 && (x.back() == '.' || x.back() == '!')) x.pop_back();
        if (!x.empty()) w.push_back(x);
    }
    if (w.empty()) return fail(line, "no condition between `if` and `then`");
    Condition c;
    std::size_t i = 0;
    while (true) {
        const std::size_t at = i;
        ClauseReader reader(w, i);
        auto clause = reader.read();
        if (!clause) {
            std::string rest;
            for (std::size_t k = at; k < w.size(); ++k) rest += (k > at ? " " : "") + w[k];
            return fail(line, "cannot read the condition \"" + rest +
                                  "\" (see the conditions the referee announces in the help)");
        }
        c.clauses.push_back(std::move(*clause));
        if (i == w.size()) break;
        if (w[i] != "and") {
            std::string rest;
            for (std::size_t k = i; k < w.size(); ++k) rest += (k > i ? " " : "") + w[k];
            return fail(line, "cannot read \"" + rest + "\" in the condition");
        }
        ++i;
    }
    for (const Clause& a : c.clauses)
        if (a.kind == Clause::Kind::Nothing && c.clauses.size() > 1 &&
            std::any_of(c.clauses.begin(), c.clauses.end(), [](const Clause& b) {
                return b.kind != Clause::Kind::Nothing && b.kind != Clause::Kind::PawnTries;
            }))
            return fail(line,
                        "`nothing` cannot be combined with a capture, drop, check or "
                        "promotion");
    return sorted(std::move(c));
}

Clause move_clause(std::string move) {
    Clause c;
    c.kind = Clause::Kind::Move;
    c.move = std::move(move);
    return c;
}

// `if COND then MOVES [if COND then MOVES]...`
core::Result<ConditionalLine, ConditionalError> read_if_line(std::string_view line, bool hidden) {
    const Words words = rules::split_move_words(line);
    ConditionalLine out;
    out.source = std::string(line);
    std::size_t i = 0;
    while (i < words.size()) {
        if (core::lower_ascii(words[i]) != "if")
            return fail(line, "expected `if` at \"" + words[i] + "\"");
        ++i;
        Words cond, moves;
        while (i < words.size() && core::lower_ascii(words[i]) != "then")
            cond.push_back(words[i++]);
        if (i == words.size()) return fail(line, "`if` without `then`");
        ++i;
        while (i < words.size() && core::lower_ascii(words[i]) != "if") moves.push_back(words[i++]);
        if (moves.empty()) return fail(line, "no move after `then`");
        if (hidden) {
            auto when = read_hidden_condition(line, cond);
            if (!when) return core::unexpected(when.error());
            auto list = rules::read_move_list(moves);
            if (!list || list->number) {
                std::string bad;
                for (const std::string& m : moves)
                    if (!rules::read_move_word(m) && core::lower_ascii(m) != "any?" &&
                        core::lower_ascii(m) != "any")
                        bad = bad.empty() ? m : bad;
                return fail(line, bad.empty() ? "a move number has no place in a try list"
                                              : "\"" + bad + "\" is not a move");
            }
            out.steps.push_back(Step{std::move(*when), std::move(list->attempts)});
            continue;
        }
        if (cond.size() != 1 || !rules::read_move_word(cond[0])) {
            std::string text;
            for (const std::string& c : cond) text += (text.empty() ? "" : " ") + c;
            return fail(line, "\"" + text + "\" is not one move of your opponent's");
        }
        std::vector<std::string> seq{*rules::read_move_word(cond[0])};
        for (const std::string& m : moves) {
            auto move = rules::read_move_word(m);
            if (!move) return fail(line, "\"" + m + "\" is not a move");
            seq.push_back(std::move(*move));
        }
        if (seq.size() % 2 != 0)
            return fail(line, "the line ends with your opponent's move " + seq.back() +
                                  " and no reply of yours");
        for (std::size_t k = 0; k < seq.size(); k += 2)
            out.steps.push_back(Step{Condition{{move_clause(seq[k])}}, {seq[k + 1]}});
    }
    if (out.steps.empty()) return fail(line, "no condition");
    return out;
}

// ---- PGN form: "2...Nf6 3.e5 (2...d5 3.exd5 Qxd5 4.Nc3)" ----

struct PlyMove {
    int ply;
    std::string move;
};

int ply_of(const rules::MoveNumber& n) {
    return (n.number - 1) * 2 + (n.side == rules::Color::Black ? 1 : 0);
}

class PgnReader {
public:
    PgnReader(std::string_view line, Words words) : line_(line), w_(std::move(words)) {}

    core::Result<std::vector<std::vector<PlyMove>>, ConditionalError> read() {
        auto r = sequence({}, true);
        if (!r) return core::unexpected(r.error());
        if (i_ != w_.size()) return fail(line_, "a `)` without its `(`");
        return std::move(lines_);
    }
    bool numbered() const { return numbered_; }

private:
    // Reads moves until ')' or the end; `path` is the line before the first move read here.
    core::Result<void, ConditionalError> sequence(std::vector<PlyMove> path, bool top) {
        std::size_t own = 0;  // moves read in this sequence
        while (i_ < w_.size() && w_[i_] != ")") {
            if (w_[i_] == "(") {
                if (own == 0) return fail(line_, "a variation `(` before any move");
                ++i_;
                // The variation replaces the move at its numbered ply, or the last move.
                int at = path.back().ply;
                if (i_ < w_.size()) {
                    if (auto n = rules::read_move_number(w_[i_])) {
                        if (n->rest.empty() && i_ + 1 < w_.size() && rules::is_ellipsis(w_[i_ + 1]))
                            n->side = rules::Color::Black;
                        if (!numbered_)
                            return fail(line_, "a variation is numbered but the line is not");
                        at = ply_of(*n);
                    }
                }
                if (at < path.front().ply || at > path.back().ply)
                    return fail(line_, "the variation starting \"" + w_[i_] +
                                           "\" does not branch from a move of the line before it");
                std::vector<PlyMove> prefix;
                for (const PlyMove& m : path)
                    if (m.ply < at) prefix.push_back(m);
                expected_ = at;
                auto r = sequence(std::move(prefix), false);
                if (!r) return r;
                if (i_ == w_.size()) return fail(line_, "a `(` without its `)`");
                ++i_;
                expected_ = path.back().ply + 1;
                continue;
            }
            auto m = next_move(path.empty());
            if (!m) return core::unexpected(m.error());
            path.push_back(std::move(*m));
            ++own;
        }
        if (!top && i_ == w_.size()) return fail(line_, "a `(` without its `)`");
        if (own == 0) return fail(line_, "an empty variation");
        lines_.push_back(std::move(path));
        return {};
    }

    core::Result<PlyMove, ConditionalError> next_move(bool first) {
        std::string token = w_[i_++];
        if (auto n = rules::read_move_number(token)) {
            if (n->rest.empty() && i_ < w_.size() && rules::is_ellipsis(w_[i_])) {
                n->side = rules::Color::Black;  // "2. ... Nf6"
                ++i_;
            }
            const int ply = ply_of(*n);
            if (first && lines_.empty() && !numbered_) {
                numbered_ = true;
                expected_ = ply;
            } else if (!numbered_) {
                return fail(line_, "a move number in a line whose first move has none");
            } else if (ply != expected_ && !(n->side == rules::Color::White &&
                                             ply + 1 == expected_ && n->rest.empty())) {
                return fail(line_, "move number \"" + token + "\" where move " +
                                       std::to_string(expected_ / 2 + 1) +
                                       (expected_ % 2 ? "..." : ".") + " was due");
            }
            if (!n->rest.empty()) {
                token = n->rest;
            } else {
                if (i_ >= w_.size()) return fail(line_, "a move number without a move");
                token = w_[i_++];
            }
        }
        auto move = rules::read_move_word(token);
        if (!move) return fail(line_, "\"" + token + "\" is not a move");
        PlyMove out{expected_, std::move(*move)};
        ++expected_;
        return out;
    }

    std::string_view line_;
    Words w_;
    std::size_t i_ = 0;
    bool numbered_ = false;
    int expected_ = 0;
    std::vector<std::vector<PlyMove>> lines_;
};

core::Result<std::vector<ConditionalLine>, ConditionalError> read_pgn_line(std::string_view line) {
    std::string spaced;
    for (char c : line) {
        if (c == '(' || c == ')') {
            spaced += ' ';
            spaced += c;
            spaced += ' ';
        } else {
            spaced += c;
        }
    }
    Words words = rules::split_move_words(spaced);
    while (!words.empty() && (words.back() == "*")) words.pop_back();
    PgnReader reader(line, std::move(words));
    auto lines = reader.read();
    if (!lines) return core::unexpected(lines.error());
    std::vector<ConditionalLine> out;
    for (const std::vector<PlyMove>& path : *lines) {
        if (path.size() % 2 != 0)
            return fail(line, "the line ending " + path.back().move +
                                  " ends with your opponent's move and no reply of yours");
        ConditionalLine l;
        l.source = std::string(line);
        if (reader.numbered()) l.first_ply = path.front().ply;
        for (std::size_t k = 0; k < path.size(); k += 2)
            l.steps.push_back(Step{Condition{{move_clause(path[k].move)}}, {path[k + 1].move}});
        out.push_back(std::move(l));
    }
    return out;
}

}  // namespace

core::Result<std::vector<ConditionalLine>, ConditionalError> parse_conditionals(
    std::string_view text, bool hidden) {
    std::vector<ConditionalLine> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string line = core::trim_ascii(text.substr(start, end - start));
        start = end + 1;
        if (line.empty()) continue;
        const Words first = rules::split_move_words(line);
        if (core::lower_ascii(first.front()) == "if") {
            auto l = read_if_line(line, hidden);
            if (!l) return core::unexpected(l.error());
            out.push_back(std::move(*l));
        } else if (hidden) {
            return fail(line,
                        "a conditional line in a hidden game starts with `if` (the PGN "
                        "form is for open games)");
        } else {
            auto ls = read_pgn_line(line);
            if (!ls) return core::unexpected(ls.error());
            for (ConditionalLine& l : *ls) out.push_back(std::move(l));
        }
    }
    return out;
}

std::string clause_text(const Clause& c) {
    using K = Clause::Kind;
    switch (c.kind) {
        case K::Move:
            return c.move;
        case K::Capture: {
            std::string s = "capture";
            if (!c.piece.empty()) s += " of a " + c.piece;
            if (!c.square.empty()) s += " on " + c.square;
            return s;
        }
        case K::Check:
            if (c.direction.empty()) return "check";
            if (c.direction == "knight") return "check by a knight";
            {
                std::string d = c.direction;
                std::replace(d.begin(), d.end(), '-', ' ');
                return "check on the " + d;
            }
        case K::Drop:
            return c.piece.empty() ? "drop" : "drop of a " + c.piece;
        case K::PawnTries:
            if (c.none) return "no pawn tries";
            if (c.count)
                return *c.count == 1 ? "one pawn try" : std::to_string(*c.count) + " pawn tries";
            if (c.available) return *c.available ? "pawn captures" : "no pawn captures";
            if (c.squares) {
                std::string s = c.squares->size() == 1 ? "a pawn try from " : "pawn tries from ";
                for (std::size_t i = 0; i < c.squares->size(); ++i)
                    s += (i ? " and " : "") + (*c.squares)[i];
                return s;
            }
            return "no pawn tries";
        case K::Promotion:
            return "promotion";
        case K::Nothing:
            return "nothing";
    }
    return {};
}

std::string condition_text(const Condition& c) {
    std::string s;
    for (const Clause& clause : c.clauses) s += (s.empty() ? "" : " and ") + clause_text(clause);
    return s;
}

std::string reply_text(const std::vector<std::string>& reply, bool hidden) {
    std::string s;
    for (const std::string& m : reply) s += (s.empty() ? "" : hidden ? ", " : " ") + m;
    return s;
}

}  // namespace ck::referee
