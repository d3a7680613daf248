#include "daemon/club_mail.hpp"

#include "compose/reply_sections.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <vector>

#include "core/log.hpp"
#include "daemon/challenges.hpp"
#include "daemon/command_problems.hpp"
#include "daemon/commands.hpp"
#include "daemon/league_names.hpp"
#include "daemon/mail_run.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/spectators.hpp"
#include "daemon/text_view.hpp"
#include "daemon/tournaments.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"
#include "league/ratings.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

core::Result<StoredGame, core::Error> load_desk_game(const ClubDesk& desk, store::GameId id) {
    if (desk.games) return desk.games->load(desk.store, id);
    return load_game(desk.store, id);
}

namespace {

using rules::Color;

}  // namespace

compose::Envelope club_envelope(const ClubDesk& desk, const std::string& address,
                                const std::string& discriminator, const store::Transaction& tx) {
    compose::Envelope env;
    env.from = {RefereeDisplayName, desk.config.referee_address};
    const Player* p = desk.players.find(address);
    env.to = {p ? p->name : std::string(), address};
    env.player_name = p ? p->name : std::string();
    if (p) env.view = text_view(p->settings);
    env.date = tx.now();
    env.discriminator = discriminator;
    return env;
}

core::Result<compose::GamesListDetails, core::Error> games_of(const ClubDesk& desk,
                                                              const std::string& address) {
    const std::string me = lower_ascii(address);
    auto ids = desk.store.list_games();
    if (!ids)
        return core::unexpected(core::from_io(ids.error(), "games list: " + ids.error().message));
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
        auto loaded = load_desk_game(desk, id);
        if (!loaded) {
            core::operator_log().error("games list: game " + std::to_string(id) + ": " +
                                       loaded.error().detail);
            continue;
        }
        // Playing oneself is refused at creation; if it ever happens, list the game once.
        const Color c = white ? Color::White : Color::Black;
        // Only the player's own view: what they know about the game (docs/design.md, "Hidden
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
    // By urgency (README "Your settings"): the games on the player's move first, then the
    // others; in each, least time left first (no clock last), then by id.
    std::stable_sort(out.games.begin(), out.games.end(),
                     [](const compose::GamesListEntry& a, const compose::GamesListEntry& b) {
                         if (a.your_turn != b.your_turn) return a.your_turn;
                         if (a.deadline.has_value() != b.deadline.has_value())
                             return a.deadline.has_value();
                         return a.deadline && a.deadline->at < b.deadline->at;
                     });
    return out;
}

core::Result<void, core::Error> queue_games_list(const ClubDesk& desk, const std::string& address,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 std::vector<std::string> game_commands) {
    auto games = games_of(desk, address);
    if (!games) return core::unexpected(games.error());
    games->game_commands = std::move(game_commands);
    const compose::Envelope env = club_envelope(desk, address, discriminator, tx);
    return queue_mail(tx, desk.config, address,
                      compose::games_list_mail(desk.templates, env, *games));
}

// What the commands of one club mail asked for that is answered once they have all run
// (finish_club): the club_* handlers fill it.
struct ClubRun {
    bool games = false, help = false, other = false;
    std::vector<std::string> unknown;        // lines not understood, as written
    std::vector<std::string> game_commands;  // game commands sent to no game
    int follows = 0;                         // follow/unfollow lines answered so far
};

namespace {

ClubRun& club_part(MailRun& run) {
    if (!run.club) run.club = std::make_shared<ClubRun>();
    return *run.club;
}

// A game command as the player wrote it, near enough to quote back (commands.hpp keeps the
// move as read and a keyword's parts, not the line).
std::string command_line(const Command& c) {
    switch (c.kind) {
        case Command::Kind::Move:
        case Command::Kind::AnyQuery: {
            const MoveArgs& m = c.as<MoveArgs>();
            return m.move_number ? std::to_string(*m.move_number) +
                                       (m.numbered_side == Color::Black ? "... " : ". ") + c.text
                                 : c.text;
        }
        case Command::Kind::Leave:
            return "leave " + std::to_string(c.as<LeaveArgs>().days);
        case Command::Kind::Say:
            return "say " + c.as<NoteArgs>().note;
        case Command::Kind::Message: {
            const std::string& note = c.as<NoteArgs>().note;
            return "message: " + note.substr(0, note.find('\n'));
        }
        case Command::Kind::ViewQuery:
            return c.argument();  // the whole query (commands.cpp view_query)
        default:
            return c.argument().empty() ? c.text : c.text + " " + c.argument();
    }
}

}  // namespace

Handled club_games(MailRun& run, const Command&) { return club_part(run).games = true, Handled{}; }
Handled club_help(MailRun& run, const Command&) { return club_part(run).help = true, Handled{}; }

// tournaments.hpp: the crosstable as it stands at this line of the mail (an entry made by an
// earlier line of the same mail included).
Handled club_standings(MailRun& run, const Command& c) {
    return answer_standings(run.desk, run.sender, c.argument(), run.disc + "s", run.tx, &run.tx);
}

// ratings.hpp: `ratings [POOL]`.
Handled club_ratings(MailRun& run, const Command& c) {
    auto details = ratings_details(run.desk.store, run.desk.players, c.argument());
    if (!details) return core::unexpected(core::corrupt_error(details.error()));
    const auto env = club_envelope(run.desk, run.sender, run.disc + "r", run.tx);
    return queue_mail(run.tx, run.desk.config, run.sender,
                      compose::ratings_mail(run.desk.templates, env, *details));
}

// spectators.hpp: `follow GAME` / `unfollow GAME` ("42" or "#42").
Handled club_follow(MailRun& run, const Command& c) {
    const std::string& arg = c.argument();
    const char* digits = arg.c_str() + (arg.rfind('#', 0) == 0 ? 1 : 0);
    const bool numeric =
        *digits != '\0' && std::string(digits).find_first_not_of("0123456789") == std::string::npos;
    const auto id =
        numeric ? static_cast<store::GameId>(std::strtoull(digits, nullptr, 10)) : store::GameId{0};
    const int n = club_part(run).follows++;
    auto r = set_following(run.desk, id, run.sender, c.kind == Command::Kind::Follow, true,
                           run.disc + "f" + std::to_string(n), run.tx);
    if (!r) return core::unexpected(r.error());
    return {};
}

Handled club_unknown(MailRun& run, const Command& c) {
    club_part(run).unknown.push_back(c.text);
    return {};
}

Handled club_not_here(MailRun& run, const Command& c) {
    ClubRun& club = club_part(run);
    if (run.acts && valid_at(c.kind, Where::Game) && !valid_at(c.kind, Where::Club))
        club.game_commands.push_back(command_line(c));
    else  // a bare `accept`, and any command at a reply address that is not the sender's
        club.other = true;
    return {};
}

Handled finish_club(MailRun& run, const std::vector<Command>& commands) {
    const ClubDesk& desk = run.desk;
    // Only ever the registered address (auth.hpp): never From or Reply-To of the mail.
    const std::string& to = run.sender;
    if (to.empty())
        return core::unexpected(core::invalid_error("club mail without a registered address"));
    ClubRun& ask = club_part(run);
    store::Transaction& tx = run.tx;
    const std::string& discriminator = run.disc;
    const compose::HelpDetails help{desk.config.referee_address};
    if (ask.games || !ask.game_commands.empty()) {
        if (auto r =
                queue_games_list(desk, to, discriminator + "g", tx,
                                 compose::first_lines(ask.game_commands, compose::MaxQuotedLines));
            !r)
            return r;
    }
    // One answer per mail (compose/reply_sections.hpp): with another answer, the lines not
    // understood are quoted in it; else the unknown-command mail quotes the first (with help).
    // A line that starts with a command's word says what is wrong with it (command_problems.hpp).
    if (!ask.unknown.empty()) {
        if (mail::OutgoingMail* answer = tx.first_outgoing_to(to)) {
            if (run.unknown_after_merge != nullptr)
                *run.unknown_after_merge = ask.unknown;
            else
                append_unknown_lines(*answer, ask.unknown);
            return {};
        }
        const auto env = club_envelope(desk, to, discriminator + "u", tx);
        auto r = queue_mail(
            tx, desk.config, to,
            compose::unknown_command_mail(
                desk.templates, env, nullptr,
                compose::UnknownCommandDetails{ask.unknown[0], command_problem(ask.unknown[0])},
                help));
        if (!r || ask.unknown.size() == 1) return r;
        ask.unknown.erase(ask.unknown.begin());
        append_unknown_lines(*tx.first_outgoing_to(to), ask.unknown);
        return {};
    }
    if (ask.help || ask.other || commands.empty()) {
        const auto env = club_envelope(desk, to, discriminator, tx);
        return queue_mail(tx, desk.config, to,
                          compose::help_mail(desk.templates, env, nullptr, help));
    }
    return {};
}

}  // namespace ck::daemon
