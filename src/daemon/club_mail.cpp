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
#include "daemon/mail_run.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/spectators.hpp"
#include "daemon/standings_mail.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"
#include "league/ratings.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using league::ratings_details;

// What the commands of one club mail asked for that is answered once they have all run
// (finish_club): the club_* handlers fill it.
struct ClubRun {
    bool games = false, help = false, other = false;
    std::vector<std::string> unknown;        // lines not understood, as written
    std::vector<std::string> game_commands;  // game commands sent to no game
    int follows = 0;                         // follow/unfollow lines answered so far
};

namespace {

using rules::Color;

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
    if (!details) return core::unexpected(details.error());
    const auto env = club_envelope(run.desk, run.sender, run.disc + "r", run.tx);
    return queue_mail(run.tx, run.desk.config, run.sender,
                      compose::ratings_mail(run.desk.templates, env, *details));
}

// spectators.hpp: `follow GAME` / `unfollow GAME` ("42" or "#42").
Handled club_follow(MailRun& run, const Command& c) {
    const std::string& arg = c.argument();
    const auto id = core::game_id_in(std::string_view(arg).substr(arg.rfind('#', 0) == 0 ? 1 : 0));
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
