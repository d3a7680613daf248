#include "compose/compose.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "compose/deadline_text.hpp"
#include "compose/kept_lines.hpp"
#include "compose/rule_set_words.hpp"
#include "compose/spectator_model.hpp"
#include "compose/text_wrap.hpp"
#include "compose/view_model.hpp"
#include "mail/codec.hpp"

namespace ck::compose {
namespace {

using referee::PlayerView;
using rules::Color;

constexpr std::size_t TextWidth =
    78;  // docs/mail-protocol.md: no line over 78 characters in the text part

const char* const KindNames[] = {"turn",         "game-start", "refusal",        "unknown-command",
                                 "help",         "game-end",   "reminder",       "forfeit",
                                 "leave-notice", "games-list", "unknown-sender", "draw",
                                 "record",       "spectator",  "standings",      "challenge",
                                 "entry",        "ratings",    "settings",       "digest"};
static_assert(std::size(KindNames) == MailKindCount, "KindNames: one name per MailKind");
static_assert(static_cast<std::size_t>(MailKind::Digest) + 1 == MailKindCount,
              "MailKindCount: Digest is the last MailKind");

std::string id_part(const std::string& s) {
    std::string out;
    for (char c : s)
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-')
            out += c;
    return out;
}

std::string domain_of(const Envelope& env) {
    auto at = env.from.address.rfind('@');
    return at == std::string::npos ? std::string("localhost") : env.from.address.substr(at + 1);
}

char colour_letter(Color c) { return c == Color::White ? 'w' : 'b'; }

// The game id as mails print it; empty for mail about no single game.
std::string game_text(const Envelope& env) {
    return env.game_id ? to_string(*env.game_id) : std::string();
}

// Fixed names every template may use.
void fill_envelope(const Envelope& env, Context& c) {
    c.set("game_id", game_text(env));
    c.set("referee_address", env.from.address);
    c.set("reply_address", env.reply_to.address.empty() ? env.from.address : env.reply_to.address);
    c.set("player_name", env.player_name).set("opponent_name", env.opponent_name);
    c.flag("has_opponent_name", !env.opponent_name.empty());
    // Receipts are shown in upper case (as referee::Game::commitment gives them): lower-case
    // hex holds runs like "a5" that read as squares, and a hidden game's mail names no square
    // the player may not know.
    std::string receipt = env.receipt;
    for (char& ch : receipt)
        if (ch >= 'a' && ch <= 'f') ch = static_cast<char>(ch - 'a' + 'A');
    c.flag("has_receipt", !receipt.empty());
    c.set("receipt", receipt).set("receipt_ply", std::to_string(env.receipt_ply));
    c.set("date", format_utc(env.date));
    std::vector<Context> ratings;
    for (const std::string& line : env.ratings) {
        Context l;
        l.set("line", line);
        ratings.push_back(std::move(l));
    }
    c.flag("has_ratings", !ratings.empty());
    c.lists["ratings"] = std::move(ratings);
    c.flag("has_game_event", !env.event_name.empty()).set("game_event", env.event_name);
    c.set("game_event_id", env.event_id).set("game_event_round", env.event_round);
    c.flag("has_game_event_round", !env.event_round.empty());
    c.flag("has_time_control", !env.time_control.empty()).set("time_control", env.time_control);
}

// The quoted-printable encodings of the kept items the HTML render copied (mail::EncodedRun),
// each derived once and kept with the items' text (GrowingList::Rendered::derived). An item
// that does not end a line ends the run before it.
std::vector<mail::EncodedRun> encoded_runs(const std::string& body,
                                           const std::vector<KeptRun>& kept) {
    std::vector<mail::EncodedRun> runs;
    for (const KeptRun& k : kept) {
        GrowingList::Rendered& r = *k.rendered;
        if (k.offset > 0 && body[k.offset - 1] != '\n') continue;
        for (std::size_t i = r.derived_ends.size(); i < k.items; ++i) {
            const std::size_t from = i == 0 ? 0 : r.ends[i - 1];
            if (r.ends[i] == from || r.text[r.ends[i] - 1] != '\n') break;  // no whole line
            mail::qp_encode_into(std::string_view(r.text).substr(from, r.ends[i] - from),
                                 r.derived);
            r.derived_ends.push_back(r.derived.size());
        }
        const std::size_t items = std::min(k.items, r.derived_ends.size());
        if (items == 0) continue;
        runs.push_back(mail::EncodedRun{k.offset, r.ends[items - 1],
                                        r.derived.substr(0, r.derived_ends[items - 1])});
    }
    return runs;
}

// Splits the rendered text template into its "Subject:" first line and the body.
core::Result<std::pair<std::string, std::string>, ComposeError> split_subject(
    const std::string& kind, const std::string& text) {
    const std::string tag = "Subject:";
    if (text.compare(0, tag.size(), tag) != 0)
        return core::unexpected(
            ComposeError{"template " + kind + ".txt must start with a `Subject:` line"});
    std::size_t nl = text.find('\n');
    std::string subject =
        text.substr(tag.size(), nl == std::string::npos ? std::string::npos : nl - tag.size());
    while (!subject.empty() && (subject.front() == ' ')) subject.erase(0, 1);
    while (!subject.empty() && (subject.back() == ' ' || subject.back() == '\r'))
        subject.pop_back();
    std::string body = nl == std::string::npos ? std::string() : text.substr(nl + 1);
    while (!body.empty() && body.front() == '\n') body.erase(0, 1);
    while (body.size() >= 2 && body.compare(body.size() - 2, 2, "\n\n") == 0) body.pop_back();
    if (!body.empty() && body.back() != '\n') body += '\n';
    return std::make_pair(subject, body);
}

MailResult build(const Templates& t, const Envelope& env, MailKind kind, Context& c,
                 const PlayerView* view) {
    const std::string name = kind_name(kind);
    fill_envelope(env, c);
    c.flag("has_game", env.game_id && view != nullptr);
    auto text = t.set().render(name, false, c);
    if (!text) return core::unexpected(text.error());
    auto parts = split_subject(name, *text);
    if (!parts) return core::unexpected(parts.error());
    const std::string subject = (!env.game_id ? std::string("[crazykrieg] ")
                                              : "[crazykrieg #" + to_string(*env.game_id) + "] ") +
                                parts->first;
    // The HTML part's title and heading (templates/html-top.html).
    c.set("mail_subject", subject);
    std::vector<KeptRun> kept;
    auto html = t.set().render(name, true, c, &kept);
    if (!html) return core::unexpected(html.error());

    mail::OutgoingMail m;
    m.from = env.from;
    m.to = {env.to};
    if (!env.reply_to.address.empty()) m.reply_to = {env.reply_to};
    m.subject = subject;
    const auto moves = c.text.find("moves_text");
    if (view != nullptr && env.game_id && moves != c.text.end())  // kept_lines.hpp
        m.text_body = wrap_body(parts->second, TextWidth, moves->second, *env.game_id, view->player,
                                m.text_encoded);
    else
        m.text_body = wrap_lines(parts->second, TextWidth);
    m.html_body = std::move(*html);
    m.html_encoded = encoded_runs(m.html_body, kept);
    m.date = env.date;
    if (view != nullptr && env.game_id) {
        const int ply = kind == MailKind::GameStart ? 0 : plies_played(*view);
        m.message_id = message_id(env, kind, ply, view->player);
        if (kind != MailKind::GameStart) {
            m.in_reply_to = thread_root_id(env, view->player);
            m.references = {m.in_reply_to};
        }
    } else {
        // No game: the discriminator (or the recipient and time) keeps the id unique.
        std::string disc = id_part(env.discriminator);
        if (disc.empty()) {
            std::uint64_t h = 1469598103934665603ull;
            for (char ch : env.to.address + format_utc(env.date)) {
                h ^= static_cast<unsigned char>(ch);
                h *= 1099511628211ull;
            }
            disc = std::to_string(h % 1000000007ull);
        }
        m.message_id = "ck.club." + name + "." + disc + "@" + domain_of(env);
    }
    m.boundary_seed = m.message_id;
    return m;
}

// Every mail that shows the player a position fills it here: the view model, then the text
// part's board and/or list view as the recipient's setting asks (list_view.hpp). `groups` is
// ply_groups(view), made once for the mail (the second form makes them).
core::Result<void, ComposeError> with_view(const Templates& t, const Envelope& env,
                                           const PlayerView& view,
                                           const std::vector<PlyGroup>& groups, Context& c) {
    c.flag("has_deadline", false);  // kinds with a deadline set it after this
    if (auto r = fill_view(t.set(), view, groups, c, env.game_id); !r) return r;
    return fill_text_view(t.set(), env.view, view, c);
}
core::Result<void, ComposeError> with_view(const Templates& t, const Envelope& env,
                                           const PlayerView& view, Context& c) {
    return with_view(t, env, view, ply_groups(view), c);
}

}  // namespace

const char* kind_name(MailKind k) { return KindNames[static_cast<int>(k)]; }

const std::vector<std::string>& kind_names() {
    static const std::vector<std::string> names(std::begin(KindNames), std::end(KindNames));
    return names;
}

core::Result<Templates, ComposeError> Templates::load(const std::filesystem::path& dir) {
    auto set = TemplateSet::load(dir, kind_names());
    if (!set) return core::unexpected(set.error());
    return Templates(std::move(*set));
}

std::string message_id(const Envelope& env, MailKind kind, int ply, Color player) {
    std::string id = "ck." + game_text(env) + "." + std::to_string(ply) + "." +
                     colour_letter(player) + "." + kind_name(kind);
    std::string disc = id_part(env.discriminator);
    if (!disc.empty()) id += "." + disc;
    return id + "@" + domain_of(env);
}

std::string thread_root_id(const Envelope& env, Color player) {
    Envelope root = env;
    root.discriminator.clear();
    return message_id(root, MailKind::GameStart, 0, player);
}

MailResult turn_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                     const TurnDetails& d) {
    Context c;
    const std::vector<PlyGroup> groups = ply_groups(view);
    auto ok = with_view(t, env, view, groups, c);
    if (!ok) return core::unexpected(ok.error());
    std::size_t from = d.heard_from.value_or(last_turn_start(view, groups));
    auto news = fill_news(t.set(), view, groups, from, c);
    if (!news) return core::unexpected(news.error());
    fill_deadline(d.deadline, env.date, c);
    return build(t, env, MailKind::Turn, c, &view);
}

MailResult game_start_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                           std::optional<Deadline> deadline) {
    Context c;
    auto ok = with_view(t, env, view, c);
    if (!ok) return core::unexpected(ok.error());
    fill_deadline(deadline, env.date, c);
    return build(t, env, MailKind::GameStart, c, &view);
}

MailResult refusal_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                        const RefusalDetails& d) {
    Context c;
    auto ok = with_view(t, env, view, c);
    if (!ok) return core::unexpected(ok.error());
    static const char* const reasons[] = {"stale", "not-your-turn", "game-over", "nothing-found",
                                          "wrong-side"};
    static_assert(std::size(reasons) == static_cast<std::size_t>(RefusalReason::WrongSide) + 1,
                  "reasons: one word per RefusalReason, WrongSide last");
    Context rc;
    rc.set("move_number", std::to_string(view.move_number));
    rc.set("written", d.written);
    for (const auto& [key, colour] :
         {std::pair{"to_move", view.to_move}, std::pair{"not_to_move", ~view.to_move}}) {
        auto word = t.set().word(colour == rules::Color::White ? "white" : "black");
        if (!word) return core::unexpected(word.error());
        rc.set(key, *word);
    }
    auto why = t.set().word(std::string("refusal-") + reasons[static_cast<int>(d.reason)], rc);
    if (!why) return core::unexpected(why.error());
    c.set("reason", *why);
    std::vector<Context> quoted;
    for (const std::string& line : d.quoted) quoted.push_back(Context().set("line", line));
    c.lists["quoted"] = std::move(quoted);
    fill_deadline(std::nullopt, env.date, c);
    return build(t, env, MailKind::Refusal, c, &view);
}

MailResult unknown_command_mail(const Templates& t, const Envelope& env, const PlayerView* view,
                                const UnknownCommandDetails& d, const HelpDetails& help) {
    Context c;
    c.set("line", d.line).set("reason", d.reason).flag("has_reason", !d.reason.empty());
    c.set("help_address", help.referee_address);
    if (auto r = fill_rule_set(t.set(), view, c); !r) return core::unexpected(r.error());
    return build(t, env, MailKind::UnknownCommand, c, view);
}

MailResult help_mail(const Templates& t, const Envelope& env, const PlayerView* view,
                     const HelpDetails& d) {
    Context c;
    c.set("help_address", d.referee_address);
    // `any?` only where the game's rule set has it.
    if (auto r = fill_rule_set(t.set(), view, c); !r) return core::unexpected(r.error());
    return build(t, env, MailKind::Help, c, view);
}

MailResult game_end_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                         const GameEndDetails& d) {
    Context c;
    const std::vector<PlyGroup> groups = ply_groups(view);
    auto ok = with_view(t, env, view, groups, c);
    if (!ok) return core::unexpected(ok.error());
    auto news = fill_news(t.set(), view, groups, last_turn_start(view, groups), c);
    if (!news) return core::unexpected(news.error());
    c.flag("record_attached", d.record_attached);
    c.flag("adjudicated", !d.adjudication_reason.empty());
    c.set("adjudication_reason", d.adjudication_reason);
    return build(t, env, MailKind::GameEnd, c, &view);
}

MailResult reminder_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                         const Deadline& deadline) {
    Context c;
    auto ok = with_view(t, env, view, c);
    if (!ok) return core::unexpected(ok.error());
    fill_deadline(deadline, env.date, c);
    return build(t, env, MailKind::Reminder, c, &view);
}

MailResult forfeit_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                        const ForfeitDetails& d) {
    Context c;
    auto ok = with_view(t, env, view, c);
    if (!ok) return core::unexpected(ok.error());
    auto loser = t.set().word(d.loser == Color::White ? "white" : "black");
    if (!loser) return core::unexpected(loser.error());
    c.set("loser", *loser).flag("you_forfeit", d.loser == view.player);
    return build(t, env, MailKind::Forfeit, c, &view);
}

MailResult leave_notice_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                             const LeaveDetails& d) {
    Context c;
    auto ok = with_view(t, env, view, c);
    if (!ok) return core::unexpected(ok.error());
    auto who = t.set().word(d.on_leave == Color::White ? "white" : "black");
    if (!who) return core::unexpected(who.error());
    c.set("on_leave", *who).flag("you_on_leave", d.on_leave == view.player);
    c.set("leave_days", std::to_string(d.days)).set("leave_until", format_utc(d.until));
    c.flag("one_day", d.days == 1);
    fill_deadline(d.deadline, env.date, c);
    return build(t, env, MailKind::LeaveNotice, c, &view);
}

MailResult games_list_mail(const Templates& t, const Envelope& env, const GamesListDetails& d) {
    Context c;
    std::vector<Context> games;
    for (const GamesListEntry& g : d.games) {
        Context e;
        e.set("id", to_string(g.game_id)).set("variant", g.variant).flag("hidden", g.hidden);
        e.set("opponent", g.opponent).set("colour", g.colour).flag("your_turn", g.your_turn);
        e.set("move_number", std::to_string(g.move_number));
        fill_deadline(g.deadline, env.date, e);
        games.push_back(std::move(e));
    }
    c.flag("has_games", !games.empty());
    c.flag("one_game", games.size() == 1);
    if (games.size() == 1) c.set("only_game", to_string(d.games[0].game_id));
    c.lists["games"] = std::move(games);
    std::vector<Context> commands;
    for (const std::string& line : d.game_commands) commands.push_back(Context().set("line", line));
    c.flag("has_game_commands", !commands.empty());
    c.lists["game_commands"] = std::move(commands);
    return build(t, env, MailKind::GamesList, c, nullptr);
}

MailResult unknown_sender_mail(const Templates& t, const Envelope& env,
                               const UnknownSenderDetails& d) {
    Context c;
    c.set("sender", d.sender).set("club_contact", d.club_contact);
    return build(t, env, MailKind::UnknownSender, c, nullptr);
}

MailResult draw_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                     const DrawDetails& d) {
    Context c;
    auto ok = with_view(t, env, view, c);
    if (!ok) return core::unexpected(ok.error());
    using E = DrawDetails::Event;
    c.flag("offered", d.event == E::Offered).flag("offer_sent", d.event == E::OfferSent);
    c.flag("declined", d.event == E::Declined).flag("decline_sent", d.event == E::DeclineSent);
    c.flag("lapsed", d.event == E::Lapsed).flag("no_offer", d.event == E::NoOffer);
    return build(t, env, MailKind::Draw, c, &view);
}

MailResult record_mail(const Templates& t, const Envelope& env, const PlayerView& view,
                       const RecordDetails& d) {
    Context c;
    auto ok = with_view(t, env, view, c);
    if (!ok) return core::unexpected(ok.error());
    c.flag("full", d.full).set("file_name", d.file_name);
    return build(t, env, MailKind::Record, c, &view);
}

}  // namespace ck::compose

namespace ck::compose {

MailResult spectator_mail(const Templates& t, const Envelope& env,
                          const referee::SpectatorView& view, const SpectatorDetails& d) {
    Context c;
    auto ok = fill_spectator(t.set(), view, d.news_from, c);
    if (!ok) return core::unexpected(ok.error());
    if (auto r = fill_spectator_text_view(t.set(), env.view, view, c); !r)
        return core::unexpected(r.error());
    using O = SpectatorDetails::Occasion;
    c.flag("following", d.occasion == O::Following).flag("turn", d.occasion == O::Turn);
    c.flag("end", d.occasion == O::End).flag("unfollowed", d.occasion == O::Unfollowed);
    using R = SpectatorDetails::Refusal;
    const bool refused = d.occasion == O::Refused;
    c.flag("refused", refused).flag("refused_no_game", refused && d.refusal == R::NoSuchGame);
    c.flag("refused_own_game", refused && d.refusal == R::OwnGame);
    c.flag("refused_game_over", refused && d.refusal == R::GameOver);
    c.set("white_name", d.white_name).set("black_name", d.black_name);
    c.set("file_name", d.file_name);
    c.flag("adjudicated", !d.adjudication_reason.empty());
    c.set("adjudication_reason", d.adjudication_reason);
    // A game that does not exist gets no game tag in the subject ("[crazykrieg #99]"): the
    // mail is about no game. `followed_id` names the game asked for; a text that names no game
    // (no id in the envelope) is refused as game 0, which no game has.
    c.set("followed_id", env.game_id ? to_string(*env.game_id) : std::string("0"));
    if (refused && d.refusal == R::NoSuchGame) {
        Envelope no_game = env;
        no_game.game_id.reset();
        return build(t, no_game, MailKind::Spectator, c, nullptr);
    }
    return build(t, env, MailKind::Spectator, c, nullptr);
}

MailResult standings_mail(const Templates& t, const Envelope& env, const StandingsDetails& d) {
    // The HTML crosstables go in unescaped: the template engine escapes every value, so each
    // gets a marker of letters and digits only, replaced by the fragment after rendering.
    const auto marker = [](std::size_t i) { return "CKSTANDINGSHTML" + std::to_string(i) + "X"; };
    Context c;
    std::vector<Context> events;
    for (std::size_t i = 0; i < d.events.size(); ++i) {
        Context e;
        e.set("name", d.events[i].name).set("crosstable_text", d.events[i].crosstable_text);
        e.set("crosstable_html", marker(i));
        events.push_back(std::move(e));
    }
    c.flag("final", d.final).set("archive_name", d.archive_name);
    c.flag("has_events", !events.empty());
    c.flag("one_event", events.size() == 1);
    c.set("event_name", d.events.size() == 1 ? d.events[0].name : std::string());
    const std::string id = d.events.size() == 1 ? d.events[0].id : std::string();
    c.set("standings_id", id).flag("has_standings_id", !id.empty());
    c.lists["events"] = std::move(events);
    auto m = build(t, env, MailKind::Standings, c, nullptr);
    if (!m) return m;
    m->html_encoded.clear();  // the body changes below (mail::EncodedRun)
    for (std::size_t i = 0; i < d.events.size(); ++i) {
        const std::string mk = marker(i);
        if (auto at = m->html_body.find(mk); at != std::string::npos)
            m->html_body.replace(at, mk.size(), d.events[i].crosstable_html);
    }
    return m;
}

MailResult ratings_mail(const Templates& t, const Envelope& env, const RatingsDetails& d) {
    Context c;
    std::vector<Context> pools;
    for (const RatingsPool& p : d.pools) {
        Context e;
        e.set("name", p.name);
        std::vector<Context> lines;
        for (const std::string& line : p.lines) {
            Context l;
            l.set("line", line);
            lines.push_back(std::move(l));
        }
        e.flag("empty", lines.empty());
        e.lists["lines"] = std::move(lines);
        pools.push_back(std::move(e));
    }
    c.flag("has_pools", !pools.empty()).set("asked", d.asked).flag("asked_one", !d.asked.empty());
    c.lists["pools"] = std::move(pools);
    return build(t, env, MailKind::Ratings, c, nullptr);
}

MailResult challenge_mail(const Templates& t, const Envelope& env, const ChallengeDetails& d) {
    using E = ChallengeDetails::Event;
    Context c;
    c.flag("invited", d.event == E::Invited).flag("sent", d.event == E::Sent);
    c.flag("no_player", d.event == E::NoPlayer).flag("declined", d.event == E::Declined);
    c.flag("no_such_id", d.event == E::NoSuchId);
    c.set("challenge_id", d.id).set("opponent", d.opponent).set("variant", d.variant);
    c.flag("has_rules", !d.rules.empty()).set("rules", d.rules);
    c.flag("hidden", d.hidden).set("time", d.time).set("days", std::to_string(d.days));
    c.flag("rated", d.rated).flag("has_reason", !d.reason.empty()).set("reason", d.reason);
    return build(t, env, MailKind::Challenge, c, nullptr);
}

MailResult entry_mail(const Templates& t, const Envelope& env, const EntryDetails& d) {
    using E = EntryDetails::Event;
    Context c;
    c.flag("joined", d.event == E::Joined).flag("withdrawn", d.event == E::Withdrawn);
    c.flag("no_event", d.event == E::NoSuchEvent).flag("closed", d.event == E::Closed);
    c.flag("already_in", d.event == E::AlreadyIn).flag("not_in", d.event == E::NotIn);
    c.flag("full", d.event == E::Full).flag("retired", d.event == E::Retired);
    c.flag("bye", d.event == E::ByeGranted).flag("bad_round", d.event == E::BadRound);
    c.flag("no_byes", d.event == E::NoByes).flag("knockout", d.knockout);
    c.flag("swiss", d.swiss).set("round", std::to_string(d.round)).set("bye_points", d.bye_points);
    c.set("tournament_id", d.tournament_id).set("tournament", d.tournament_name);
    c.set("settings", d.settings).set("entrants", std::to_string(d.entrants));
    c.flag("one_entrant", d.entrants == 1);
    c.flag("roster_set", d.event == E::RosterSet).flag("not_captain", d.event == E::NotCaptain);
    c.flag("roster_refused", d.event == E::RosterRefused);
    c.flag("late_joined", d.event == E::LateJoined).flag("too_late", d.event == E::TooLate);
    c.flag("rejoin", d.event == E::Rejoin).flag("missed_one", d.round == 2);
    c.set("missed", std::to_string(d.round > 0 ? d.round - 1 : 0));
    c.set("team", d.team).set("reason", d.reason);
    std::vector<Context> roster;
    for (const std::string& line : d.roster) roster.push_back(Context().set("line", line));
    c.lists["roster"] = std::move(roster);
    return build(t, env, MailKind::Entry, c, nullptr);
}

MailResult settings_mail(const Templates& t, const Envelope& env, const SettingsDetails& d) {
    Context c;
    std::vector<Context> lines;
    for (const auto& l : d.settings)
        lines.push_back(Context().set("key", l.key).set("value", l.value));
    c.lists["settings"] = std::move(lines);
    std::vector<Context> changed;
    for (const auto& k : d.changed) changed.push_back(Context().set("key", k));
    c.flag("has_changed", !changed.empty());
    c.lists["changed"] = std::move(changed);
    std::vector<Context> refused;
    for (const auto& r : d.refused)
        refused.push_back(Context().set("line", r.line).set("reason", r.reason));
    c.flag("has_refused", !refused.empty());
    c.lists["refused"] = std::move(refused);
    return build(t, env, MailKind::Settings, c, nullptr);
}

MailResult digest_mail(const Templates& t, const Envelope& env, const DigestDetails& d) {
    Context c;
    const auto games = [&](const std::vector<DigestGame>& from,
                           std::vector<Context>& out) -> core::Result<void, ComposeError> {
        for (const DigestGame& g : from) {
            Context e;
            if (auto ok = with_view(t, env, g.view, e); !ok) return ok;
            if (auto news = fill_news(t.set(), g.view, g.news_from, e); !news) return news;
            fill_deadline(g.deadline, env.date, e);
            e.set("id", to_string(g.game_id)).set("opponent", g.opponent);
            std::vector<Context> notes;
            for (const std::string& n : g.notes) notes.push_back(Context().set("line", n));
            e.flag("has_notes", !notes.empty());
            e.lists["notes"] = std::move(notes);
            // The envelope's receipt belongs to no single game here.
            e.flag("has_receipt", false);
            out.push_back(std::move(e));
        }
        return {};
    };
    std::vector<Context> mine, theirs;
    if (auto r = games(d.your_turn, mine); !r) return core::unexpected(r.error());
    if (auto r = games(d.waiting, theirs); !r) return core::unexpected(r.error());
    c.set("turn_count", std::to_string(mine.size()));
    c.flag("has_turn_games", !mine.empty()).flag("has_waiting_games", !theirs.empty());
    c.flag("one_turn_game", mine.size() == 1);
    c.lists["turn_games"] = std::move(mine);
    c.lists["waiting_games"] = std::move(theirs);
    c.flag("has_since", d.since.has_value());
    c.set("since", d.since ? format_utc(*d.since) : std::string());
    return build(t, env, MailKind::Digest, c, nullptr);
}

}  // namespace ck::compose
