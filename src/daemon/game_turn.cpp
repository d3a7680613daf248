// A player's mail to one of their games (game_turn.hpp).
#include "daemon/game_turn.hpp"

#include <optional>
#include <sstream>
#include <vector>

#include "core/log.hpp"
#include "daemon/club_mail.hpp"
#include "daemon/commands.hpp"
#include "daemon/game_clock.hpp"
#include "daemon/leave_mail.hpp"
#include "daemon/ratings.hpp"
#include "daemon/receipt_line.hpp"
#include "daemon/reply_address.hpp"
#include "daemon/spectators.hpp"
#include "daemon/tournament_hooks.hpp"
#include "daemon/tournaments.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {
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

store::GameId parse_id(const std::string& s) {
    try {
        return static_cast<store::GameId>(std::stoull(s));
    } catch (...) {
        return 0;
    }
}

const char* side_name(Color c) { return c == Color::White ? "white" : "black"; }

// One incoming mail's answers, queued into the transaction.
class Answers {
public:
    Answers(const GameDesk& desk, const std::string& game, const StoredGame& g,
            store::Transaction& tx)
        : desk_(desk), game_(game), g_(g), tx_(tx) {}

    // Queues `mail` to player `c`, with `attachment` when given.
    core::Result<void, std::string> queue(Color c, compose::MailResult mail,
                                          std::optional<mail::Attachment> attachment = {}) {
        if (!mail) return core::unexpected(mail.error().message);
        if (attachment) mail->attachments.push_back(std::move(*attachment));
        tx_.queue_mail(store::SpooledMail{
            desk_.config.referee_address, {g_.meta.address(c)}, mail::render_mime(*mail)});
        return {};
    }
    core::Result<compose::Envelope, std::string> envelope(Color c, const std::string& disc) const {
        auto env = game_envelope(desk_, game_, g_.meta, c, disc, tx_);
        if (env) add_receipt(*env, g_);  // receipt_line.hpp
        return env;
    }

private:
    const GameDesk& desk_;
    const std::string& game_;
    const StoredGame& g_;
    store::Transaction& tx_;
};

#define CK_ENV(var, colour, disc)                  \
    auto var = answers.envelope((colour), (disc)); \
    if (!var) return core::unexpected(var.error())

}  // namespace

core::Result<compose::Envelope, std::string> game_envelope(const GameDesk& desk,
                                                           const std::string& game,
                                                           const GameMeta& meta, Color c,
                                                           const std::string& discriminator,
                                                           const store::Transaction& tx) {
    compose::Envelope env;
    env.from = {RefereeDisplayName, desk.config.referee_address};
    const Player* p = desk.players.find(meta.address(c));
    env.to = {p ? p->name : std::string(), meta.address(c)};
    env.player_name = p ? p->name : std::string();
    env.date = tx.now();
    env.discriminator = discriminator;
    env.game_id = game;
    auto reply = build_reply_address(desk.config.referee_address, game, c, desk.secret);
    if (!reply) return core::unexpected(reply.error().message);
    env.reply_to = {RefereeDisplayName, *reply};
    const Player* opp = desk.players.find(meta.address(~c));
    env.opponent_name = opp ? opp->name : meta.address(~c);
    return env;
}

mail::Attachment record_attachment(const std::string& game, const std::string& as,
                                   std::string text) {
    const std::string name =
        "crazykrieg-" + game + (as == "referee" ? std::string() : "-" + as) + ".pgn";
    return mail::Attachment{name, "application/vnd.chess-pgn", std::move(text)};
}

core::Result<void, std::string> answer_game_mail(const GameDesk& desk, const mail::MailMessage& msg,
                                                 const AuthVerdict& v, const std::string& disc,
                                                 store::Transaction& tx) {
    auto& log = core::operator_log();
    const store::GameId gid = parse_id(v.game);
    auto loaded = load_game(desk.store, gid);
    if (!loaded) return core::unexpected(loaded.error());
    StoredGame& g = *loaded;
    const Color me = v.colour;
    Answers answers(desk, v.game, g, tx);
    const auto& t = desk.templates;

    const auto refuse = [&](compose::RefusalReason reason) -> core::Result<void, std::string> {
        CK_ENV(env, me, disc);
        compose::RefusalDetails d{reason, split_lines(msg.body_text)};
        return answers.queue(me, compose::refusal_mail(t, *env, g.game.view(me), d));
    };

    const auto commands = parse_commands(msg.body_text);
    if (commands.empty()) return refuse(compose::RefusalReason::NothingFound);
    if (auto stale =
            check_move_numbers(commands, g.game.view(me).move_number, g.game.side_to_move());
        !stale) {
        log.info("game " + v.game + ": stale mail (move " + std::to_string(stale.error().written) +
                 ", now " + std::to_string(stale.error().expected) + ")");
        return refuse(compose::RefusalReason::Stale);
    }

    std::size_t ruled = 0;
    std::vector<std::string> unknown;
    std::vector<std::pair<Color, DrawEvent>> draw_mails;
    const bool over_before = g.game.over();
    const GameMeta meta_before = g.meta;
    bool not_turn = false, game_cmd = false, agreed = false;
    bool want_board = false, want_help = false, want_pgn = false, want_games = false;
    bool turn_done = false;
    bool want_standings = false;
    std::string standings_arg;
    int leave_days = 0;
    const Color to_move_before = g.game.side_to_move();
    for (const auto& cmd : commands) {
        switch (cmd.kind) {
            case Command::Kind::Move:
            case Command::Kind::AnyQuery:
            case Command::Kind::Resign: {
                game_cmd = true;
                if (g.game.over() || turn_done) break;  // later tries are not needed
                if (g.game.side_to_move() != me) {
                    not_turn = true;
                    break;
                }
                const std::string text = cmd.kind == Command::Kind::Move       ? cmd.text
                                         : cmd.kind == Command::Kind::AnyQuery ? "any?"
                                                                               : "resign";
                const auto offer = g.meta.draw_offer;
                const auto r = play_request(g, text);
                if (r.answer == referee::Answer::Error) {
                    log.info("game " + v.game + ": '" + text + "': " + r.error);
                    unknown.push_back(cmd.text);
                    break;
                }
                ++ruled;
                if (offer == ~me && !g.meta.draw_offer && !g.game.over())
                    draw_mails.emplace_back(~me, DrawEvent::Lapsed);
                if (g.game.over() || g.game.side_to_move() != me) turn_done = true;
                break;
            }
            case Command::Kind::Draw:
            case Command::Kind::Accept:
            case Command::Kind::Decline: {
                game_cmd = true;
                if (g.game.over()) break;
                const bool pending = g.meta.draw_offer == ~me;
                if (cmd.kind == Command::Kind::Decline) {
                    if (!pending) {
                        draw_mails.emplace_back(me, DrawEvent::NoOffer);
                        break;
                    }
                    g.meta.draw_offer.reset();
                    draw_mails.emplace_back(~me, DrawEvent::Declined);
                    draw_mails.emplace_back(me, DrawEvent::DeclineSent);
                } else if (pending) {
                    CK_TRY(end_game(g, "1/2-1/2", "agreement"));
                    agreed = true;
                } else if (cmd.kind == Command::Kind::Accept) {
                    unknown.push_back(cmd.text);  // nothing to accept
                } else {
                    if (g.meta.draw_offer != me) draw_mails.emplace_back(~me, DrawEvent::Offered);
                    g.meta.draw_offer = me;
                    draw_mails.emplace_back(me, DrawEvent::OfferSent);
                }
                break;
            }
            case Command::Kind::Board:
                want_board = true;
                break;
            case Command::Kind::Help:
                want_help = true;
                break;
            case Command::Kind::Pgn:
                want_pgn = true;
                break;
            case Command::Kind::Games:
                want_games = true;
                break;
            case Command::Kind::Standings:  // tournaments.hpp
                standings_arg = cmd.argument;
                want_standings = true;
                break;
            case Command::Kind::Leave:  // leave_mail.hpp, after the game's own answers
                leave_days = cmd.days;
                break;
            default:
                unknown.push_back(cmd.text);
                break;
        }
    }

    if (over_before && game_cmd)
        CK_TRY(refuse(compose::RefusalReason::GameOver));
    else if (not_turn && ruled == 0)
        CK_TRY(refuse(compose::RefusalReason::NotYourTurn));

    const bool changed = ruled > 0 || agreed || g.meta.draw_offer != meta_before.draw_offer;
    if (changed) CK_TRY(save_game(tx, gid, g));
    // The game's end reaches its tournament in this same transaction (tournament_hooks.hpp).
    const ClubDesk club_desk{desk.config, desk.players, desk.store, desk.templates};
    if (changed && g.game.over() && !over_before) CK_TRY(record_game_end(club_desk, gid, g, tx));
    // And its rating (ratings.hpp), likewise in this transaction.
    std::vector<std::string> rating_lines;
    if (changed && g.game.over() && !over_before) {
        auto rated = rate_game_end(desk.store, desk.players, gid, g, tx);
        if (!rated) return core::unexpected(rated.error());
        rating_lines = std::move(*rated);
    }
    // The clock (game_clock.hpp): the mover's turn ended with this commit.
    if (!g.game.over() && g.game.side_to_move() != to_move_before)
        CK_TRY(clock_after_move(desk.store, tx, gid, g, to_move_before));
    const auto turn_details = [&](Color c) -> core::Result<compose::TurnDetails, std::string> {
        compose::TurnDetails d;
        if (g.game.over() || g.game.side_to_move() != c) return d;
        auto at = game_deadline(desk.store, gid, g, &tx);
        if (!at) return core::unexpected(at.error());
        if (*at) d.deadline = compose::Deadline{**at};
        return d;
    };

    if (ruled > 0 || agreed) {
        const std::string full = g.game.over() ? g.record.referee_record() : std::string();
        for (Color c : {me, ~me}) {
            CK_ENV(env, c, disc);
            if (g.game.over()) {
                env->ratings = rating_lines;
                compose::GameEndDetails d;
                d.record_attached = true;
                CK_TRY(answers.queue(c, compose::game_end_mail(t, *env, g.game.view(c), d),
                                     record_attachment(v.game, "referee", full)));
            } else {
                auto td = turn_details(c);
                if (!td) return core::unexpected(td.error());
                CK_TRY(answers.queue(c, compose::turn_mail(t, *env, g.game.view(c), *td)));
            }
        }
        // Followers (spectators.hpp): only what both players heard.
        CK_TRY(queue_spectator_mails(
            ClubDesk{desk.config, desk.players, desk.store, desk.templates}, v.game, g, disc, tx));
        log.info("game " + v.game + ": " + std::to_string(ruled) + " request(s) ruled" +
                 (agreed ? ", draw agreed" : "") +
                 (g.game.over() ? ", game over " + *g.game.result() : std::string()));
    } else if (want_board) {
        CK_ENV(env, me, disc);
        auto td = turn_details(me);
        if (!td) return core::unexpected(td.error());
        CK_TRY(answers.queue(me, compose::turn_mail(t, *env, g.game.view(me), *td)));
    }
    for (std::size_t i = 0; i < draw_mails.size(); ++i) {
        const auto [c, event] = draw_mails[i];
        CK_ENV(env, c, disc + "d" + std::to_string(i));
        CK_TRY(answers.queue(
            c, compose::draw_mail(t, *env, g.game.view(c), compose::DrawDetails{event})));
    }
    if (want_pgn) {
        // In open play the true game is no secret: the full record at any time.
        const bool full = g.game.over() || !g.game.hidden();
        const std::string as = full ? "referee" : side_name(me);
        auto text = record_text(g, as);
        if (!text) return core::unexpected(text.error());
        auto attachment = record_attachment(v.game, as, std::move(*text));
        CK_ENV(env, me, disc + "p");
        CK_TRY(answers.queue(me,
                             compose::record_mail(t, *env, g.game.view(me),
                                                  compose::RecordDetails{full, attachment.name}),
                             std::move(attachment)));
    }
    const auto view = g.game.view(me);
    compose::HelpDetails help{desk.config.referee_address};
    if (want_help) {
        CK_ENV(env, me, disc + "h");
        CK_TRY(answers.queue(me, compose::help_mail(t, *env, &view, help)));
    }
    if (want_standings)
        CK_TRY(answer_standings(club_desk, g.meta.address(me), standings_arg, disc + "s", tx));
    if (want_games) {
        const ClubDesk club{desk.config, desk.players, desk.store, desk.templates};
        CK_TRY(queue_games_list(club, g.meta.address(me), disc + "g", tx));
    }
    for (std::size_t i = 0; i < unknown.size(); ++i) {
        CK_ENV(env, me, disc + "u" + std::to_string(i));
        CK_TRY(answers.queue(
            me, compose::unknown_command_mail(t, *env, &view,
                                              compose::UnknownCommandDetails{unknown[i]}, help)));
    }
    if (leave_days > 0)
        CK_TRY(answer_leave(desk, g.meta.address(me), leave_days, v.message_id, disc + "l", gid, &g,
                            tx));
    return {};
}

}  // namespace ck::daemon
