// Conditional moves by mail (conditional_mail.hpp).
#include "daemon/conditional_mail.hpp"

#include <optional>
#include <string_view>

#include "compose/reply_sections.hpp"
#include "compose/view_model.hpp"
#include "core/log.hpp"
#include "league/conditional_book.hpp"
#include "league/deadline_index.hpp"
#include "league/game_clock.hpp"
#include "league/leave_book.hpp"

namespace ck::daemon {

using league::ConditionalBook;
using league::GameEvent;
using league::GameMeta;
using league::GameSession;
using league::RequestRuled;
using league::RequestUnread;
using league::StoredGame;

namespace {

using rules::Color;
using rules::index_of;

// The non-blank lines of a command's text (a `conditional:` block has several).
std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.pop_back();
        if (line.find_first_not_of(" \t") != std::string::npos) out.push_back(std::move(line));
        start = end + 1;
    }
    return out;
}

// "3. " / "3... " for `side`'s move number `move_number`.
std::string move_label(int move_number, Color side) {
    return std::to_string(move_number) + (side == Color::White ? ". " : "... ");
}

std::string step_text(const referee::Condition& when, const std::vector<std::string>& reply,
                      bool hidden) {
    return "if " + referee::condition_text(when) + " then " + referee::reply_text(reply, hidden);
}

class Conditionals {
public:
    Conditionals(GameSession& session, ConditionalBook& book, ConditionalReport& report)
        : session_(session), g_(session.game()), book_(book), report_(report) {}

    // One `if ...` line or `conditional:` block of `sender`.
    void store(Color sender, const std::string& text) {
        const bool hidden = g_.game.hidden();
        referee::ConditionalTree tree = book_.tree(sender);
        bool added = false;
        for (const std::string& line : text_lines(text)) {
            if (g_.game.side_to_move() == sender) {
                refuse(sender, "\"" + line +
                                   "\": conditional moves answer your opponent's next move; "
                                   "send them with your move or after it");
                continue;
            }
            auto parsed = referee::parse_conditionals(line, hidden);
            if (!parsed) {
                refuse(sender, parsed.error().message());
                continue;
            }
            for (const referee::ConditionalLine& one : *parsed) {
                auto checked =
                    hidden ? referee::validate_hidden(one, g_.game.rule_set(), g_.game.variant())
                           : referee::validate_open(one, *g_.game.open_position());
                if (!checked) {
                    refuse(sender, checked.error().message());
                    continue;
                }
                if (auto merged = referee::add_line(tree, *checked); !merged) {
                    refuse(sender, merged.error().message());
                    continue;
                }
                added = true;
            }
        }
        if (added) book_.set(sender, std::move(tree));
    }

    // `conditional clear [N]`.
    void clear(Color sender, const std::string& number) {
        if (number.empty()) {
            book_.clear(sender);
            return;
        }
        referee::ConditionalTree tree = book_.tree(sender);
        const int n = number.size() > 4 ? 0 : std::stoi(number);
        if (!referee::remove_line(tree, n)) {
            report_.notices[index_of(sender)].push_back("conditional clear " + number +
                                                        ": you have no conditional line " + number +
                                                        "; nothing was cleared.");
            return;
        }
        book_.set(sender, std::move(tree));
    }

    // A draw offer pending to a side: that side answers it, not a stored reply.
    void drop_on_draw_offer() {
        if (!g_.meta.draw_offer) return;
        const Color to = ~*g_.meta.draw_offer;
        if (book_.tree(to).empty()) return;
        book_.clear(to);
        report_.notices[index_of(to)].push_back(
            "Your conditional moves were removed: your opponent offered a draw, which is yours "
            "to answer.");
    }

    // Step 4 of conditional_mail.hpp: the chain of replies.
    void fire() {
        while (!g_.game.over()) {
            const Color x = g_.game.side_to_move();
            const referee::ConditionalTree& tree = book_.tree(x);
            if (tree.empty()) return;
            // The first branch that matches, in stored order (referee::match).
            const referee::PlayerView view = g_.game.view(x);
            std::optional<referee::Firing> firing;
            std::string line;
            for (const referee::Branch& b : tree.branches) {
                firing = referee::match(referee::ConditionalTree{tree.hidden, {b}}, view);
                if (firing) {
                    line = step_text(b.when, b.reply, tree.hidden);
                    break;
                }
            }
            if (!firing) {
                book_.clear(x);
                report_.notices[index_of(x)].push_back(
                    "Your conditional moves were removed: none of them answers your opponent's "
                    "last move.");
                return;
            }
            const int move_number = g_.game.move_number();
            // The reply's try list, played as a turn of that side (game_session.hpp).
            std::string played;
            for (const GameEvent& e : session_.play_tries(x, firing->reply)) {
                if (const auto* unread = std::get_if<RequestUnread>(&e))
                    core::operator_log().info("conditional try '" + unread->request +
                                              "': " + unread->error);
                else if (const auto* ruled = std::get_if<RequestRuled>(&e);
                         ruled && ruled->ruling.move)
                    played = *ruled->ruling.move;
            }
            const bool moved = g_.game.over() || g_.game.side_to_move() != x;
            if (!moved) {
                book_.clear(x);
                report_.notices[index_of(x)].push_back(
                    "Your conditional moves have ended: no try of \"" + line +
                    "\" was legal. It is your move.");
                return;
            }
            session_.conditional_played(x, line);
            const int ply = g_.record.plies();
            report_.played[index_of(x)].push_back(move_label(move_number, x) + played +
                                                  ", by: " + line);
            report_.movers.push_back(x);
            core::operator_log().info(std::string(x == Color::White ? "White" : "Black") +
                                      "'s conditional move played at ply " + std::to_string(ply));
            book_.set(x, std::move(firing->rest));
        }
    }

private:
    void refuse(Color c, std::string why) {
        report_.notices[index_of(c)].push_back("Not stored: " + std::move(why));
    }

    GameSession& session_;
    const StoredGame& g_;
    ConditionalBook& book_;
    ConditionalReport& report_;
};

}  // namespace

core::Result<ConditionalReport, core::Error> run_conditionals(store::Transaction& tx,
                                                              GameSession& session, Color sender,
                                                              const std::vector<Command>& commands,
                                                              bool sender_moved) {
    const StoredGame& g = session.game();
    ConditionalReport report;
    report.sender = sender;
    auto book = session.conditionals(tx);
    if (!book) return core::unexpected(book.error());
    Conditionals cond(session, *book, report);
    using Kind = Command::Kind;
    for (const Command& c : commands) {
        if (c.kind != Kind::Conditional && c.kind != Kind::ConditionalClear &&
            c.kind != Kind::Conditionals)
            continue;
        // After the end, storing and clearing get the game-over refusal; a listing says none.
        if (g.game.over() && c.kind != Kind::Conditionals) continue;
        report.answer_sender = true;
        if (c.kind == Kind::Conditional) cond.store(sender, c.as<NoteArgs>().note);
        if (c.kind == Kind::ConditionalClear) cond.clear(sender, c.argument());
    }
    if (!g.game.over()) cond.drop_on_draw_offer();
    if (sender_moved && !g.game.over()) {
        for (Color c : {Color::White, Color::Black})
            report.heard_from[index_of(c)] = compose::last_turn_start(g.game.view(c));
        cond.fire();
    }
    if (g.game.over()) {
        book->clear(Color::White);
        book->clear(Color::Black);
    }
    session.save_conditionals(tx, *book);
    for (Color c : {Color::White, Color::Black}) {
        const std::vector<std::string> lines = referee::render_lines(book->tree(c));
        for (std::size_t i = 0; i < lines.size(); ++i)
            report.stored[index_of(c)].push_back(std::to_string(i + 1) + ". " + lines[i]);
    }
    return report;
}

void append_conditional_sections(store::Transaction& tx, const GameMeta& meta,
                                 const ConditionalReport& report) {
    for (Color c : {Color::White, Color::Black}) {
        const int i = index_of(c);
        const bool show_tree =
            !report.stored[i].empty() || (report.answer_sender && c == report.sender);
        if (report.played[i].empty() && report.notices[i].empty() && !show_tree) continue;
        mail::OutgoingMail* mail = tx.first_outgoing_to(meta.address(c));
        if (!mail) continue;
        if (!report.played[i].empty())
            compose::append_section(*mail, "Played by your conditional moves:", report.played[i]);
        if (!report.notices[i].empty())
            compose::append_section(*mail, "About your conditional moves:", report.notices[i]);
        if (show_tree)
            compose::append_section(
                *mail, "Your conditional moves:",
                report.stored[i].empty() ? std::vector<std::string>{"none"} : report.stored[i]);
    }
}

}  // namespace ck::daemon
