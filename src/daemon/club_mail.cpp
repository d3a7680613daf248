#include "daemon/club_mail.hpp"

#include <cstdlib>
#include <optional>
#include <vector>

#include "core/log.hpp"
#include "daemon/challenges.hpp"
#include "daemon/commands.hpp"
#include "daemon/game_clock.hpp"
#include "daemon/game_files.hpp"
#include "daemon/ratings.hpp"
#include "daemon/spectators.hpp"
#include "daemon/tournaments.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {
namespace {

using rules::Color;

core::Result<void, std::string> queue(const ClubDesk& desk, const compose::MailResult& mail,
                                      const std::string& address, store::Transaction& tx) {
    if (!mail) return core::unexpected(mail.error().message);
    tx.queue_mail(
        store::SpooledMail{desk.config.referee_address, {address}, mail::render_mime(*mail)});
    return {};
}

}  // namespace

compose::Envelope club_envelope(const ClubDesk& desk, const std::string& address,
                                const std::string& discriminator, const store::Transaction& tx) {
    compose::Envelope env;
    env.from = {RefereeDisplayName, desk.config.referee_address};
    const Player* p = desk.players.find(address);
    env.to = {p ? p->name : std::string(), address};
    env.player_name = p ? p->name : std::string();
    env.date = tx.now();
    env.discriminator = discriminator;
    return env;
}

core::Result<compose::GamesListDetails, std::string> games_of(const ClubDesk& desk,
                                                              const std::string& address) {
    const std::string me = lower_ascii(address);
    auto ids = desk.store.list_games();
    if (!ids) return core::unexpected("games list: " + ids.error().message);
    compose::GamesListDetails out;
    for (const store::GameId id : *ids) {
        // game.ini alone says whether the player is in the game: no replay for other games.
        auto ini = desk.store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta) continue;
        const bool white = lower_ascii(meta->white) == me;
        const bool black = lower_ascii(meta->black) == me;
        if (!white && !black) continue;
        auto loaded = load_game(desk.store, id);
        if (!loaded) {
            core::operator_log().error("games list: game " + std::to_string(id) + ": " +
                                       loaded.error());
            continue;
        }
        // Playing oneself is refused at creation; if it ever happens, list the game once.
        const Color c = white ? Color::White : Color::Black;
        // Only the player's own view: what they know about the game (style guide, "Hidden
        // information is a type").
        const referee::PlayerView view = loaded->game.view(c);
        if (view.result) continue;  // in progress only
        const std::string& opp =
            loaded->meta.address(c == Color::White ? Color::Black : Color::White);
        const Player* op = desk.players.find(opp);
        compose::GamesListEntry e;
        e.game_id = std::to_string(id);
        e.variant = view.variant;
        e.hidden = view.hidden;
        e.opponent = op && !op->name.empty() ? op->name : opp;
        e.colour = c == Color::White ? "White" : "Black";
        e.your_turn = view.to_move == c;
        e.move_number = view.move_number;
        // The deadline of the side to move (game_clock.hpp), whoever that is.
        if (auto at = game_deadline(desk.store, id, *loaded); at && *at)
            e.deadline = compose::Deadline{**at};
        out.games.push_back(std::move(e));
    }
    return out;
}

core::Result<void, std::string> queue_games_list(const ClubDesk& desk, const std::string& address,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx) {
    auto games = games_of(desk, address);
    if (!games) return core::unexpected(games.error());
    const compose::Envelope env = club_envelope(desk, address, discriminator, tx);
    return queue(desk, compose::games_list_mail(desk.templates, env, *games), address, tx);
}

core::Result<void, std::string> answer_club_mail(const ClubDesk& desk,
                                                 const mail::MailMessage& message,
                                                 const AuthVerdict& v,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx) {
    // Only ever the registered address (auth.hpp): never From or Reply-To of the mail.
    const std::string& to = v.reply_to;
    if (to.empty()) return core::unexpected(std::string("club mail without a registered address"));
    bool want_games = false, want_help = false, other = false;
    bool want_standings = false;
    std::string standings_arg;
    std::optional<std::string> ratings_arg;             // `ratings [POOL]` (ratings.hpp)
    std::vector<std::pair<std::string, bool>> follows;  // game id of `follow`/`unfollow`, follow?
    std::string unknown_line;
    const auto commands = parse_commands(message.body_text);
    for (const Command& cmd : commands) {
        switch (cmd.kind) {
            case Command::Kind::Games:
                want_games = true;
                break;
            case Command::Kind::Standings:  // tournaments.hpp
                want_standings = true;
                standings_arg = cmd.argument;
                break;
            case Command::Kind::Help:
                want_help = true;
                break;
            case Command::Kind::Ratings:
                ratings_arg = cmd.argument;
                break;
            case Command::Kind::Follow:  // spectators.hpp
            case Command::Kind::Unfollow:
                follows.emplace_back(cmd.argument, cmd.kind == Command::Kind::Follow);
                break;
            case Command::Kind::Unknown:
                if (unknown_line.empty()) unknown_line = cmd.text;
                break;
            case Command::Kind::Challenge:  // challenges.hpp answers these for ClubMail
            case Command::Kind::Join:       // tournament_entries.hpp, likewise
            case Command::Kind::Withdraw:
                if (v.kind != AuthVerdict::Kind::ClubMail) other = true;
                break;
            default:  // game commands at no game's address
                // `accept N` / `decline N`: a challenge answer (challenges.hpp), not a game's
                if (v.kind == AuthVerdict::Kind::ClubMail && is_challenge_command(cmd)) break;
                other = true;
                break;
        }
    }
    const compose::HelpDetails help{desk.config.referee_address};
    if (want_standings) {
        if (auto r = answer_standings(desk, to, standings_arg, discriminator + "s", tx); !r)
            return r;
    }
    if (ratings_arg) {
        auto details = ratings_details(desk.store, desk.players, *ratings_arg);
        if (!details) return core::unexpected(details.error());
        const auto env = club_envelope(desk, to, discriminator + "r", tx);
        if (auto r = queue(desk, compose::ratings_mail(desk.templates, env, *details), to, tx); !r)
            return r;
    }
    if (want_games) {
        if (auto r = queue_games_list(desk, to, discriminator + "g", tx); !r) return r;
    }
    for (std::size_t i = 0; i < follows.size(); ++i) {
        const std::string& arg = follows[i].first;  // "42" or "#42"
        const char* digits = arg.c_str() + (arg.rfind('#', 0) == 0 ? 1 : 0);
        const bool numeric = *digits != '\0' && std::string(digits).find_first_not_of(
                                                    "0123456789") == std::string::npos;
        const auto id = numeric ? static_cast<store::GameId>(std::strtoull(digits, nullptr, 10))
                                : store::GameId{0};
        auto r = set_following(desk, id, to, follows[i].second, true,
                               discriminator + "f" + std::to_string(i), tx);
        if (!r) return core::unexpected(r.error());
    }
    if (!unknown_line.empty()) {
        const auto env = club_envelope(desk, to, discriminator + "u", tx);
        return queue(
            desk,
            compose::unknown_command_mail(desk.templates, env, nullptr,
                                          compose::UnknownCommandDetails{unknown_line}, help),
            to, tx);
    }
    if (want_help || other || commands.empty()) {
        const auto env = club_envelope(desk, to, discriminator, tx);
        return queue(desk, compose::help_mail(desk.templates, env, nullptr, help), to, tx);
    }
    return {};
}

}  // namespace ck::daemon
