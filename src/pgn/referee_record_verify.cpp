// Verification of a referee record by replay, and what is rebuilt from it (referee_record.hpp).
#include <array>
#include <map>
#include <optional>
#include <string_view>

#include "pgn/reader.hpp"
#include "pgn/referee_record.hpp"
#include "pgn/referee_record_format.hpp"
#include "pgn/referee_record_tags.hpp"

namespace ck::pgn {
namespace {

using referee::Announcement;
using referee::Ruling;
using rules::Color;

// The record's tokens in order: move tokens and the annotations of its comments.
struct Item {
    bool is_move = false;
    std::string san;
    record::Annotation annotation;
    int line = 0;
};

class RecordVisitor : public Visitor {
public:
    record::TagList tags;
    std::vector<Item> items;
    std::string result_token = "*";
    std::optional<RecordError> error;

    void tag(std::string_view name, std::string_view value, int) override {
        tags.emplace_back(std::string(name), std::string(value));
    }
    void san(std::string_view token, int line) override {
        if (depth_ > 0) return;
        Item it;
        it.is_move = true;
        it.san = std::string(token);
        it.line = line;
        items.push_back(std::move(it));
    }
    void comment(std::string_view text, int line) override {
        if (depth_ > 0) return;
        std::vector<record::Annotation> found;
        std::string why;
        if (!record::parse_annotations(text, line, found, &why)) {
            fail(line, why);
            return;
        }
        for (auto& a : found) {
            Item it;
            it.line = a.line;
            it.annotation = std::move(a);
            items.push_back(std::move(it));
        }
    }
    void begin_variation(int) override { ++depth_; }
    void end_variation(int) override { --depth_; }
    void result(std::string_view token, int) override {
        if (depth_ == 0) result_token = std::string(token);
    }
    void syntax_error(const SyntaxError& e) override { fail(e.line, std::string(e.message)); }

private:
    void fail(int line, std::string why) {
        if (!error) error = RecordError{0, line, std::move(why)};
    }
    int depth_ = 0;
};

std::string list_text(const std::vector<Announcement>& v) {
    if (v.empty()) return "nothing";
    std::string out;
    for (const auto& a : v) out += (out.empty() ? "" : "; ") + record::describe(a);
    return out;
}

// Called after each replayed request, with the ruling and the game after it.
using RulingSink = void (*)(void* ctx, const Ruling& r, const referee::Game& game);

struct Replayed {
    referee::Game game;
    referee::GameSetup setup;
    record::TagList tags;
    RecordCheck check;
};

// Fairness receipts (referee_record.hpp) of one replay. `salt` is an input (the `[Salt]` tag
// wins); `recorded` is filled before the first ruling reaches the sink; `computed` (index =
// ply) only when a salt is known in a hidden game.
struct Receipts {
    std::string salt;
    std::map<int, std::string> recorded;
    std::vector<std::string> computed;
};

bool is_hex64(const std::string& s) {
    if (s.size() != 64) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) return false;
    return true;
}

bool is_ply(const std::string& s) {
    if (s.empty() || s.size() > 6) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

core::Result<Replayed, RecordError> replay(const std::string& text, RulingSink sink = nullptr,
                                           void* ctx = nullptr, int first_line = 1,
                                           Receipts* receipts = nullptr) {
    RecordVisitor v;
    if (!parse_game(text, first_line, v))
        return core::unexpected(RecordError{0, 0, "no game in the text"});
    if (v.error) return core::unexpected(*v.error);
    referee::GameSetup setup;
    std::string why;
    if (!record::setup_from_tags(v.tags, setup, &why))
        return core::unexpected(RecordError{0, 0, why});
    auto created = referee::Game::create(setup);
    if (!created) return core::unexpected(RecordError{0, 0, created.error().message});
    referee::Game game = std::move(created.value());

    Receipts local;
    Receipts& rc = receipts ? *receipts : local;
    std::map<int, int> commit_lines;
    for (const Item& it : v.items) {
        if (it.is_move || it.annotation.name != "commit") continue;
        const auto& args = it.annotation.args;
        if (args.size() != 2 || !is_ply(args[0]) || !is_hex64(args[1]))
            return core::unexpected(
                RecordError{0, it.line, "[%commit] needs a ply and 64 upper-case hex digits"});
        const int n = std::stoi(args[0]);
        auto [at, fresh] = rc.recorded.emplace(n, args[1]);
        if (!fresh && at->second != args[1])
            return core::unexpected(
                RecordError{n, it.line, "two different receipts for ply " + args[0]});
        commit_lines.emplace(n, it.line);
    }
    for (const auto& [n, val] : v.tags)
        if (n == "Salt") rc.salt = val;
    const bool committing = setup.hidden && !rc.salt.empty();
    // Recomputes the receipt of ply `n` and checks the recorded one, if any.
    auto commit_ply = [&](int n) -> std::optional<RecordError> {
        if (!committing) return std::nullopt;
        rc.computed.push_back(game.commitment(rc.salt, n));
        auto it = rc.recorded.find(n);
        if (it != rc.recorded.end() && it->second != rc.computed.back())
            return RecordError{n, commit_lines[n],
                               "receipt of ply " + std::to_string(n) +
                                   " does not match the position the moves reach"};
        return std::nullopt;
    };
    if (auto bad = commit_ply(0)) return core::unexpected(*bad);

    std::vector<const Item*> moves;  // move tokens seen so far
    int played = 0;                  // moves the replay has played
    bool trailing = false;           // requests seen after the last move token was played
    RecordCheck check;
    auto fail = [&](int line, std::string msg) {
        return core::unexpected(RecordError{played + 1, line, std::move(msg)});
    };
    for (std::size_t k = 0; k < v.items.size(); ++k) {
        const Item& it = v.items[k];
        if (it.is_move) {
            if (trailing)
                return fail(it.line, "requests recorded before the move '" + it.san +
                                         "' that ends their turn");
            if (static_cast<int>(moves.size()) > played)
                return fail(moves.back()->line,
                            "move '" + moves.back()->san + "' was not played by its requests");
            moves.push_back(&it);
            continue;
        }
        const record::Annotation& a = it.annotation;
        if (a.name == "ann") return fail(it.line, "announcement without a request before it");
        // Other annotations ([%clk], ...) are not the referee's.
        if (a.name != "req" && a.name != "end") continue;
        const bool ending = a.name == "end";
        if (!ending && a.args.size() != 3)
            return fail(it.line, "[%req] needs a side, a quoted request and an answer");
        if (ending && a.args.size() != 2)
            return fail(it.line, "[%end] needs a result and a reason");
        if (static_cast<int>(moves.size()) == played) trailing = true;

        // The announcements recorded for this request, split by audience.
        std::vector<Announcement> told[2];
        std::size_t next = k + 1;
        for (; next < v.items.size(); ++next) {
            const Item& n = v.items[next];
            if (n.is_move || n.annotation.name == "req" || n.annotation.name == "end") break;
            if (n.annotation.name != "ann") continue;
            const auto& args = n.annotation.args;
            Announcement ann;
            if (args.empty() || !record::parse_announcement(args, 1, ann, &why))
                return fail(n.line, args.empty() ? "empty [%ann]" : why);
            const std::string& who = args[0];
            if (who != "white" && who != "black" && who != "both")
                return fail(n.line, "bad audience '" + who + "'");
            if (who != "black") told[0].push_back(ann);
            if (who != "white") told[1].push_back(ann);
        }

        Ruling r;
        if (ending) {
            const auto result = referee::parse_result(a.args[0]);
            if (!result)
                return fail(it.line, "[%end " + a.args[0] + "]: bad result '" + a.args[0] + "'");
            auto ended = game.end_by(*result, a.args[1]);
            if (!ended) return fail(it.line, "[%end " + a.args[0] + "]: " + ended.error());
            r = std::move(ended.value());
        } else {
            r = game.request(a.args[1]);
            ++check.requests;
        }
        const std::string label = ending ? a.args[0] + " " + a.args[1] : a.args[1];
        if (!ending && a.args[0] != record::side_word(r.side))
            return fail(it.line, "request '" + label + "' recorded for " + a.args[0] +
                                     ", made by " + std::string(record::side_word(r.side)));
        if (!ending && a.args[2] != referee::answer_word(r.answer))
            return fail(it.line, "request '" + label + "' recorded answer '" + a.args[2] +
                                     "', the referee answers '" +
                                     std::string(referee::answer_word(r.answer)) + "'");
        for (int c = 0; c < 2; ++c) {
            if (told[c] != r.told[c])
                return fail(it.line, "request '" + label + "': recorded for " +
                                         std::string(record::side_word(Color(c))) + ": " +
                                         list_text(told[c]) + "; the referee tells " +
                                         list_text(r.told[c]));
        }
        if (r.move) {
            if (static_cast<int>(moves.size()) != played + 1)
                return fail(it.line, "the referee plays '" + *r.move +
                                         "' but no move token stands before this comment");
            if (moves.back()->san != *r.move)
                return fail(moves.back()->line, "move token '" + moves.back()->san +
                                                    "', the referee plays '" + *r.move + "'");
            ++played;
            if (auto bad = commit_ply(played)) return core::unexpected(*bad);
        }
        if (sink) sink(ctx, r, game);
        k = next - 1;
    }
    if (static_cast<int>(moves.size()) > played)
        return fail(moves.back()->line,
                    "move '" + moves.back()->san + "' was not played by its requests");
    const std::string result(referee::result_marker(game.result()));
    if (v.result_token != result)
        return fail(0,
                    "result '" + v.result_token + "', the referee's game gives '" + result + "'");
    for (const auto& [n, val] : v.tags)
        if (n == "Result" && val != result)
            return fail(0, "Result tag '" + val + "', the referee's game gives '" + result + "'");
    if (!rc.recorded.empty() && rc.recorded.rbegin()->first > played && committing)
        return core::unexpected(RecordError{rc.recorded.rbegin()->first,
                                            commit_lines[rc.recorded.rbegin()->first],
                                            "receipt for a ply the game never reached"});
    check.plies = played;
    check.result = result;
    return Replayed{std::move(game), std::move(setup), std::move(v.tags), check};
}

// Collects one player's record while replaying (format in referee_record.hpp).
struct PlayerSink {
    Color player;
    record::LineWrapper movetext;
    std::vector<std::string> turn;
    Receipts receipts;
    int ply = 0;
    bool started = false;

    // The record's `[%commit]` of `n`, if any, joins the turn.
    void commit(int n) {
        auto it = receipts.recorded.find(n);
        if (it != receipts.recorded.end())
            turn.push_back("[%commit " + std::to_string(n) + " " + it->second + "]");
    }
    static void on_ruling(void* ctx, const Ruling& r, const referee::Game& game) {
        auto* self = static_cast<PlayerSink*>(ctx);
        if (!self->started) self->commit(0), self->started = true;
        if (r.side == self->player && r.answer != referee::Answer::Error && !r.ending)
            self->turn.push_back(record::format_request(r));
        int c = static_cast<int>(self->player);
        for (const auto& a : r.told[c])
            self->turn.push_back(record::format_announcement(record::side_word(self->player), a));
        if (r.move) self->commit(++self->ply);
        if (r.move || r.result) self->end_turn(game);
    }
    void end_turn(const referee::Game& game) {
        if (turn.empty()) return;
        turn.push_back(record::format_view(player, game.view_text(player)));
        movetext.add_comment(turn);
        turn.clear();
    }
};

}  // namespace

core::Result<RecordCheck, RecordError> verify_referee_record(const std::string& text,
                                                             int first_line) {
    auto r = replay(text, nullptr, nullptr, first_line);
    if (!r) return core::unexpected(r.error());
    return r.value().check;
}

core::Result<OpenedRecord, RecordError> open_referee_record(const std::string& text,
                                                            const std::string& salt) {
    // Each ruling with the players' pictures after it when it ends a turn
    // (RecordBuilder::player_record needs them).
    std::vector<std::pair<Ruling, std::array<std::string, 2>>> rulings;
    auto collect = [](void* ctx, const Ruling& r, const referee::Game& g) {
        std::array<std::string, 2> pictures;
        if (r.move || r.result) pictures = {g.view_text(Color::White), g.view_text(Color::Black)};
        static_cast<decltype(rulings)*>(ctx)->emplace_back(r, std::move(pictures));
    };
    Receipts receipts;
    receipts.salt = salt;
    auto r = replay(text, collect, &rulings, 1, &receipts);
    if (!r) return core::unexpected(r.error());
    RecordBuilder builder(r.value().setup);
    for (const auto& [name, value] : r.value().tags) builder.set_tag(name, value);
    for (auto& [ruling, pictures] : rulings) {
        if (ruling.move || ruling.result)
            builder.add(ruling, std::move(pictures));
        else
            builder.add(ruling);
    }
    builder.set_salt(receipts.salt);
    for (const auto& [ply, hex] : receipts.recorded) builder.add_commitment(ply, hex);
    for (std::size_t n = 0; n < receipts.computed.size(); ++n)
        builder.add_commitment(static_cast<int>(n), receipts.computed[n]);
    return OpenedRecord{std::move(r.value().game), std::move(builder), r.value().check};
}

core::Result<RebuiltViews, RecordError> rebuild_views(const std::string& text) {
    auto r = replay(text);
    if (!r) return core::unexpected(r.error());
    const referee::Game& g = r.value().game;
    return RebuiltViews{g.view_text(Color::White), g.view_text(Color::Black)};
}

core::Result<std::string, RecordError> player_record(const std::string& referee_record_text,
                                                     Color player) {
    PlayerSink sink{player, {}, {}, {}, 0, false};
    auto r = replay(referee_record_text, &PlayerSink::on_ruling, &sink, 1, &sink.receipts);
    if (!r) return core::unexpected(r.error());
    if (!sink.started) sink.commit(0);
    sink.end_turn(r.value().game);
    record::TagList tags = r.value().tags;
    tags.emplace_back("View", player == Color::White ? "White" : "Black");
    sink.movetext.add(r.value().check.result);
    return record::write_tags(tags, r.value().setup, r.value().check.result) +
           sink.movetext.finish();
}

core::Result<CommitmentCheck, RecordError> verify_commitments(const std::string& text) {
    Receipts receipts;
    auto r = replay(text, nullptr, nullptr, 1, &receipts);
    if (!r) return core::unexpected(r.error());
    if (!r.value().setup.hidden)
        return core::unexpected(RecordError{0, 0, "not a hidden game: it has no receipts"});
    if (receipts.salt.empty())
        return core::unexpected(RecordError{
            0, 0, "no [Salt] tag: the salt is revealed only in the record of a finished game"});
    return CommitmentCheck{r.value().check, std::move(receipts.computed),
                           static_cast<int>(receipts.recorded.size())};
}

}  // namespace ck::pgn
