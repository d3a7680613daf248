// The stored challenges (challenge_book.hpp).
#include "league/challenge_book.hpp"

#include <algorithm>
#include <sstream>

#include "league/record_error.hpp"
#include "referee/rule_set.hpp"

namespace ck::league {

std::uint64_t parse_challenge_id(const std::string& s) {
    const std::string digits = s.rfind('#', 0) == 0 ? s.substr(1) : s;
    if (digits.empty() || digits.size() > 18 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        return 0;
    return std::stoull(digits);
}

std::string hidden_word(const Challenge& c) {
    return c.rules == referee::RuleSet::CrazyKrieg
               ? "hidden"
               : "hidden:" + std::string(referee::rule_set_name(c.rules));
}

namespace {

std::string challenge_line(const Challenge& c) {
    return std::to_string(c.id) + " " + c.challenger + " " + c.challenged + " " + c.variant +
           (c.hidden ? " " + hidden_word(c) + " " : " open ") + c.time + " " +
           core::format_iso8601(c.created) + (c.casual ? " casual" : "") + "\n";
}

core::Result<Challenge, std::string> parse_challenge_line(const std::string& line) {
    std::istringstream f(line);
    Challenge c;
    std::string id, hidden, created, extra;
    f >> id >> c.challenger >> c.challenged >> c.variant >> hidden >> c.time >> created;
    if (hidden.rfind("hidden:", 0) == 0) {  // hidden under a rule set other than the default
        auto rs = referee::find_rule_set(hidden.substr(7));
        if (!rs) return core::unexpected("unknown rule set in " + hidden);
        c.rules = *rs;
        hidden = "hidden";
    }
    if (!f || parse_challenge_id(id) == 0 || (hidden != "hidden" && hidden != "open"))
        return core::unexpected(
            std::string("expected ID FROM TO VARIANT hidden[:RULES]|open TIME CREATED [casual]"));
    // `casual` (README "Ratings"): an unrated game; a line without it (written before ratings)
    // is a challenge to a game under the club's default.
    if (f >> extra) {
        if (extra != "casual" || (f >> extra))
            return core::unexpected("unexpected '" + extra + "'");
        c.casual = true;
    }
    auto at = core::parse_iso8601(created);
    if (!at) return core::unexpected("bad time " + created);
    c.id = parse_challenge_id(id);
    c.hidden = hidden == "hidden";
    c.created = *at;
    return c;
}

constexpr const char* NextChallengeKey = "next-challenge";

}  // namespace

std::string ChallengeCodec::encode(const Challenge& c) { return challenge_line(c); }

core::Result<Challenge, std::string> ChallengeCodec::decode(std::string_view body) {
    if (body.empty() || body.back() != '\n' || body.find('\n') + 1 != body.size())
        return core::unexpected(std::string("expected one line"));
    return parse_challenge_line(std::string(body.substr(0, body.size() - 1)));
}

std::string format_challenges(const ChallengeBook& book) {
    std::string out = "next " + std::to_string(book.next_id) + "\n";
    for (const Challenge& c : book.open) out += challenge_line(c);
    return out;
}

core::Result<ChallengeBook, core::Error> parse_challenges(std::string_view text) {
    ChallengeBook book;
    std::istringstream in{std::string(text)};
    std::string line;
    int n = 0;
    bool have_next = false;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty() || line[0] == '#') continue;
        const std::string bad = "challenges line " + std::to_string(n) + ": ";
        if (!have_next) {
            std::istringstream f(line);
            std::string word, value;
            f >> word >> value;
            if (word != "next" || parse_challenge_id(value) == 0)
                return core::unexpected(core::corrupt_error(bad + "expected next N"));
            book.next_id = parse_challenge_id(value);
            have_next = true;
            continue;
        }
        auto c = parse_challenge_line(line);
        if (!c) return core::unexpected(core::corrupt_error(bad + c.error()));
        if (c->id >= book.next_id)
            return core::unexpected(core::corrupt_error(bad + "id not below next"));
        book.open.push_back(std::move(*c));
    }
    return book;
}

core::Result<ChallengeBook, core::Error> load_challenges(const store::Store& store) {
    ChallengeBook book;
    auto next = CounterTable::get(store, NextChallengeKey);
    if (!next) return core::unexpected(record_error(next.error()));
    if (*next) book.next_id = **next;
    auto all = ChallengeTable::all(store);
    if (!all) return core::unexpected(record_error(all.error()));
    for (auto& [key, c] : *all) {
        book.stored.push_back(key);
        book.open.push_back(std::move(c));
    }
    std::sort(book.open.begin(), book.open.end(),
              [](const Challenge& x, const Challenge& y) { return x.id < y.id; });
    return book;
}

void save_challenges(store::Transaction& tx, const ChallengeBook& book) {
    CounterTable::put(tx, NextChallengeKey, book.next_id);
    std::vector<std::string> kept;
    for (const Challenge& c : book.open) {
        kept.push_back(std::to_string(c.id));
        if (std::find(book.stored.begin(), book.stored.end(), kept.back()) == book.stored.end())
            ChallengeTable::put(tx, kept.back(), c);  // records are never changed, only added
    }
    for (const std::string& key : book.stored)
        if (std::find(kept.begin(), kept.end(), key) == kept.end()) ChallengeTable::erase(tx, key);
}

bool challenge_lapsed(const Challenge& c, core::TimePoint now, int days) {
    return now >= c.created + std::chrono::hours(24) * days;
}

void drop_lapsed_challenges(ChallengeBook& book, core::TimePoint now, int days) {
    auto& open = book.open;
    open.erase(std::remove_if(open.begin(), open.end(),
                              [&](const Challenge& c) { return challenge_lapsed(c, now, days); }),
               open.end());
}

bool remove_challenge(ChallengeBook& book, std::uint64_t id) {
    auto it = std::find_if(book.open.begin(), book.open.end(),
                           [id](const Challenge& c) { return c.id == id; });
    if (it == book.open.end()) return false;
    book.open.erase(it);
    return true;
}

}  // namespace ck::league
