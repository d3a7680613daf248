// A player's mail to one of their games (game_turn.hpp).
#include "daemon/game_turn.hpp"

#include <algorithm>
#include <optional>
#include <sstream>
#include <utility>
#include <variant>
#include <vector>

#include "compose/reply_sections.hpp"
#include "compose/view_queries.hpp"
#include "core/log.hpp"
#include "daemon/command_problems.hpp"
#include "daemon/commands.hpp"
#include "daemon/conditional_mail.hpp"
#include "daemon/game_end.hpp"
#include "daemon/games_list.hpp"
#include "daemon/leave_mail.hpp"
#include "daemon/mail_run.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/receipt_line.hpp"
#include "daemon/reply_address.hpp"
#include "daemon/spectators.hpp"
#include "daemon/standings_mail.hpp"
#include "league/game_clock.hpp"
#include "league/game_events.hpp"
#include "league/game_session.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using league::count_events;
using league::DrawAccepted;
using league::DrawDeclined;
using league::DrawLapsed;
using league::DrawOffered;
using league::find_event;
using league::game_deadline;
using league::GameEnded;
using league::GameEvent;
using league::GameEvents;
using league::GameSession;
using league::NoDrawOffer;
using league::NotOnMove;
using league::Player;
using league::record_text;
using league::RequestRuled;
using league::RequestUnread;
using league::Resigned;
using league::StoredGame;
using league::TurnPassed;

namespace {

using rules::Color;
using DrawEvent = compose::DrawDetails::Event;
using Kind = Command::Kind;
using Done = core::Result<void, core::Error>;

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

const char* side_name(Color c) { return c == Color::White ? "white" : "black"; }

// What a command of a game mail asks the referee for (docs/mail-protocol.md "In what order a
// mail's commands act"): recorded by its row's handler in the order written, answered once
// every line has acted, from the game as it stands after the mail (answer_asks).
struct ShowBoard {};   // `board`: the sender's board (their turn mail)
struct ShowRecord {};  // `pgn`: the sender's record, or the referee's full one
struct ShowGames {};   // `games`: the sender's games list (games_list.hpp)
struct ShowHelp {};    // `help`
struct ShowStandings {
    std::string tournament;  // empty: the sender's events (standings_mail.hpp)
};
struct TakeLeave {  // `leave N` (leave_mail.hpp)
    int days = 0;
};
struct AnswerQuery {    // `pieces N`, `file a`, ... (compose/view_queries.hpp)
    std::string query;  // as compose::parse_view_query reads it
};
using Ask =
    std::variant<ShowBoard, ShowRecord, ShowGames, ShowHelp, ShowStandings, TakeLeave, AnswerQuery>;

}  // namespace

// One game mail while its commands run (the game_* handlers of the command table change it,
// mail_run.hpp). What the mail did to the game is the session's events (game_events.hpp); what
// it asks of the referee is its asks, in the order written; the rest is what its answer says
// about the sender's lines. The answers are composed from these once every command has run.
struct Turn {
    Turn(const AuthVerdict& verdict, GameSession& s, Color colour)
        : v(verdict), session(s), me(colour) {}
    const AuthVerdict& v;
    GameSession& session;
    Color me;
    std::vector<Ask> asks;             // in the order written
    std::vector<std::string> notes;    // `say` / `message:` texts, in order
    std::vector<std::string> unknown;  // lines not acted on, as written
    // The sender's answer (README "What every refusal tells the player"): why a request was
    // refused or not ruled ("Qh5: none of your pieces can move there"), lines not used ("Nf3
    // -- a move was already played") and the comments on move lines, quoted.
    std::vector<std::string> explained;
    std::vector<std::string> unused;
    std::vector<std::string> comments;

    // The last ask of kind A (a later `standings X` or `leave N` replaces an earlier one; a
    // repeated `board` is answered once), or null.
    template <class A>
    const A* last() const {
        for (auto it = asks.rbegin(); it != asks.rend(); ++it)
            if (const auto* a = std::get_if<A>(&*it)) return a;
        return nullptr;
    }

    // From the session's events so far.
    bool turn_done() const {
        for (const GameEvent& e : session.events())
            if (const auto* r = std::get_if<RequestRuled>(&e); r && r->ends_turn) return true;
        return false;
    }
    std::size_t refused() const {
        std::size_t n = 0;
        for (const GameEvent& e : session.events())
            if (const auto* r = std::get_if<RequestRuled>(&e)) n += r->refused();
        return n;
    }
};

namespace {

// How many refused requests one mail may make; the rest are not ruled (issue 24, D18: a mail
// of 200 tries must not flood the opponent's mail with 200 refusals).
constexpr std::size_t MaxRefusedPerMail = 20;

// "Nd2: ..." unless the referee's text already starts with the request.
std::string about(const std::string& request, const std::string& why) {
    return why.rfind(request, 0) == 0 ? why : request + ": " + why;
}

// moves / any? / resign: the try list. A resignation counts at any moment of the game, also
// while the opponent is to move or after the sender's move in this mail (README "Resigning"):
// then it is an end outside the requests (GameSession::resign, Termination::Resignation).
Done play(Turn& t, const Command& cmd) {
    GameSession& s = t.session;
    const Color me = t.me;
    if (const auto* m = std::get_if<MoveArgs>(&cmd.args); m && !m->comment.empty())
        t.comments.push_back(m->comment);
    if (s.over()) {
        // Ended by this mail (a mate, a resignation): every later line is answered.
        if (!s.over_at_open()) t.unused.push_back(cmd.text + " -- the game is over");
        return {};
    }
    const bool turn_done = t.turn_done();
    const bool on_move = s.game().game.side_to_move() == me;
    if (cmd.kind == Kind::Resign && (!on_move || turn_done)) {
        auto resigned = s.resign(me);
        if (!resigned) return core::unexpected(resigned.error());
        return {};
    }
    if (turn_done) {  // later tries are not needed
        t.unused.push_back(cmd.text + " -- a move was already played");
        return {};
    }
    if (!on_move) {
        s.request(me, cmd.text);  // NotOnMove
        return {};
    }
    if (t.refused() >= MaxRefusedPerMail) {
        t.unused.push_back(cmd.text + " -- not tried: " + std::to_string(MaxRefusedPerMail) +
                           " refused tries are the most one mail may make");
        return {};
    }
    const std::string text = cmd.kind == Kind::Move       ? cmd.text
                             : cmd.kind == Kind::AnyQuery ? "any?"
                                                          : "resign";
    for (const GameEvent& e : s.request(me, text)) {
        if (const auto* unread = std::get_if<RequestUnread>(&e)) {
            core::operator_log().info("game " + to_string(*t.v.game) + ": '" + text +
                                      "': " + unread->error);
            // Not an attempt: nothing was ruled and nobody else hears of it. The referee's text
            // names only what the sender may know (own pieces in hidden play; referee/game.hpp).
            if (unread->error == "not a request")
                t.unknown.push_back(cmd.text);
            else
                t.explained.push_back(about(cmd.text, unread->error) + ". Nothing was played.");
        } else if (const auto* ruled = std::get_if<RequestRuled>(&e)) {
            // Open play: the referee's reason for an illegal move (hidden play keeps to the
            // answer).
            const referee::Ruling& r = ruled->ruling;
            if (r.answer == referee::Answer::Illegal && !r.reason.empty())
                t.explained.push_back(cmd.text + ": " + r.reason + ".");
        }
    }
    return {};
}

// draw / accept / decline: a draw offer and its answers.
Done draw_answer(Turn& t, const Command& cmd) {
    GameSession& s = t.session;
    if (s.over()) return {};
    if (cmd.kind == Kind::Decline) {
        s.decline_draw(t.me);
        return {};
    }
    auto events = cmd.kind == Kind::Accept ? s.accept_draw(t.me) : s.offer_draw(t.me);
    if (!events) return core::unexpected(events.error());
    if (find_event<NoDrawOffer>(*events)) t.unknown.push_back(cmd.text);  // nothing to accept
    return {};
}

Done ask(MailRun& run, Ask a) {
    run.turn->asks.push_back(std::move(a));
    return {};
}

}  // namespace

// The command table's handlers at a game's reply address (mail_run.hpp): each changes the
// mail's Turn; answer_game_mail composes the answers once the commands have run.
Handled game_try(MailRun& run, const Command& c) { return play(*run.turn, c); }
Handled game_draw(MailRun& run, const Command& c) { return draw_answer(*run.turn, c); }
Handled game_board(MailRun& run, const Command&) { return ask(run, ShowBoard{}); }
Handled game_pgn(MailRun& run, const Command&) { return ask(run, ShowRecord{}); }
Handled game_games(MailRun& run, const Command&) { return ask(run, ShowGames{}); }
Handled game_help(MailRun& run, const Command&) { return ask(run, ShowHelp{}); }
Handled game_standings(MailRun& run, const Command& c) {
    return ask(run, ShowStandings{c.argument()});
}
// leave_mail.hpp, after the game's own answers.
Handled game_leave(MailRun& run, const Command& c) {
    return ask(run, TakeLeave{c.as<LeaveArgs>().days});
}
Handled game_note(MailRun& run, const Command& c) {
    run.turn->notes.push_back(c.as<NoteArgs>().note);
    return {};
}
// Conditional moves are stored, listed and cleared after the mail's other commands, since a
// stored reply may fire on this mail's move (conditional_mail.hpp run_conditionals).
Handled game_conditional(MailRun&, const Command&) { return {}; }
// compose/view_queries.hpp: answered from the sender's view as it stands after the mail.
Handled game_view_query(MailRun& run, const Command& c) {
    return ask(run, AnswerQuery{c.argument()});
}
Handled game_unknown(MailRun& run, const Command& c) {
    run.turn->unknown.push_back(c.text);
    return {};
}

namespace {

// Whether the mail holds a command that acts on the game itself (its row's InGame::WhileInPlay,
// commands.hpp): refused when the game was over before the mail.
bool acts_on_game(const std::vector<Command>& commands) {
    return std::any_of(commands.begin(), commands.end(), [](const Command& c) {
        return command_row(c.kind).in_game == InGame::WhileInPlay;
    });
}

// The player's registered name, else the address.
std::string name_of(const GameDesk& desk, const std::string& address) {
    const Player* p = desk.players.find(address);
    return p && !p->name.empty() ? p->name : address;
}

// The number of moves played when the referee sent the mail this one answers: its
// Message-ID is "ck.GAME.PLY.COLOUR.KIND..." (compose::message_id); nullopt when the mail
// answers none of this game's mails.
std::optional<int> answered_ply(const mail::MailMessage& msg, const AuthVerdict& v) {
    const std::string prefix = "ck." + to_string(*v.game) + ".";
    if (msg.in_reply_to.rfind(prefix, 0) != 0) return std::nullopt;
    const std::size_t from = prefix.size();
    const std::size_t dot = msg.in_reply_to.find('.', from);
    if (dot == std::string::npos || dot == from || dot - from > 6) return std::nullopt;
    int ply = 0;
    for (std::size_t i = from; i < dot; ++i) {
        const char c = msg.in_reply_to[i];
        if (c < '0' || c > '9') return std::nullopt;
        ply = ply * 10 + (c - '0');
    }
    return ply;
}

std::vector<std::string> note_lines(const std::vector<std::string>& notes) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < notes.size(); ++i) {
        if (i > 0) lines.emplace_back();
        for (const std::string& l : split_lines(notes[i])) lines.push_back(l);
    }
    return lines;
}

// One game mail's game and what it did, and the answers it queues into the transaction. The
// steps below fill it in this order: the mail refused whole or its commands run
// (answer_game_mail), then settle (what the mail did: mail_events, cond, passed), then the
// answers (queue_turn_mails, queue_draw_mails, pass_on_notes, answer_asks, explain).
class GameMail {
public:
    GameMail(const GameDesk& desk, const ClubDesk& club, const mail::MailMessage& msg,
             const AuthVerdict& v, GameSession& session, const std::string& disc,
             store::Transaction& tx)
        : desk(desk),
          club(club),
          msg(msg),
          v(v),
          session(session),
          g(session.game()),
          me(v.colour),
          sender(g.meta.address(v.colour)),
          disc(disc),
          tx(tx) {}

    const GameDesk& desk;
    const ClubDesk& club;
    const mail::MailMessage& msg;
    const AuthVerdict& v;
    GameSession& session;
    const StoredGame& g;
    const Color me;
    const std::string sender;  // the sender's registered address
    const std::string& disc;
    store::Transaction& tx;
    // What the mail's own commands did (the conditional replies come after), the conditional
    // replies (conditional_mail.hpp), and the turn passed once the session settled.
    GameEvents mail_events;
    ConditionalReport cond;
    const TurnPassed* passed = nullptr;

    store::GameId game() const { return *v.game; }  // Accept: a game of the store (auth.hpp)
    // The requests the mail had ruled (a resignation counts) and whether it agreed a draw.
    std::size_t ruled() const {
        return count_events<RequestRuled>(mail_events) + count_events<Resigned>(mail_events);
    }
    bool agreed() const { return find_event<DrawAccepted>(mail_events) != nullptr; }

    // Queues `mail` to player `c`, with `attachment` when given.
    Done queue(Color c, compose::MailResult mail, std::optional<mail::Attachment> attachment = {}) {
        return queue_mail(tx, desk.config, g.meta.address(c), std::move(mail),
                          std::move(attachment));
    }
    core::Result<compose::Envelope, core::Error> envelope(Color c, const std::string& d) const {
        auto env = game_envelope(desk, game(), g.meta, c, d, tx);
        if (env) add_receipt(*env, g);  // receipt_line.hpp
        return env;
    }
    // The whole mail refused (README "What every refusal tells the player"), quoting it.
    Done refuse(compose::RefusalReason reason, std::string written = {}) {
        auto env = envelope(me, disc);
        if (!env) return core::unexpected(env.error());
        compose::RefusalDetails d{reason, split_lines(msg.body_text), std::move(written)};
        return queue(me, compose::refusal_mail(desk.templates, *env, g.game.view(me), d));
    }
    // Player `c`'s turn mail: their board as the mail leaves the game.
    Done board_mail(Color c, const std::string& d) {
        auto env = envelope(c, d);
        if (!env) return core::unexpected(env.error());
        auto td = turn_details(c);
        if (!td) return core::unexpected(td.error());
        return queue(c, compose::turn_mail(desk.templates, *env, g.game.view(c), *td));
    }
    // The first mail queued to player `c`, which later parts join (compose/reply_sections.hpp);
    // their board (discriminator disc + `suffix`) when none is queued yet.
    core::Result<mail::OutgoingMail*, core::Error> answer_to(Color c, const char* suffix) {
        const std::string& address = g.meta.address(c);
        if (tx.first_outgoing_to(address) == nullptr) CK_TRY(board_mail(c, disc + suffix));
        return tx.first_outgoing_to(address);
    }
    // The sender's view for the help and unknown-command mails, built only for them.
    const referee::PlayerView* my_view() {
        if (!view_) view_ = g.game.view(me);
        return &*view_;
    }
    compose::HelpDetails help() const { return {desk.config.referee_address}; }

private:
    core::Result<compose::TurnDetails, core::Error> turn_details(Color c) {
        compose::TurnDetails d;
        if (cond.fired()) d.heard_from = cond.heard_from[rules::index_of(c)];
        if (g.game.over() || g.game.side_to_move() != c) return d;
        std::optional<core::TimePoint> at;
        if (passed && passed->to == c) {
            at = passed->deadline;
        } else {
            auto read = session.deadline(&tx);
            if (!read) return core::unexpected(read.error());
            at = *read;
        }
        if (at) d.deadline = compose::Deadline{*at};
        return d;
    }

    std::optional<referee::PlayerView> view_;
};

// A mail the game cannot take at all: no command, or a move number that is not the current
// one (docs/mail-protocol.md "a line may carry the move number"). True when refused; its
// settings lines are still answered (settings_mail.hpp).
core::Result<bool, core::Error> refuse_whole(GameMail& m, MailRun& run,
                                             const std::vector<Command>& commands) {
    if (commands.empty()) {
        CK_TRY(m.refuse(compose::RefusalReason::NothingFound));
        return true;
    }
    const referee::Game& game = m.g.game;
    auto stale = check_move_numbers(commands, game.move_number(), game.side_to_move());
    if (stale) return false;
    core::operator_log().info("game " + to_string(m.game()) + ": stale mail (move " +
                              std::to_string(stale.error().written) + ", now " +
                              std::to_string(stale.error().expected) + ")");
    for (const Command& c : commands)
        if (c.kind == Kind::Set || c.kind == Kind::Settings) CK_TRY(run_command(run, c));
    if (stale.error().wrong_side) {  // issue 24, D10: "3... is Black's move; ..."
        CK_TRY(m.refuse(compose::RefusalReason::WrongSide,
                        std::to_string(stale.error().written) + "..."));
    } else {
        CK_TRY(m.refuse(compose::RefusalReason::Stale));
    }
    return true;
}

// Every command in the order written, through its row of the command table (mail_run.hpp).
Done run_commands(MailRun& run, Turn& turn, const std::vector<Command>& commands) {
    run.turn = &turn;
    for (const Command& c : commands) {
        auto done = run_command(run, c);
        if (!done) {
            run.turn = nullptr;
            return done;
        }
    }
    run.turn = nullptr;
    return {};
}

// What the mail did, settled: the conditional replies that fire on it (conditional_mail.hpp),
// the refusal of a mail the game could not take (over, or not the sender's turn), the notes
// kept in game.ini and in the record as a comment of this ply, and the one path from the
// session's events to the store (game_end.hpp settle_game: the game and its clock saved,
// their consequences applied, and a game's end mailed and recorded).
Done settle(GameMail& m, const Turn& turn, const std::vector<Command>& commands,
            std::optional<core::TimePoint> arrived) {
    GameSession& s = m.session;
    m.mail_events = s.events();
    const bool sender_moved = m.g.record.plies() > s.plies_at_open();
    auto cond = run_conditionals(m.tx, s, m.me, commands, sender_moved);
    if (!cond) return core::unexpected(cond.error());
    m.cond = std::move(*cond);
    if (s.over_at_open() && acts_on_game(commands))
        CK_TRY(m.refuse(compose::RefusalReason::GameOver));
    else if (find_event<NotOnMove>(m.mail_events) && m.ruled() == 0)
        CK_TRY(m.refuse(compose::RefusalReason::NotYourTurn));
    for (const std::string& n : turn.notes) s.note(m.me, n);
    if (s.over() && !s.over_at_open() && !find_event<GameEnded>(s.events()))
        return core::unexpected(core::corrupt_error("game " + to_string(m.game()) +
                                                    ": an end the referee cannot name"));
    auto settled = settle_game(m.desk, s, EndMailing{m.me, m.disc, m.disc}, m.tx, arrived);
    if (!settled) return core::unexpected(settled.error());
    m.passed = find_event<TurnPassed>(s.events());
    return {};
}

// The mails of the turn: when a request was ruled or a draw agreed, both players' boards and
// the followers' mails (spectators.hpp: only what both players heard), unless the game ended
// (settle_game mailed the end); else the sender's board when they asked for it.
Done queue_turn_mails(GameMail& m, const Turn& turn) {
    const std::size_t ruled = m.ruled();
    const bool agreed = m.agreed();
    if (ruled == 0 && !agreed) return turn.last<ShowBoard>() ? m.board_mail(m.me, m.disc) : Done{};
    const referee::Game& game = m.g.game;
    if (!game.over()) {
        for (Color c : {m.me, ~m.me}) CK_TRY(m.board_mail(c, m.disc));
        CK_TRY(queue_spectator_mails(m.club, m.game(), m.g, m.disc, m.tx));
    }
    core::operator_log().info(
        "game " + to_string(m.game()) + ": " + std::to_string(ruled) + " request(s) ruled" +
        (agreed ? ", draw agreed" : "") +
        (game.over() ? ", game over " + std::string(referee::result_marker(game.result()))
                     : std::string()));
    return {};
}

// The draw mails, from the mail's draw events in the order they happened.
Done queue_draw_mails(GameMail& m) {
    std::vector<std::pair<Color, DrawEvent>> draw_mails;
    for (const GameEvent& e : m.mail_events) {
        if (const auto* o = std::get_if<DrawOffered>(&e)) {
            if (!o->renewed) draw_mails.emplace_back(~o->by, DrawEvent::Offered);
            draw_mails.emplace_back(o->by, DrawEvent::OfferSent);
        } else if (const auto* d = std::get_if<DrawDeclined>(&e)) {
            draw_mails.emplace_back(~d->by, DrawEvent::Declined);
            draw_mails.emplace_back(d->by, DrawEvent::DeclineSent);
        } else if (const auto* n = std::get_if<NoDrawOffer>(&e); n && !n->accepting) {
            draw_mails.emplace_back(n->side, DrawEvent::NoOffer);
        } else if (const auto* l = std::get_if<DrawLapsed>(&e)) {
            draw_mails.emplace_back(l->offerer, DrawEvent::Lapsed);
        }
    }
    for (std::size_t i = 0; i < draw_mails.size(); ++i) {
        const auto [c, event] = draw_mails[i];
        auto env = m.envelope(c, m.disc + "d" + std::to_string(i));
        if (!env) return core::unexpected(env.error());
        CK_TRY(m.queue(c, compose::draw_mail(m.desk.templates, *env, m.g.game.view(c),
                                             compose::DrawDetails{event})));
    }
    return {};
}

// Notes to the opponent (README "Notes to the opponent"): the opponent's next mail carries
// them, marked as the sender's words (their board when this mail causes none); the sender's
// answer quotes them as passed on.
Done pass_on_notes(GameMail& m, const Turn& turn) {
    if (turn.notes.empty()) return {};
    const std::vector<std::string> lines = note_lines(turn.notes);
    auto theirs = m.answer_to(~m.me, "n");
    if (!theirs) return core::unexpected(theirs.error());
    compose::append_quoted_section(**theirs, name_of(m.desk, m.sender) + " writes:", lines);
    auto mine = m.answer_to(m.me, "n");
    if (!mine) return core::unexpected(mine.error());
    const std::string& opponent = m.g.meta.address(~m.me);
    compose::append_quoted_section(**mine, "Passed on to " + name_of(m.desk, opponent) + ":",
                                   lines);
    return {};
}

// `pgn`: the sender's own record as an attachment; the referee's full record once the game is
// over, and in open play at any time (the true game is no secret there).
Done queue_record(GameMail& m) {
    const bool full = m.g.game.over() || !m.g.game.hidden();
    const std::string as = full ? "referee" : side_name(m.me);
    auto text = record_text(m.g, as);
    if (!text) return core::unexpected(text.error());
    auto attachment = record_attachment(m.game(), as, std::move(*text));
    // The name is copied before the attachment is moved into the same call (the order in
    // which a call's arguments are evaluated is unspecified).
    const compose::RecordDetails details{full, attachment.name};
    auto env = m.envelope(m.me, m.disc + "p");
    if (!env) return core::unexpected(env.error());
    return m.queue(m.me, compose::record_mail(m.desk.templates, *env, m.g.game.view(m.me), details),
                   std::move(attachment));
}

// The list view's queries (compose/view_queries.hpp), in the order written, answered from the
// sender's own view as it stands after this mail, in the sender's answer (their board when
// nothing else is said).
Done answer_queries(GameMail& m, const Turn& turn) {
    std::vector<const AnswerQuery*> queries;
    for (const Ask& a : turn.asks)
        if (const auto* q = std::get_if<AnswerQuery>(&a)) queries.push_back(q);
    if (queries.empty()) return {};
    compose::ClockFacts clock{std::nullopt, m.tx.now()};
    if (!m.g.game.over()) {
        auto at = game_deadline(m.desk.store, m.game(), m.g, &m.tx);
        if (!at) return core::unexpected(at.error());
        if (*at) clock.deadline = compose::Deadline{**at};
    }
    std::vector<std::string> lines;
    for (const AnswerQuery* q : queries) {
        auto answer = compose::answer_view_query(m.desk.templates.set(), *m.my_view(),
                                                 *compose::parse_view_query(q->query), clock);
        if (!answer) return core::unexpected(core::invalid_error(answer.error().message));
        lines.push_back(q->query + ": " + *answer);
    }
    auto mine = m.answer_to(m.me, "q");
    if (!mine) return core::unexpected(mine.error());
    compose::append_section(**mine, "Answers:", lines);
    return {};
}

// What the sender asked for (Ask), once every line has acted, each in its part of the
// sender's one answer: the record, help, the standings, the games as this mail leaves them
// (this one included), the leave, the list view's answers.
Done answer_asks(GameMail& m, const Turn& turn) {
    if (turn.last<ShowRecord>()) CK_TRY(queue_record(m));
    if (turn.last<ShowHelp>()) {
        auto env = m.envelope(m.me, m.disc + "h");
        if (!env) return core::unexpected(env.error());
        CK_TRY(m.queue(m.me, compose::help_mail(m.desk.templates, *env, m.my_view(), m.help())));
    }
    if (const auto* s = turn.last<ShowStandings>())
        CK_TRY(answer_standings(m.club, m.sender, s->tournament, m.disc + "s", m.tx));
    if (turn.last<ShowGames>())
        CK_TRY(queue_games_list(m.club, m.sender, m.disc + "g", m.tx, {},
                                ChangedGame{m.game(), &m.g}));
    if (const auto* leave = turn.last<TakeLeave>())
        CK_TRY(answer_leave(m.desk, m.sender, leave->days, m.v.message_id, m.disc + "l", m.game(),
                            &m.g, m.tx));
    return answer_queries(m, turn);
}

// What the referee has to say about the sender's lines (README "What every refusal tells the
// player"), in the sender's answer (their board when nothing else is said): a mail answering
// an earlier move, why requests were refused, lines not used, comments on move lines, the
// sender's conditional moves, and the lines not acted on (compose/reply_sections.hpp: quoted
// in the answer; with no other answer, the unknown-command mail quotes the first).
Done explain(GameMail& m, const Turn& turn, bool acted_on_game) {
    const bool over_before = m.session.over_at_open();
    const int plies_before = m.session.plies_at_open();
    std::vector<std::string> notices;
    if (const auto older = answered_ply(m.msg, m.v);
        older && *older < plies_before && acted_on_game && !over_before)
        notices.push_back("Your mail answers the referee's mail of an earlier move (" +
                          std::to_string(*older) + " moves played then, " +
                          std::to_string(plies_before) +
                          " when it came): it was read against the game as it stands.");
    const std::pair<const char*, const std::vector<std::string>*> sections[] = {
        {"Note:", &notices},
        {"Why:", &turn.explained},
        {"Not used:", &turn.unused},
    };
    for (const auto& [heading, lines] : sections) {
        if (lines->empty()) continue;
        auto mine = m.answer_to(m.me, "e");
        if (!mine) return core::unexpected(mine.error());
        compose::append_section(**mine, heading,
                                compose::first_lines(*lines, compose::MaxQuotedLines));
    }
    if (!turn.comments.empty()) {
        auto mine = m.answer_to(m.me, "e");
        if (!mine) return core::unexpected(mine.error());
        compose::append_quoted_section(
            **mine,
            "Comments on your move lines, kept as you wrote them, "
            "not acted on:",
            compose::first_lines(turn.comments, compose::MaxQuotedLines));
    }
    // What concerns each player's own conditional moves, in that player's mail only.
    if (m.cond.answer_sender) CK_TRY(m.answer_to(m.me, "c"));
    append_conditional_sections(m.tx, m.g.meta, m.cond);
    std::vector<std::string> unknown = turn.unknown;
    if (!unknown.empty() && m.tx.first_outgoing_to(m.sender) == nullptr) {
        auto env = m.envelope(m.me, m.disc + "u0");
        if (!env) return core::unexpected(env.error());
        const compose::UnknownCommandDetails details{unknown[0], command_problem(unknown[0])};
        CK_TRY(m.queue(m.me, compose::unknown_command_mail(m.desk.templates, *env, m.my_view(),
                                                           details, m.help())));
        unknown.erase(unknown.begin());
    }
    // A line that starts with a command's word says what is wrong (command_problems.hpp).
    if (!unknown.empty()) append_unknown_lines(*m.tx.first_outgoing_to(m.sender), unknown);
    return {};
}

}  // namespace

core::Result<void, core::Error> answer_game_mail(const GameDesk& desk, const mail::MailMessage& msg,
                                                 const AuthVerdict& v,
                                                 const std::vector<Command>& commands,
                                                 const std::string& disc, store::Transaction& tx,
                                                 std::optional<core::TimePoint> arrived,
                                                 MailRun* outer) {
    const core::LogContext about_game("game " +
                                      to_string(*v.game));  // on every line of this game's mail
    // The game's session (game_session.hpp): every change to the game is one of its operations.
    auto opened = GameSession::open(desk.games, desk.store, *v.game);
    if (!opened) return core::unexpected(opened.error());
    const ClubDesk club_desk{desk.config, desk.players, desk.store, desk.templates, &desk.games};
    GameMail m(desk, club_desk, msg, v, *opened, disc, tx);
    // The mail's run through the command table (mail_run.hpp): the caller's, which then answers
    // the `set` lines, or one of this game's own.
    MailRun own(Where::Game, club_desk, m.sender, disc, tx);
    MailRun& run = outer != nullptr ? *outer : own;
    auto refused = refuse_whole(m, run, commands);
    if (!refused) return core::unexpected(refused.error());
    if (*refused) return {};

    Turn turn(v, *opened, v.colour);
    CK_TRY(run_commands(run, turn, commands));
    CK_TRY(settle(m, turn, commands, arrived));
    CK_TRY(queue_turn_mails(m, turn));
    CK_TRY(queue_draw_mails(m));
    CK_TRY(pass_on_notes(m, turn));
    CK_TRY(answer_asks(m, turn));
    CK_TRY(explain(m, turn, acts_on_game(commands)));
    tx.merge_outgoing(m.sender, compose::merge_replies);  // one answer per mail
    return {};
}

}  // namespace ck::daemon
