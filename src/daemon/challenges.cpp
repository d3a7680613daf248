// Challenges by mail (challenges.hpp).
#include "daemon/challenges.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/bots.hpp"
#include "daemon/games_list.hpp"
#include "daemon/mail_run.hpp"
#include "daemon/queue_mail.hpp"
#include "league/bot_games.hpp"
#include "league/players.hpp"
#include "league/time_control.hpp"
#include "mail/outgoing.hpp"
#include "referee/rule_set.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::Bot;
using league::Challenge;
using league::ChallengeBook;
using league::find_bot;
using league::format_time_control;
using league::load_challenges;
using league::parse_challenge_id;
using league::Player;
using league::save_challenges;

namespace {

using Event = compose::ChallengeDetails::Event;

// Why a removed bot declines, as its challenger reads it (the challenge mail's reason).
constexpr const char* RemovedBotDeclines =
    "it was removed from the club and accepts no more challenges";

std::string shown_name(const ClubDesk& desk, const std::string& address) {
    const Player* p = desk.players.find(address);
    return p && !p->name.empty() ? p->name + " <" + p->address + ">" : address;
}

core::Result<void, core::Error> send(const ClubDesk& desk, const std::string& to,
                                     const compose::ChallengeDetails& d,
                                     const std::string& discriminator, store::Transaction& tx) {
    const compose::Envelope env = club_envelope(desk, to, discriminator, tx);
    return queue_mail(tx, desk.config, to, compose::challenge_mail(desk.templates, env, d));
}

// `rated_default`: the club's default for games not made casual (README "Ratings").
compose::ChallengeDetails details(const Challenge& c, Event e, std::string opponent, int days,
                                  bool rated_default) {
    compose::ChallengeDetails d;  // `reason`: none here (Declined by a removed bot sets one)
    d.event = e;
    d.id = std::to_string(c.id);
    d.opponent = std::move(opponent);
    d.variant = c.variant;
    d.hidden = c.hidden;
    d.time = c.time;
    d.days = days;
    if (c.rules != referee::RuleSet::CrazyKrieg) d.rules = referee::rule_set_name(c.rules);
    d.rated = rated_default && !c.casual;
    return d;
}

// Starts the game of challenge `c`, accepted (the challenger plays White). A game that cannot be
// started is answered to `answerer` as an unknown challenge, unless the failure is Transient:
// then it is the error (the mail is retried).
core::Result<void, core::Error> start_challenge_game(const ClubDesk& desk, const GameStarter& start,
                                                     const Challenge& c,
                                                     const std::string& answerer,
                                                     const std::string& disc,
                                                     store::Transaction& tx) {
    NewGame g;
    g.variant = c.variant;
    g.hidden = c.hidden;
    if (c.casual) g.rated = false;  // else the club's default (README "Ratings")
    g.rules = c.rules;
    g.white = c.challenger;
    g.black = c.challenged;
    g.time = c.time;
    auto gid = start(g, tx);
    if (!gid && gid.error().transient()) return core::unexpected(gid.error());
    if (!gid) {  // e.g. a player was removed meanwhile: the challenge is gone, say so
        core::operator_log().error("challenge " + std::to_string(c.id) + ": " + gid.error().detail);
        compose::ChallengeDetails d;
        d.event = Event::NoSuchId;
        d.id = std::to_string(c.id);
        return send(desk, answerer, d, disc, tx);
    }
    core::operator_log().info("challenge " + std::to_string(c.id) + " accepted: game " +
                              to_string(*gid));
    return {};
}

// A challenge to a bot (bots.hpp) is answered by the bot at once: accepted when its engine can
// play the game and it has room (its games in progress, plus those it accepted in this mail,
// are fewer than its limit), else declined. `accepted`: games each bot took earlier in this
// mail, by address (not yet in the store).
core::Result<void, core::Error> bot_answers(const ClubDesk& desk, const GameStarter& start,
                                            const Bot& bot, const Challenge& c,
                                            std::map<std::string, int>& accepted,
                                            const std::string& disc, store::Transaction& tx) {
    auto playing = league::games_with_bots(desk.store, bot.address);  // the bot-games index
    if (!playing) return core::unexpected(playing.error());
    const auto why =
        bot_declines(bot, c.variant, c.hidden, false,
                     playing->size() + static_cast<std::size_t>(accepted[bot.address]));
    if (why) {
        core::operator_log().info("challenge " + std::to_string(c.id) + " declined by bot " +
                                  bot.address + ": " + *why);
        compose::ChallengeDetails d = details(c, Event::Declined, shown_name(desk, c.challenged),
                                              desk.config.challenge_days, desk.config.rated);
        // README "Bots as club players": a removed bot tells the challenger it takes no game
        // any more (no use asking again); its other reasons name its engine or its limit and
        // stay in the operator log.
        if (bot.removed) d.reason = RemovedBotDeclines;
        return send(desk, c.challenger, d, disc, tx);
    }
    ++accepted[bot.address];
    return start_challenge_game(desk, start, c, c.challenger, disc, tx);
}

}  // namespace

bool is_challenge_command(const Command& c) {
    if (c.kind == Command::Kind::Challenge) return true;
    return (c.kind == Command::Kind::Accept || c.kind == Command::Kind::Decline) &&
           parse_challenge_id(c.argument()) != 0;
}

// One mail's challenge lines (mail_run.hpp): the book, loaded at the first of them and written
// once after the last (finish_challenges).
struct ChallengeRun {
    ChallengeBook book;
    const Player* me = nullptr;
    int n = 0;                                // challenge lines answered so far
    std::map<std::string, int> bot_accepted;  // games bots accepted in this mail (bot_answers)
};

namespace {

core::Result<ChallengeRun*, core::Error> challenge_part(MailRun& run) {
    if (run.challenges) return run.challenges.get();
    auto loaded = load_challenges(run.desk.store);
    if (!loaded) return core::unexpected(loaded.error());
    auto part = std::make_shared<ChallengeRun>();
    part->book = std::move(*loaded);
    // Lapsed challenges go whenever the book is written.
    league::drop_lapsed_challenges(part->book, run.tx.now(), run.desk.config.challenge_days);
    part->me = run.desk.players.find(run.sender);
    if (!part->me)
        return core::unexpected(core::invalid_error("challenge from unregistered " + run.sender));
    run.challenges = part;
    return part.get();
}

}  // namespace

Handled club_challenge(MailRun& run, const Command& cmd) {
    // A bare `accept` / `decline` answers a draw offer, in a game's mail only.
    if (!is_challenge_command(cmd) || !run.acts || !run.new_game) return club_not_here(run, cmd);
    auto part = challenge_part(run);
    if (!part) return core::unexpected(part.error());
    const ClubDesk& desk = run.desk;
    const GameStarter& start = run.new_game;
    store::Transaction& tx = run.tx;
    ChallengeBook& book = (*part)->book;
    const Player* me = (*part)->me;
    const int days = desk.config.challenge_days;
    const std::string disc = run.disc + "c" + std::to_string((*part)->n++);
    if (cmd.kind == Command::Kind::Challenge) {
        const ChallengeArgs& asked = cmd.as<ChallengeArgs>();
        const Player* them = desk.players.find(asked.address);
        if (!them || them == me) {
            compose::ChallengeDetails d;
            d.event = Event::NoPlayer;
            d.opponent = asked.address;
            return send(desk, me->address, d, disc, tx);
        }
        Challenge c;
        c.id = book.next_id++;
        c.challenger = me->address;
        c.challenged = them->address;
        c.variant = asked.variant;
        c.hidden = asked.hidden;
        c.casual = asked.casual;
        c.rules = asked.rules;
        c.time = format_time_control(asked.time ? *asked.time : desk.config.default_time);
        c.created = tx.now();
        if (auto bot = find_bot(desk.store, c.challenged))
            return bot_answers(desk, start, *bot, c, (*part)->bot_accepted, disc, tx);
        CK_TRY(send(
            desk, c.challenged,
            details(c, Event::Invited, shown_name(desk, c.challenger), days, desk.config.rated),
            disc + "i", tx));
        CK_TRY(
            send(desk, c.challenger,
                 details(c, Event::Sent, shown_name(desk, c.challenged), days, desk.config.rated),
                 disc + "s", tx));
        core::operator_log().info("challenge " + std::to_string(c.id) + ": " + c.challenger +
                                  " -> " + c.challenged);
        book.open.push_back(std::move(c));
        return {};
    }
    const std::uint64_t id = parse_challenge_id(cmd.argument());
    auto it = std::find_if(book.open.begin(), book.open.end(), [&](const Challenge& c) {
        return c.id == id && lower_ascii(c.challenged) == lower_ascii(me->address);
    });
    if (it == book.open.end()) {
        compose::ChallengeDetails d;
        d.event = Event::NoSuchId;
        d.id = std::to_string(id);
        return send(desk, me->address, d, disc, tx);
    }
    const Challenge c = *it;
    book.open.erase(it);
    if (cmd.kind == Command::Kind::Decline) {
        CK_TRY(send(
            desk, c.challenger,
            details(c, Event::Declined, shown_name(desk, c.challenged), days, desk.config.rated),
            disc, tx));
        core::operator_log().info("challenge " + std::to_string(c.id) + " declined");
        return {};
    }
    return start_challenge_game(desk, start, c, me->address, disc, tx);
}

Handled finish_challenges(MailRun& run) {
    save_challenges(run.tx, run.challenges->book);
    return {};
}

}  // namespace ck::daemon
