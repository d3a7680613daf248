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
#include "daemon/game_clock.hpp"
#include "daemon/game_files.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/ratings.hpp"
#include "daemon/spectators.hpp"
#include "daemon/tournaments.hpp"
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

namespace {

// What the commands of one club mail asked for; the rows of ClubHandlers fill it.
struct ClubAsk {
    bool games = false, help = false, other = false, standings = false;
    std::string standings_arg;
    std::optional<std::string> ratings;                 // `ratings [POOL]` (ratings.hpp)
    std::vector<std::pair<std::string, bool>> follows;  // game id of follow/unfollow, follow?
    std::vector<std::string> unknown;                   // lines not understood, as written
    std::vector<std::string> game_commands;             // game commands sent to no game
};

// A game command as the player wrote it, near enough to quote back (commands.hpp keeps the
// move as read and a keyword's parts, not the line).
std::string command_line(const Command& c) {
    switch (c.kind) {
        case Command::Kind::Move:
        case Command::Kind::AnyQuery:
            return c.move_number ? std::to_string(*c.move_number) +
                                       (c.numbered_side == Color::Black ? "... " : ". ") + c.text
                                 : c.text;
        case Command::Kind::Leave:
            return "leave " + std::to_string(c.days);
        case Command::Kind::Say:
            return "say " + c.note;
        case Command::Kind::Message:
            return "message: " + c.note.substr(0, c.note.find('\n'));
        case Command::Kind::ViewQuery:
            return c.argument;  // the whole query (commands.cpp view_query)
        default:
            return c.argument.empty() ? c.text : c.text + " " + c.argument;
    }
}

// The handlers of the commands answered here (commands.hpp, Where::Club). `challenge`,
// `accept N`, `decline N` (challenges.hpp) and `join` / `withdraw` (tournament_entries.hpp) are
// answered before this; a game command (a move, `resign`, `leave N`, ...) sent to no game is
// quoted back with the sender's games (club_mail.hpp).
struct ClubHandler {
    Command::Kind kind;
    void (*handle)(ClubAsk&, const Command&);
};
constexpr ClubHandler ClubHandlers[] = {
    {Command::Kind::Games, [](ClubAsk& a, const Command&) { a.games = true; }},
    {Command::Kind::Help, [](ClubAsk& a, const Command&) { a.help = true; }},
    {Command::Kind::Standings,  // tournaments.hpp
     [](ClubAsk& a, const Command& c) {
         a.standings = true;
         a.standings_arg = c.argument;
     }},
    {Command::Kind::Ratings, [](ClubAsk& a, const Command& c) { a.ratings = c.argument; }},
    {Command::Kind::Follow,  // spectators.hpp
     [](ClubAsk& a, const Command& c) { a.follows.emplace_back(c.argument, true); }},
    {Command::Kind::Unfollow,
     [](ClubAsk& a, const Command& c) { a.follows.emplace_back(c.argument, false); }},
    {Command::Kind::Unknown, [](ClubAsk& a, const Command& c) { a.unknown.push_back(c.text); }},
};

// Whether `cmd` was answered before answer_club_mail (challenges.hpp, tournament_entries.hpp).
bool answered_elsewhere(const Command& cmd, bool club) {
    if (!club || !valid_at(cmd.kind, Where::Club)) return false;
    if (cmd.kind == Command::Kind::Accept || cmd.kind == Command::Kind::Decline)
        return is_challenge_command(cmd);
    return true;
}

}  // namespace

core::Result<void, core::Error> answer_club_mail(const ClubDesk& desk,
                                                 const std::vector<Command>& commands,
                                                 const AuthVerdict& v,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx) {
    // Only ever the registered address (auth.hpp): never From or Reply-To of the mail.
    const std::string& to = v.reply_to;
    if (to.empty())
        return core::unexpected(core::invalid_error("club mail without a registered address"));
    const bool club = v.kind == AuthVerdict::Kind::ClubMail;
    ClubAsk ask;
    for (const Command& cmd : commands) {
        const auto* h = std::find_if(std::begin(ClubHandlers), std::end(ClubHandlers),
                                     [&](const ClubHandler& r) { return r.kind == cmd.kind; });
        if (h != std::end(ClubHandlers))
            h->handle(ask, cmd);
        else if (answered_elsewhere(cmd, club))
            continue;
        else if (club && valid_at(cmd.kind, Where::Game) && !valid_at(cmd.kind, Where::Club))
            ask.game_commands.push_back(command_line(cmd));  // a bare `accept` gets help
        else  // and so does any command at a reply address that is not the sender's
            ask.other = true;
    }
    const compose::HelpDetails help{desk.config.referee_address};
    if (ask.standings) {
        if (auto r = answer_standings(desk, to, ask.standings_arg, discriminator + "s", tx); !r)
            return r;
    }
    if (ask.ratings) {
        auto details = ratings_details(desk.store, desk.players, *ask.ratings);
        if (!details) return core::unexpected(core::corrupt_error(details.error()));
        const auto env = club_envelope(desk, to, discriminator + "r", tx);
        if (auto r = queue_mail(tx, desk.config, to,
                                compose::ratings_mail(desk.templates, env, *details));
            !r)
            return r;
    }
    if (ask.games || !ask.game_commands.empty()) {
        if (auto r =
                queue_games_list(desk, to, discriminator + "g", tx,
                                 compose::first_lines(ask.game_commands, compose::MaxQuotedLines));
            !r)
            return r;
    }
    for (std::size_t i = 0; i < ask.follows.size(); ++i) {
        const std::string& arg = ask.follows[i].first;  // "42" or "#42"
        const char* digits = arg.c_str() + (arg.rfind('#', 0) == 0 ? 1 : 0);
        const bool numeric = *digits != '\0' && std::string(digits).find_first_not_of(
                                                    "0123456789") == std::string::npos;
        const auto id = numeric ? static_cast<store::GameId>(std::strtoull(digits, nullptr, 10))
                                : store::GameId{0};
        auto r = set_following(desk, id, to, ask.follows[i].second, true,
                               discriminator + "f" + std::to_string(i), tx);
        if (!r) return core::unexpected(r.error());
    }
    // One answer per mail (compose/reply_sections.hpp): with another answer, the lines not
    // understood are quoted in it; else the unknown-command mail quotes the first (with help).
    // A line that starts with a command's word says what is wrong with it (command_problems.hpp).
    if (!ask.unknown.empty()) {
        if (mail::OutgoingMail* answer = tx.first_outgoing_to(to)) {
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
