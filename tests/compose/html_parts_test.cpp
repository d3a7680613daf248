// The HTML part of every kind of mail in each of its forms (every event of a kind, open and
// hidden games, with and without pockets, promoted pieces, deadlines, ratings, a tournament, the
// sections an answer appends), for the HTML checkers: with CK_HTML_PARTS_DIR set, each is
// written there as <name>.html, and tests/html/html_check.py runs the W3C Nu Html Checker and
// axe-core on them (README "Tests", label html). Without it they are only rendered, and each
// must be one whole document whose board, if any, is a table with row and column headers.
#include <cstdlib>
#include <fstream>
#include <map>

#include "compose/reply_sections.hpp"
#include "compose_test_support.hpp"
#include "referee/spectator_view.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using ck::referee::Game;

namespace {

Deadline in_hours(int h) { return Deadline{fixed_date() + std::chrono::hours(h)}; }

class Parts {
public:
    void add(const std::string& name, const MailResult& m) {
        INFO(name);
        if (!m) FAIL("compose failed: " << m.error().message);
        add(name, m->html_body);
    }
    void add(const std::string& name, const std::string& html) {
        INFO(name << "\n" << html);
        CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
        CHECK(html.find("</html>") != std::string::npos);
        // A board is a data table: a header cell for each rank and each file.
        if (html.find("class=\"ck-board\"") != std::string::npos) {
            CHECK(html.find("<th scope=\"row\"") != std::string::npos);
            CHECK(html.find("<th scope=\"col\"") != std::string::npos);
            CHECK(html.find("<caption") != std::string::npos);
        }
        CHECK(parts_.emplace(name, html).second);
    }
    ~Parts() {
        const char* dir = std::getenv("CK_HTML_PARTS_DIR");
        if (dir == nullptr || *dir == '\0') return;
        for (const auto& [name, html] : parts_) {
            std::ofstream out(std::string(dir) + "/" + name + ".html", std::ios::binary);
            out << html;
        }
    }

private:
    std::map<std::string, std::string> parts_;
};

}  // namespace

TEST_CASE("html parts of every kind of mail") {
    const Templates& t = templates();
    Parts parts;
    Game hidden = new_game("crazyhouse", true);
    send(hidden, {"e4", "d5", "any?", "exd5", "Qxd5", "Nc3", "Qe5+", "Be2", "P@d4", "Qh5", "Nf3"});
    Game open = new_game("crazyhouse", false);
    // An open game with a promoted piece on the board and pieces in both pockets.
    send(open, {"e4", "d5", "exd5", "c6", "dxc6", "Nf6", "cxb7", "Nbd7", "bxa8=Q"});
    Game chess = new_game("chess", false);
    send(chess, {"e4", "e5"});
    Game placement = new_game("replacement", true);

    Envelope rated = envelope(White);
    rated.ratings = {"Rated game (crazyhouse): Ada White (1623) vs Bob Black (1500?)"};
    rated.event_name = "Winter Cup";
    rated.event_id = "winter-cup";
    rated.event_round = "2";
    rated.time_control = "3d";
    rated.receipt = "0123456789abcdef0123456789abcdef";
    rated.receipt_ply = 9;

    TurnDetails turn;
    turn.deadline = in_hours(53);
    parts.add("turn-hidden", turn_mail(t, envelope(Black), hidden.view(Black), turn));
    parts.add("turn-open-promoted", turn_mail(t, rated, open.view(Black), turn));
    parts.add("turn-chess", turn_mail(t, envelope(White), chess.view(White), TurnDetails{}));
    parts.add("game-start-rated-event",
              game_start_mail(t, rated, new_game("crazyhouse", true).view(White), in_hours(72)));
    parts.add("game-start-placement",
              game_start_mail(t, envelope(Black), placement.view(Black), std::nullopt));
    for (auto [name, reason] : {std::pair{"stale", RefusalReason::Stale},
                                {"not-your-turn", RefusalReason::NotYourTurn},
                                {"nothing-found", RefusalReason::NothingFound},
                                {"wrong-side", RefusalReason::WrongSide}}) {
        RefusalDetails d;
        d.reason = reason;
        d.quoted = {"Bb5", "<b>not a tag</b>"};
        d.written = "3...";
        parts.add(std::string("refusal-") + name,
                  refusal_mail(t, envelope(White), hidden.view(White), d));
    }
    const auto hidden_white = hidden.view(White);
    parts.add("unknown-command-reason",
              unknown_command_mail(t, envelope(White), &hidden_white,
                                   UnknownCommandDetails{"leave 900", "At most 365 days."},
                                   HelpDetails{"organiser@club.example"}));
    parts.add("unknown-command-club",
              unknown_command_mail(t, club_envelope("u2"), nullptr,
                                   UnknownCommandDetails{"castle please", ""},
                                   HelpDetails{"organiser@club.example"}));
    parts.add("help-game",
              help_mail(t, envelope(White), &hidden_white, HelpDetails{"organiser@club.example"}));
    parts.add("reminder", reminder_mail(t, envelope(Black), hidden.view(Black), in_hours(30)));
    parts.add("forfeit-lost", forfeit_mail(t, rated, open.view(White), ForfeitDetails{White}));
    parts.add("forfeit-won",
              forfeit_mail(t, envelope(White), open.view(White), ForfeitDetails{Black}));
    for (auto [name, side] : {std::pair{"you", White}, {"other", Black}}) {
        LeaveDetails d;
        d.on_leave = side;
        d.days = side == White ? 1 : 5;
        d.until = fixed_date() + std::chrono::hours(24 * d.days);
        d.deadline = in_hours(200);
        parts.add(std::string("leave-notice-") + name,
                  leave_notice_mail(t, envelope(White), hidden.view(White), d));
    }
    {
        GamesListDetails none;
        none.game_commands = {"e4", "Nf3"};
        parts.add("games-list-commands", games_list_mail(t, club_envelope("g2"), none));
    }
    using DE = DrawDetails::Event;
    for (auto [name, event] : {std::pair{"offered", DE::Offered},
                               {"offer-sent", DE::OfferSent},
                               {"declined", DE::Declined},
                               {"decline-sent", DE::DeclineSent},
                               {"lapsed", DE::Lapsed},
                               {"no-offer", DE::NoOffer}})
        parts.add(std::string("draw-") + name,
                  draw_mail(t, envelope(White), open.view(White), DrawDetails{event}));
    parts.add("record-own", record_mail(t, envelope(White), hidden.view(White),
                                        RecordDetails{false, "crazykrieg-42-white.pgn"}));
    {
        const auto view = ck::referee::spectator_view(open.view(White), open.view(Black));
        using O = SpectatorDetails::Occasion;
        for (auto [name, occasion] : {std::pair{"following", O::Following},
                                      {"turn", O::Turn},
                                      {"unfollowed", O::Unfollowed}}) {
            SpectatorDetails d;
            d.occasion = occasion;
            d.white_name = "Ada White";
            d.black_name = "Bob Black";
            Envelope e = envelope(White);
            e.reply_to = {};
            e.discriminator = name;
            parts.add(std::string("spectator-open-") + name, spectator_mail(t, e, view, d));
        }
        using R = SpectatorDetails::Refusal;
        for (auto [name, refusal] :
             {std::pair{"no-game", R::NoSuchGame}, {"own", R::OwnGame}, {"over", R::GameOver}}) {
            SpectatorDetails d;
            d.occasion = O::Refused;
            d.refusal = refusal;
            Envelope e = envelope(White);
            e.reply_to = {};
            e.discriminator = name;
            parts.add(std::string("spectator-refused-") + name, spectator_mail(t, e, view, d));
        }
    }
    parts.add("standings-none", standings_mail(t, club_envelope("s1"), StandingsDetails{}));
    parts.add("ratings-none", ratings_mail(t, club_envelope("r1"), RatingsDetails{{}, "loop"}));
    parts.add("ratings-empty-pool",
              ratings_mail(t, club_envelope("r2"), RatingsDetails{{{"loop", {}}}, ""}));
    using CE = ChallengeDetails::Event;
    for (auto [name, event] : {std::pair{"invited", CE::Invited},
                               {"sent", CE::Sent},
                               {"no-player", CE::NoPlayer},
                               {"declined", CE::Declined},
                               {"no-such-id", CE::NoSuchId}}) {
        ChallengeDetails d;
        d.event = event;
        d.id = "7";
        d.opponent = "Bob Black";
        d.variant = "crazyhouse";
        d.hidden = true;
        d.rules = "wild16";
        d.time = "3d";
        d.rated = event != CE::Sent;
        parts.add(std::string("challenge-") + name, challenge_mail(t, club_envelope(name), d));
    }
    using EE = EntryDetails::Event;
    for (auto [name, event] : {std::pair{"joined", EE::Joined},
                               {"withdrawn", EE::Withdrawn},
                               {"no-event", EE::NoSuchEvent},
                               {"closed", EE::Closed},
                               {"already-in", EE::AlreadyIn},
                               {"not-in", EE::NotIn},
                               {"full", EE::Full},
                               {"roster-set", EE::RosterSet},
                               {"not-captain", EE::NotCaptain},
                               {"roster-refused", EE::RosterRefused},
                               {"late-joined", EE::LateJoined},
                               {"too-late", EE::TooLate},
                               {"rejoin", EE::Rejoin}}) {
        EntryDetails d;
        d.event = event;
        d.team = "Red";                                 // a team match's roster (docs/teams.md)
        d.roster = {"1. Ann Smith", "2. Ben <Jones>"};  // escaped in HTML
        d.reason = "ann@x.org is on the roster of Blue";
        d.tournament_id = "winter-cup";
        d.tournament_name = "Winter Cup";
        d.settings = "double round robin; crazyhouse, hidden, time 3d";
        d.entrants = event == EE::Withdrawn ? 1 : 3;
        d.round = event == EE::LateJoined ? 3 : 0;
        d.bye_points = "1/2";
        parts.add(std::string("entry-") + name, entry_mail(t, club_envelope(name), d));
    }
    {
        // One answer per mail: a turn mail with a refusal merged in, a section of the referee's
        // own words and the lines not understood.
        auto first = turn_mail(t, envelope(White), chess.view(White), TurnDetails{});
        RefusalDetails d;
        d.quoted = {"Qh5"};
        auto second = refusal_mail(t, envelope(White), chess.view(White), d);
        REQUIRE(first);
        REQUIRE(second);
        auto merged = merge_replies({*first, *second});
        append_section(merged, "What was not used:", {"e5 (not your move)"});
        append_quoted_section(merged, NotUnderstoodHeading, {"castle please", "<script>"});
        parts.add("merged-answer", merged.html_body);
    }
    send(hidden, {"resign"});
    parts.add("game-end-hidden", game_end_mail(t, rated, hidden.view(Black), GameEndDetails{true}));
    parts.add("record-full", record_mail(t, envelope(White), hidden.view(White),
                                         RecordDetails{true, "crazykrieg-42.pgn"}));
    RefusalDetails over;
    over.reason = RefusalReason::GameOver;
    over.quoted = {"e4"};
    parts.add("refusal-game-over", refusal_mail(t, envelope(White), hidden.view(White), over));
}
