// RecordBuilder: the referee record of a game as it is played (format in referee_record.hpp).
#include "pgn/referee_record.hpp"

#include <sstream>

#include "pgn/referee_record_format.hpp"
#include "pgn/referee_record_tags.hpp"

namespace ck::pgn {

RecordBuilder::RecordBuilder(referee::GameSetup setup) : setup_(std::move(setup)) {}

void RecordBuilder::set_tag(const std::string& name, const std::string& value) {
    for (auto& [n, v] : tags_) {
        if (n == name) {
            v = value;
            return;
        }
    }
    tags_.emplace_back(name, value);
}

void RecordBuilder::add(const referee::Ruling& ruling) {
    rulings_.push_back(ruling);
    if (ruling.move) ++plies_;
    pictures_.emplace_back();
}

void RecordBuilder::add(const referee::Ruling& ruling, const referee::Game& after) {
    if (!ruling.move && !ruling.result) return add(ruling);
    add(ruling, {after.view_text(rules::Color::White), after.view_text(rules::Color::Black)});
}

void RecordBuilder::add(const referee::Ruling& ruling, std::array<std::string, 2> pictures) {
    rulings_.push_back(ruling);
    if (ruling.move) ++plies_;
    pictures_.emplace_back(std::move(pictures));
}

int RecordBuilder::plies() const { return plies_; }

const std::string* RecordBuilder::tag(const std::string& name) const {
    for (const auto& [n, v] : tags_)
        if (n == name) return &v;
    return nullptr;
}

namespace {

// PGN standard 9.8.1 words for an end outside the requests ([%end ... REASON]).
const char* termination_of(const std::string& reason) {
    if (reason == "forfeit") return "time forfeit";
    if (reason == "adjudication") return "adjudication";
    return "normal";  // agreement, resignation
}

}  // namespace

namespace {

// Free text for a comment: braces become parentheses, "[%" loses its '%' and line breaks
// become " / ", so the text can never be read as an annotation or end the comment; split
// into words.
std::vector<std::string> comment_words(const std::string& text) {
    std::string clean;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '{') {
            clean += '(';
        } else if (c == '}') {
            clean += ')';
        } else if (c == '%' && !clean.empty() && clean.back() == '[') {
            continue;
        } else if (c == '\n' || c == '\r' || c == '\t') {
            if (c == '\n')
                clean += " / ";
            else
                clean += ' ';
        } else {
            clean += c;
        }
    }
    std::vector<std::string> words;
    std::istringstream in(clean);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

}  // namespace

std::string RecordBuilder::player_name(rules::Color by) const {
    const std::string* name = tag(by == rules::Color::White ? "White" : "Black");
    return name && !name->empty() && *name != "?"
               ? *name
               : std::string(by == rules::Color::White ? "White" : "Black");
}

void RecordBuilder::add_note(int ply, rules::Color by, const std::string& text) {
    std::vector<std::string>& words = notes_[ply];
    for (std::string& w : comment_words(player_name(by) + " writes: " + text))
        words.push_back(std::move(w));
}

void RecordBuilder::add_conditional_comment(int ply, rules::Color by, const std::string& text) {
    std::vector<std::string>& words = conditional_comments_[ply];
    for (std::string& w : comment_words(player_name(by) + "'s conditional move: " + text))
        words.push_back(std::move(w));
}

std::vector<std::pair<std::string, std::string>> RecordBuilder::final_tags(
    std::string& result) const {
    result = "*";
    std::vector<std::pair<std::string, std::string>> tags = tags_;
    for (const auto& r : rulings_) {
        if (r.result) result = *r.result;
        if (!r.ending) continue;
        bool set = false;
        for (auto& [n, v] : tags)
            if (n == "Termination") v = termination_of(r.request), set = true;
        if (!set) tags.emplace_back("Termination", termination_of(r.request));
    }
    if (result != "*" && !salt_.empty()) {  // the game is over: reveal the salt
        bool set = false;
        for (auto& [n, v] : tags)
            if (n == "Salt") v = salt_, set = true;
        if (!set) tags.emplace_back("Salt", salt_);
    }
    return tags;
}

std::string RecordBuilder::referee_record() const {
    std::string result;
    const auto tags = final_tags(result);
    auto commit = [&](int ply) -> std::string {
        auto it = commitments_.find(ply);
        return it == commitments_.end()
                   ? std::string()
                   : "[%commit " + std::to_string(ply) + " " + it->second + "]";
    };
    int ply = 0;

    int number = 1;
    bool white = true;
    record::start_of(setup_, number, white);
    record::LineWrapper movetext;
    std::vector<std::string> pending;  // annotations of the turn not yet ended by a move
    if (auto c = commit(0); !c.empty()) pending.push_back(std::move(c));
    const auto add_notes = [&](int at) {
        if (auto it = notes_.find(at); it != notes_.end())
            pending.insert(pending.end(), it->second.begin(), it->second.end());
    };
    add_notes(0);
    // Conditional moves are told only once the game is over (add_conditional_comment).
    const auto add_conditional = [&](int at) {
        if (result == "*") return;
        if (auto it = conditional_comments_.find(at); it != conditional_comments_.end())
            pending.insert(pending.end(), it->second.begin(), it->second.end());
    };
    for (const auto& r : rulings_) {
        pending.push_back(record::format_request(r));
        for (auto& a : record::format_announcements(r)) pending.push_back(std::move(a));
        if (!r.move) continue;
        // Every move is followed by its comment, so a black move always gets `N...`; the
        // number and the move stay on one line.
        movetext.add(std::to_string(number) + (white ? ". " : "... ") + *r.move);
        if (auto c = commit(++ply); !c.empty()) pending.push_back(std::move(c));
        add_notes(ply);
        add_conditional(ply);
        movetext.add_comment(pending);
        pending.clear();
        if (!white) ++number;
        white = !white;
    }
    if (!pending.empty()) movetext.add_comment(pending);  // trailing requests (resign, ...)
    movetext.add(result);
    return record::write_tags(tags, setup_, result) + movetext.finish();
}

// The player record as pgn::player_record writes it from the referee record's replay
// (referee_record_verify.cpp), from the rulings and pictures in memory.
std::optional<std::string> RecordBuilder::player_record(rules::Color player,
                                                        const referee::Game& now) const {
    const int c = static_cast<int>(player);
    record::LineWrapper movetext;
    std::vector<std::string> turn;
    int ply = 0;
    const auto commit = [&](int n) {
        if (auto it = commitments_.find(n); it != commitments_.end())
            turn.push_back("[%commit " + std::to_string(n) + " " + it->second + "]");
    };
    const auto end_turn = [&](const std::string& picture) {
        if (turn.empty()) return;
        turn.push_back(record::format_view(player, picture));
        movetext.add_comment(turn);
        turn.clear();
    };
    commit(0);
    for (std::size_t i = 0; i < rulings_.size(); ++i) {
        const referee::Ruling& r = rulings_[i];
        if (r.side == player && r.answer != referee::Answer::Error && !r.ending)
            turn.push_back(record::format_request(r));
        for (const auto& a : r.told[c])
            turn.push_back(record::format_announcement(record::side_word(player), a));
        if (r.move) commit(++ply);
        if (r.move || r.result) {
            if (!pictures_[i]) return std::nullopt;
            end_turn((*pictures_[i])[c]);
        }
    }
    end_turn(now.view_text(player));
    std::string result;
    auto tags = final_tags(result);
    tags.emplace_back("View", player == rules::Color::White ? "White" : "Black");
    movetext.add(result);
    return record::write_tags(tags, setup_, result) + movetext.finish();
}

}  // namespace ck::pgn
