#pragma once
// One mail's run through the command table (commands.hpp; docs/mail-protocol.md "In what order
// a mail's commands act"). The daemon makes a MailRun for each mail it acts on, hands every
// parsed command to run_command in the order written, and then calls finish_mail, which writes
// what the commands gathered (the challenge book, the player's settings) and
// queues the answers that sum up the whole mail (the games list, the help or unknown-command
// mail, the settings mail). Everything goes into the mail's one transaction; the caller merges
// what is said to the sender into one answer.
//
// A row's handler receives the run and its command. What a command needs across a mail (the
// challenge book loaded once, the tournaments loaded, the `set` lines applied so far) lives
// in the run, in the part of the file that answers it (challenges.cpp, tournament_entries.cpp,
// settings_mail.cpp, club_mail.cpp, game_turn.cpp); each part is made on first use.
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/command_handlers.hpp"
#include "daemon/commands.hpp"
#include "league/players.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

struct Turn;          // game_turn.cpp: one game mail's answer while its commands run
struct ChallengeRun;  // challenges.cpp
struct EntryRun;      // tournament_entries.cpp
struct SettingsRun;   // settings_mail.cpp
struct ClubRun;       // club_mail.cpp

struct MailRun {
    MailRun(Where at, const ClubDesk& club_desk, std::string registered, std::string discriminator,
            store::Transaction& transaction)
        : where(at),
          desk(club_desk),
          sender(std::move(registered)),
          disc(std::move(discriminator)),
          tx(transaction) {}

    Where where;  // Game: a game's reply address; Club: the plain referee address
    // False for a known player writing to an address of the referee that is not theirs
    // (AuthVerdict::RefuseKnownPlayer): only the club's questions (games, help, standings,
    // ratings, follow) are answered; every other line gets the help mail.
    bool acts = true;
    const ClubDesk& desk;
    std::string sender;  // the registered address: every answer goes there, never to From
    std::string disc;    // derived from the incoming Message-ID
    store::Transaction& tx;
    // The registry `set` changes (settings_mail.hpp); null: `set` and `settings` are not
    // acted on here (a game's part of a digest reply, a bot's turn).
    league::Players* players = nullptr;
    // Stages a game accepted by challenge (Daemon::stage_game); empty: no challenge acts.
    GameStarter new_game;
    // At a game's reply address: the game's answer (game_turn.cpp); else null.
    Turn* turn = nullptr;
    // A digest reply's lines without a game (digest_reply.hpp): when another answer exists, the
    // lines not understood go here instead of into the first answer (a game's part), and the
    // caller quotes them after every game's section once the answers are merged. Null: they
    // go into the first answer.
    std::vector<std::string>* unknown_after_merge = nullptr;

    // The parts made on first use (see above).
    std::shared_ptr<ChallengeRun> challenges;
    std::shared_ptr<EntryRun> entries;
    std::shared_ptr<SettingsRun> settings;
    std::shared_ptr<ClubRun> club;
};

// Runs `command` through its row of the command table: its handler when the command is valid
// where the mail came, else what that address does with a line it does not take (at a game's
// address: quoted back as not understood; at the club address: a game command is quoted with
// the sender's games, anything else gets the help mail).
Handled run_command(MailRun& run, const Command& command);

// After the last command: writes what the run gathered and queues the answers that sum up the
// mail, in a fixed order (the challenge book, the club's answers, the settings mail). At a game's
// reply address the game's own answers are composed by answer_game_mail before this.
Handled finish_mail(MailRun& run, const std::vector<Command>& commands);

// The handlers of the command table's rows and the parts' ends: command_handlers.hpp.

}  // namespace ck::daemon
