// The standings mail (standings_mail.hpp).
#include "daemon/standings_mail.hpp"

#include <optional>

#include "club/crosstable.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/tournament_slug.hpp"
#include "league/ratings.hpp"
#include "league/tournament_store.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::event_rating_labels;
using league::load_tournament;
using league::tournament_ids;

core::Result<void, core::Error> queue_standings(const ClubDesk& desk, const std::string& address,
                                                const std::vector<club::Tournament>& events,
                                                bool final, const std::string& archive,
                                                const std::string& discriminator,
                                                store::Transaction& tx, bool own_mail) {
    compose::StandingsDetails d;
    d.final = final;
    for (const club::Tournament& t : events) {
        // A rated event's crosstables have a rating column (ratings.hpp).
        auto labels = event_rating_labels(desk.store, t, &tx);
        if (!labels) return core::unexpected(labels.error());
        const club::RatingLabels* r = *labels ? &**labels : nullptr;
        // The id joins the name in the subject when the name alone could be another event's
        // (a second "Spring Open" is spring-open-2).
        d.events.push_back({t.name, club::crosstable_text(t, r), club::crosstable_html(t, r),
                            t.id == tournament_slug(t.name) ? std::string() : t.id});
    }
    if (final && events.size() == 1) d.archive_name = "tournament-" + events[0].id + ".pgn";
    const compose::Envelope env = club_envelope(desk, address, discriminator, tx);
    auto mail = compose::standings_mail(desk.templates, env, d);
    // The answer to `standings` joins the sender's one answer (compose/reply_sections.hpp);
    // the final standings, with the event's archive, are a mail of their own.
    if (!final && !own_mail) return queue_mail(tx, desk.config, address, std::move(mail));
    std::optional<mail::Attachment> attachment;
    if (!d.archive_name.empty())
        attachment = mail::Attachment{d.archive_name, "application/vnd.chess-pgn", archive};
    return queue_own_mail(tx, desk.config, address, std::move(mail), std::move(attachment));
}

core::Result<void, core::Error> answer_standings(const ClubDesk& desk, const std::string& address,
                                                 const std::string& argument,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 const store::Transaction* pending) {
    auto ids = tournament_ids(desk.store);
    if (!ids) return core::unexpected(ids.error());
    std::vector<club::Tournament> events;
    for (const std::string& id : *ids) {
        if (!argument.empty() && lower_ascii(argument) != id) continue;
        auto t = load_tournament(desk.store, id, pending);
        if (!t) {
            core::operator_log().error("standings: " + t.error().detail);
            continue;
        }
        if (argument.empty() && !club::find_player(*t, address)) continue;
        events.push_back(std::move(*t));
    }
    return queue_standings(desk, address, events, false, std::string(), discriminator, tx);
}

}  // namespace ck::daemon
