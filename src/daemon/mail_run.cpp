// One mail's run through the command table (mail_run.hpp).
#include "daemon/mail_run.hpp"

namespace ck::daemon {

Handled run_command(MailRun& run, const Command& command) {
    const CommandSpec& row = command_row(command.kind);
    const CommandHandler handler = run.where == Where::Game ? row.at_game : row.at_club;
    if (handler != nullptr) return handler(run, command);
    // Not valid here: at a game's address a line it does not take is not understood.
    if (run.where == Where::Game) return game_unknown(run, command);
    return club_not_here(run, command);
}

Handled finish_mail(MailRun& run, const std::vector<Command>& commands) {
    if (run.challenges)
        if (auto r = finish_challenges(run); !r) return r;
    if (run.where == Where::Club)
        if (auto r = finish_club(run, commands); !r) return r;
    if (run.settings)
        if (auto r = finish_settings(run); !r) return r;
    return {};
}

}  // namespace ck::daemon
