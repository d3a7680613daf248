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
    forget_folds_from(ply);
}

void RecordBuilder::add_conditional_comment(int ply, rules::Color by, const std::string& text) {
    std::vector<std::string>& words = conditional_comments_[ply];
    for (std::string& w : comment_words(player_name(by) + "'s conditional move: " + text))
        words.push_back(std::move(w));
}

std::vector<std::pair<std::string, std::string>> RecordBuilder::final_tags(
    std::string& result) const {
    for (; scanned_ < rulings_.size(); ++scanned_) {
        const referee::Ruling& r = rulings_[scanned_];
        if (r.result) scanned_result_ = std::string(referee::result_text(*r.result));
        if (r.ending) termination_ = termination_of(r.request);
    }
    result = scanned_result_;
    std::vector<std::pair<std::string, std::string>> tags = tags_;
    if (termination_) {  // the last end outside the requests names it
        bool set = false;
        for (auto& [n, v] : tags)
            if (n == "Termination") v = termination_, set = true;
        if (!set) tags.emplace_back("Termination", termination_);
    }
    if (result != "*" && !salt_.empty()) {  // the game is over: reveal the salt
        bool set = false;
        for (auto& [n, v] : tags)
            if (n == "Salt") v = salt_, set = true;
        if (!set) tags.emplace_back("Salt", salt_);
    }
    return tags;
}

void RecordBuilder::add_commitment(int ply, std::string hex) {
    commitments_[ply] = std::move(hex);
    forget_folds_from(ply);
}

void RecordBuilder::forget_folds_from(int ply) {
    if (referee_fold_ && referee_fold_->ply >= ply) referee_fold_.reset();
    for (auto& f : player_folds_)
        if (f && f->ply >= ply) f.reset();
}

namespace {

// "[%commit N HEX]" for ply N's receipt, or empty.
std::string commit_text(const std::map<int, std::string>& commitments, int ply) {
    auto it = commitments.find(ply);
    return it == commitments.end() ? std::string()
                                   : "[%commit " + std::to_string(ply) + " " + it->second + "]";
}

}  // namespace

RecordBuilder::Fold RecordBuilder::start_referee_fold() const {
    Fold f;
    record::start_of(setup_, f.number, f.white);
    if (auto c = commit_text(commitments_, 0); !c.empty()) f.open.push_back(std::move(c));
    if (auto it = notes_.find(0); it != notes_.end())
        f.open.insert(f.open.end(), it->second.begin(), it->second.end());
    return f;
}

void RecordBuilder::fold_referee(Fold& f, bool over) const {
    const auto add_notes = [&](int at) {
        if (auto it = notes_.find(at); it != notes_.end())
            f.open.insert(f.open.end(), it->second.begin(), it->second.end());
    };
    // Conditional moves are told only once the game is over (add_conditional_comment).
    const auto add_conditional = [&](int at) {
        if (!over) return;
        if (auto it = conditional_comments_.find(at); it != conditional_comments_.end())
            f.open.insert(f.open.end(), it->second.begin(), it->second.end());
    };
    for (; f.rulings < rulings_.size(); ++f.rulings) {
        const referee::Ruling& r = rulings_[f.rulings];
        f.open.push_back(record::format_request(r));
        for (auto& a : record::format_announcements(r)) f.open.push_back(std::move(a));
        if (!r.move) continue;
        // Every move is followed by its comment, so a black move always gets `N...`; the
        // number and the move stay on one line.
        f.movetext.add(std::to_string(f.number) + (f.white ? ". " : "... ") + *r.move);
        if (auto c = commit_text(commitments_, ++f.ply); !c.empty()) f.open.push_back(std::move(c));
        add_notes(f.ply);
        add_conditional(f.ply);
        f.movetext.add_comment(f.open);
        f.open.clear();
        if (!f.white) ++f.number;
        f.white = !f.white;
    }
}

namespace {

// tags + the kept movetext + what `tail` (continued from it) adds, copied once.
std::string assemble(const std::string& tags, const record::LineWrapper& kept,
                     record::LineWrapper& tail) {
    const std::string end = tail.finish();
    std::string out;
    out.reserve(tags.size() + kept.text().size() + end.size());
    out += tags;
    out += kept.text();
    out += end;
    return out;
}

}  // namespace

std::string RecordBuilder::referee_record() const {
    std::string result;
    const auto tags = final_tags(result);
    if (result != "*") {  // over: rendered whole, conditional comments in
        referee_fold_.reset();
        Fold f = start_referee_fold();
        fold_referee(f, true);
        if (!f.open.empty()) f.movetext.add_comment(f.open);  // trailing requests (resign, ...)
        f.movetext.add(result);
        return record::write_tags(tags, setup_, result) + f.movetext.finish();
    }
    if (!referee_fold_) referee_fold_ = start_referee_fold();
    fold_referee(*referee_fold_, false);
    // The kept movetext is not copied to be finished: the rest goes on after it.
    const Fold& f = *referee_fold_;
    record::LineWrapper tail = f.movetext.continued();
    if (!f.open.empty()) tail.add_comment(f.open);  // trailing requests (resign, ...)
    tail.add(result);
    return assemble(record::write_tags(tags, setup_, result), f.movetext, tail);
}

RecordBuilder::Fold RecordBuilder::start_player_fold() const {
    Fold f;
    if (auto c = commit_text(commitments_, 0); !c.empty()) f.open.push_back(std::move(c));
    return f;
}

// The player record as pgn::player_record writes it from the referee record's replay
// (referee_record_verify.cpp), from the rulings and pictures in memory.
bool RecordBuilder::fold_player(Fold& f, rules::Color player) const {
    const int c = static_cast<int>(player);
    for (; f.rulings < rulings_.size(); ++f.rulings) {
        const referee::Ruling& r = rulings_[f.rulings];
        if (r.side == player && r.answer != referee::Answer::Error && !r.ending)
            f.open.push_back(record::format_request(r));
        for (const auto& a : r.told[c])
            f.open.push_back(record::format_announcement(record::side_word(player), a));
        if (r.move) {
            if (auto t = commit_text(commitments_, ++f.ply); !t.empty())
                f.open.push_back(std::move(t));
        }
        if (r.move || r.result) {
            if (!pictures_[f.rulings]) return false;
            if (!f.open.empty()) {  // the turn's comment ends with the player's picture
                f.open.push_back(record::format_view(player, (*pictures_[f.rulings])[c]));
                f.movetext.add_comment(f.open);
                f.open.clear();
            }
        }
    }
    return true;
}

std::optional<std::string> RecordBuilder::player_record(rules::Color player,
                                                        const referee::Game& now) const {
    auto& kept = player_folds_[static_cast<int>(player)];
    if (!kept) kept = start_player_fold();
    if (!fold_player(*kept, player)) {
        kept.reset();
        return std::nullopt;
    }
    // The kept movetext is not copied to be finished: the rest goes on after it.
    record::LineWrapper tail = kept->movetext.continued();
    if (!kept->open.empty()) {  // the turn in progress, with the picture of `now`
        std::vector<std::string> open = kept->open;
        open.push_back(record::format_view(player, now.view_text(player)));
        tail.add_comment(open);
    }
    std::string result;
    auto tags = final_tags(result);
    tags.emplace_back("View", player == rules::Color::White ? "White" : "Black");
    tail.add(result);
    return assemble(record::write_tags(tags, setup_, result), kept->movetext, tail);
}

}  // namespace ck::pgn
