// A player's mail to one of their games (game_turn.hpp).
#include "daemon/game_turn.hpp"

#include <optional>
#include <sstream>
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

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

const char* side_name(Color c) { return c == Color::White ? "white" : "black"; }

// One incoming mail's answers, queued into the transaction.
class Answers {
public:
    Answers(const GameDesk& desk, store::GameId game, const StoredGame& g, store::Transaction& tx)
        : desk_(desk), game_(game), g_(g), tx_(tx) {}

    // Queues `mail` to player `c`, with `attachment` when given.
    core::Result<void, core::Error> queue(Color c, compose::MailResult mail,
                                          std::optional<mail::Attachment> attachment = {}) {
        return queue_mail(tx_, desk_.config, g_.meta.address(c), std::move(mail),
                          std::move(attachment));
    }
    core::Result<compose::Envelope, core::Error> envelope(Color c, const std::string& disc) const {
        auto env = game_envelope(desk_, game_, g_.meta, c, disc, tx_);
        if (env) add_receipt(*env, g_);  // receipt_line.hpp
        return env;
    }

private:
    const GameDesk& desk_;
    store::GameId game_;
    const StoredGame& g_;
    store::Transaction& tx_;
};

#define CK_ENV(var, colour, disc)                  \
    auto var = answers.envelope((colour), (disc)); \
    if (!var) return core::unexpected(var.error())

}  // namespace

namespace {

using Kind = Command::Kind;
using Done = core::Result<void, core::Error>;

}  // namespace

// One game mail while its commands run (the game_* handlers of the command table change it,
// mail_run.hpp). What the mail did to the game is the session's events (game_events.hpp); the
// rest is what the mail asks of the referee. The answers are composed from both once every
// command has run.
struct Turn {
    Turn(const AuthVerdict& verdict, GameSession& s, Color colour)
        : v(verdict), session(s), me(colour) {}
    const AuthVerdict& v;
    GameSession& session;
    Color me;
    bool game_cmd = false;  // a command that acts on the game (refused once it is over)
    bool want_board = false, want_help = false, want_pgn = false, want_games = false;
    bool want_standings = false;
    std::string standings_arg;
    int leave_days = 0;
    std::vector<std::string> notes;    // `say` / `message:` texts, in order
    std::vector<std::string> queries;  // the list view's queries, as parse_view_query reads them
    std::vector<std::string> unknown;  // lines not acted on, as written
    // The sender's answer (README "What every refusal tells the player"): why a request was
    // refused or not ruled ("Qh5: none of your pieces can move there"), lines not used ("Nf3
    // -- a move was already played") and the comments on move lines, quoted.
    std::vector<std::string> explained;
    std::vector<std::string> unused;
    std::vector<std::string> comments;

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
    t.game_cmd = true;
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
    t.game_cmd = true;
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

Done note(Turn& t, const Command& cmd) {
    t.notes.push_back(cmd.as<NoteArgs>().note);
    return {};
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

}  // namespace

// The command table's handlers at a game's reply address (mail_run.hpp): each changes the
// mail's Turn; answer_game_mail composes the answers once the commands have run.
Handled game_try(MailRun& run, const Command& c) { return play(*run.turn, c); }
Handled game_draw(MailRun& run, const Command& c) { return draw_answer(*run.turn, c); }
Handled game_board(MailRun& run, const Command&) { return run.turn->want_board = true, Done{}; }
Handled game_pgn(MailRun& run, const Command&) { return run.turn->want_pgn = true, Done{}; }
Handled game_games(MailRun& run, const Command&) { return run.turn->want_games = true, Done{}; }
Handled game_help(MailRun& run, const Command&) { return run.turn->want_help = true, Done{}; }
Handled game_standings(MailRun& run, const Command& c) {
    run.turn->want_standings = true;
    run.turn->standings_arg = c.argument();
    return {};
}
// leave_mail.hpp, after the game's own answers.
Handled game_leave(MailRun& run, const Command& c) {
    return run.turn->leave_days = c.as<LeaveArgs>().days, Done{};
}
Handled game_note(MailRun& run, const Command& c) { return note(*run.turn, c); }
// Conditional moves are stored, listed and cleared after the mail's other commands, since a
// stored reply may fire on this mail's move (conditional_mail.hpp run_conditionals).
Handled game_conditional(MailRun& run, const Command& c) {
    if (c.kind != Kind::Conditionals) run.turn->game_cmd = true;
    return {};
}
// compose/view_queries.hpp: answered from the sender's view as it stands after the mail.
Handled game_view_query(MailRun& run, const Command& c) {
    run.turn->queries.push_back(c.argument());
    return {};
}
Handled game_unknown(MailRun& run, const Command& c) {
    run.turn->unknown.push_back(c.text);
    return {};
}

core::Result<void, core::Error> answer_game_mail(const GameDesk& desk, const mail::MailMessage& msg,
                                                 const AuthVerdict& v,
                                                 const std::vector<Command>& commands,
                                                 const std::string& disc, store::Transaction& tx,
                                                 std::optional<core::TimePoint> arrived,
                                                 MailRun* outer) {
    auto& log = core::operator_log();
    const core::LogContext about_game("game " +
                                      to_string(*v.game));  // on every line of this game's mail
    const store::GameId gid = *v.game;  // Accept: a game of the store (auth.hpp)
    // The game's session (game_session.hpp): every change to the game is one of its operations.
    auto opened = GameSession::open(desk.games, desk.store, gid);
    if (!opened) return core::unexpected(opened.error());
    GameSession& session = *opened;
    const StoredGame& g = session.game();
    const Color me = v.colour;
    const std::string& my_address = g.meta.address(me);
    Answers answers(desk, gid, g, tx);
    const auto& t = desk.templates;

    const auto refuse = [&](compose::RefusalReason reason,
                            std::string written = {}) -> core::Result<void, core::Error> {
        CK_ENV(env, me, disc);
        compose::RefusalDetails d{reason, split_lines(msg.body_text), std::move(written)};
        return answers.queue(me, compose::refusal_mail(t, *env, g.game.view(me), d));
    };

    // The mail's run through the command table (mail_run.hpp): the caller's, which then answers
    // the `set` lines, or one of this game's own.
    const ClubDesk club_desk{desk.config, desk.players, desk.store, desk.templates, &desk.games};
    MailRun own(Where::Game, club_desk, my_address, disc, tx);
    MailRun& run = outer != nullptr ? *outer : own;
    // A mail refused whole still has its settings lines answered (settings_mail.hpp).
    const auto settings_only = [&]() -> Done {
        for (const Command& c : commands)
            if (c.kind == Kind::Set || c.kind == Kind::Settings) CK_TRY(run_command(run, c));
        return {};
    };

    if (commands.empty()) return refuse(compose::RefusalReason::NothingFound);
    if (auto stale = check_move_numbers(commands, g.game.move_number(), g.game.side_to_move());
        !stale) {
        log.info("game " + to_string(gid) + ": stale mail (move " +
                 std::to_string(stale.error().written) + ", now " +
                 std::to_string(stale.error().expected) + ")");
        CK_TRY(settings_only());
        if (stale.error().wrong_side)  // issue 24, D10: "3... is Black's move; ..."
            return refuse(compose::RefusalReason::WrongSide,
                          std::to_string(stale.error().written) + "...");
        return refuse(compose::RefusalReason::Stale);
    }

    Turn turn(v, session, me);
    const bool over_before = session.over_at_open();
    const int plies_before = session.plies_at_open();
    // Every command in the order written, through its row of the command table.
    run.turn = &turn;
    for (const auto& cmd : commands) {
        auto done = run_command(run, cmd);
        if (!done) {
            run.turn = nullptr;
            return done;
        }
    }
    run.turn = nullptr;
    // What the mail's own commands did (the conditional replies come after).
    const GameEvents mail_events = session.events();
    // Conditional moves (conditional_mail.hpp): the mail's conditional commands, then the
    // replies that fire, in this transaction.
    const bool sender_moved = g.record.plies() > plies_before;
    auto cond = run_conditionals(desk.store, tx, session, me, commands, sender_moved);
    if (!cond) return core::unexpected(cond.error());
    const std::size_t ruled =
        count_events<RequestRuled>(mail_events) + count_events<Resigned>(mail_events);
    const bool agreed = find_event<DrawAccepted>(mail_events) != nullptr;

    if (over_before && turn.game_cmd)
        CK_TRY(refuse(compose::RefusalReason::GameOver));
    else if (find_event<NotOnMove>(mail_events) && ruled == 0)
        CK_TRY(refuse(compose::RefusalReason::NotYourTurn));

    // Notes to the opponent: kept in game.ini and in the record as a comment of this ply.
    for (const std::string& n : turn.notes) session.note(me, n);
    if (session.over() && !over_before && !find_event<GameEnded>(session.events()))
        return core::unexpected(
            core::corrupt_error("game " + to_string(gid) + ": an end the referee cannot name"));
    // The one path from the session's events to the store (game_end.hpp): the game and its
    // clock saved, their consequences applied, and a game's end mailed and recorded (rating,
    // end mails, followers, tournament).
    auto settled = settle_game(desk, session, EndMailing{me, disc, disc}, tx, arrived);
    if (!settled) return core::unexpected(settled.error());
    const TurnPassed* passed = find_event<TurnPassed>(session.events());
    const auto turn_details = [&](Color c) -> core::Result<compose::TurnDetails, core::Error> {
        compose::TurnDetails d;
        if (cond->fired()) d.heard_from = cond->heard_from[rules::index_of(c)];
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
    };
    const auto board_mail = [&](Color c, const std::string& d) -> core::Result<void, core::Error> {
        CK_ENV(env, c, d);
        auto td = turn_details(c);
        if (!td) return core::unexpected(td.error());
        return answers.queue(c, compose::turn_mail(t, *env, g.game.view(c), *td));
    };

    if (ruled > 0 || agreed) {
        if (!g.game.over()) {  // an end was mailed by settle_game
            for (Color c : {me, ~me}) CK_TRY(board_mail(c, disc));
            // Followers (spectators.hpp): only what both players heard.
            CK_TRY(queue_spectator_mails(club_desk, gid, g, disc, tx));
        }
        log.info("game " + to_string(gid) + ": " + std::to_string(ruled) + " request(s) ruled" +
                 (agreed ? ", draw agreed" : "") +
                 (g.game.over()
                      ? ", game over " + std::string(referee::result_marker(g.game.result()))
                      : std::string()));
    } else if (turn.want_board) {
        CK_TRY(board_mail(me, disc));
    }
    // The draw mails, from the mail's draw events in the order they happened.
    std::vector<std::pair<Color, DrawEvent>> draw_mails;
    for (const GameEvent& e : mail_events) {
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
        CK_ENV(env, c, disc + "d" + std::to_string(i));
        CK_TRY(answers.queue(
            c, compose::draw_mail(t, *env, g.game.view(c), compose::DrawDetails{event})));
    }
    if (!turn.notes.empty()) {
        // The opponent's next mail carries the note, marked as the sender's words (README
        // "Notes to the opponent"); when this mail causes none, it is the opponent's board.
        const std::string& opponent = g.meta.address(~me);
        if (tx.first_outgoing_to(opponent) == nullptr) CK_TRY(board_mail(~me, disc + "n"));
        const std::vector<std::string> lines = note_lines(turn.notes);
        compose::append_quoted_section(*tx.first_outgoing_to(opponent),
                                       name_of(desk, my_address) + " writes:", lines);
        if (tx.first_outgoing_to(my_address) == nullptr) CK_TRY(board_mail(me, disc + "n"));
        compose::append_quoted_section(*tx.first_outgoing_to(my_address),
                                       "Passed on to " + name_of(desk, opponent) + ":", lines);
    }
    if (turn.want_pgn) {
        // In open play the true game is no secret: the full record at any time.
        const bool full = g.game.over() || !g.game.hidden();
        const std::string as = full ? "referee" : side_name(me);
        auto text = record_text(g, as);
        if (!text) return core::unexpected(text.error());
        auto attachment = record_attachment(gid, as, std::move(*text));
        // The name is copied before the attachment is moved into the same call (the order in
        // which a call's arguments are evaluated is unspecified).
        const compose::RecordDetails details{full, attachment.name};
        CK_ENV(env, me, disc + "p");
        CK_TRY(answers.queue(me, compose::record_mail(t, *env, g.game.view(me), details),
                             std::move(attachment)));
    }
    // The sender's view for the help and unknown-command mails, built only for them (a view
    // copies everything the player heard).
    std::optional<referee::PlayerView> view;
    const auto my_view = [&] {
        if (!view) view = g.game.view(me);
        return &*view;
    };
    compose::HelpDetails help{desk.config.referee_address};
    if (turn.want_help) {
        CK_ENV(env, me, disc + "h");
        CK_TRY(answers.queue(me, compose::help_mail(t, *env, my_view(), help)));
    }
    if (turn.want_standings)
        CK_TRY(answer_standings(club_desk, my_address, turn.standings_arg, disc + "s", tx));
    if (turn.want_games)  // the games as this mail leaves them, this one included
        CK_TRY(queue_games_list(club_desk, my_address, disc + "g", tx, {}, ChangedGame{gid, &g}));
    if (turn.leave_days > 0)
        CK_TRY(
            answer_leave(desk, my_address, turn.leave_days, v.message_id, disc + "l", gid, &g, tx));
    // The list view's queries (compose/view_queries.hpp), answered from the sender's own view
    // as it stands after this mail, in the sender's answer (their board when nothing else is
    // said).
    if (!turn.queries.empty()) {
        compose::ClockFacts clock{std::nullopt, tx.now()};
        if (!g.game.over()) {
            auto at = game_deadline(desk.store, gid, g, &tx);
            if (!at) return core::unexpected(at.error());
            if (*at) clock.deadline = compose::Deadline{**at};
        }
        std::vector<std::string> lines;
        for (const std::string& q : turn.queries) {
            auto answer = compose::answer_view_query(t.set(), *my_view(),
                                                     *compose::parse_view_query(q), clock);
            if (!answer) return core::unexpected(core::invalid_error(answer.error().message));
            lines.push_back(q + ": " + *answer);
        }
        if (tx.first_outgoing_to(my_address) == nullptr) CK_TRY(board_mail(me, disc + "q"));
        compose::append_section(*tx.first_outgoing_to(my_address), "Answers:", lines);
    }
    // What the referee has to say about the sender's lines (README "What every refusal tells
    // the player"), in the sender's answer; their board when nothing else is said.
    std::vector<std::string> notices;
    if (const auto older = answered_ply(msg, v);
        older && *older < plies_before && turn.game_cmd && !over_before)
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
        if (tx.first_outgoing_to(my_address) == nullptr) CK_TRY(board_mail(me, disc + "e"));
        compose::append_section(*tx.first_outgoing_to(my_address), heading,
                                compose::first_lines(*lines, compose::MaxQuotedLines));
    }
    if (!turn.comments.empty()) {
        if (tx.first_outgoing_to(my_address) == nullptr) CK_TRY(board_mail(me, disc + "e"));
        compose::append_quoted_section(
            *tx.first_outgoing_to(my_address),
            "Comments on your move lines, kept as you wrote them, "
            "not acted on:",
            compose::first_lines(turn.comments, compose::MaxQuotedLines));
    }
    // What concerns each player's own conditional moves, in that player's mail only.
    if (cond->answer_sender && tx.first_outgoing_to(my_address) == nullptr)
        CK_TRY(board_mail(me, disc + "c"));
    append_conditional_sections(tx, g.meta, *cond);
    // One answer per mail (compose/reply_sections.hpp): the lines not acted on are quoted in
    // the sender's answer; with no other answer, the unknown-command mail quotes the first.
    std::vector<std::string> unknown = turn.unknown;
    if (!unknown.empty() && tx.first_outgoing_to(my_address) == nullptr) {
        CK_ENV(env, me, disc + "u0");
        CK_TRY(answers.queue(
            me,
            compose::unknown_command_mail(
                t, *env, my_view(),
                compose::UnknownCommandDetails{unknown[0], command_problem(unknown[0])}, help)));
        unknown.erase(unknown.begin());
    }
    // A line that starts with a command's word says what is wrong (command_problems.hpp).
    if (!unknown.empty()) append_unknown_lines(*tx.first_outgoing_to(my_address), unknown);
    tx.merge_outgoing(my_address, compose::merge_replies);
    return {};
}

}  // namespace ck::daemon
