#pragma once
// What the daemon tests share: a daemon on a fresh store under the temp directory (the embedded
// default's layout: var/games, var/inbox, var/outbox, var/secret) with a fixed server secret
// and a fixed clock; delivery into the inbox Maildir, one mail pass, and the outbox mails not
// seen before. Each test file builds its own club on it (players, mail shapes, clock steps).
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "daemon/bots.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/reply_address.hpp"
#include "league/bot_registry.hpp"
#include "league/players.hpp"
#include "mail/codec.hpp"
#include "mail/maildir.hpp"
#include "mail/message.hpp"

namespace ck::daemon::test {

// A fixed server secret: reply-address tokens are the same in every run.
inline const std::string FixedSecret = "0123456789abcdef0123456789abcdef";

// 2026-11-21 12:00:00 UTC.
inline core::TimePoint fixed_start() { return std::chrono::system_clock::from_time_t(1795262400); }

// One mail the daemon sent (one recipient each).
struct OutMail {
    std::string to;
    std::string subject;
    std::string raw;
    std::string text;  // the decoded text part
};

// The mails of `mails` addressed to `address`, in order.
inline std::vector<OutMail> to(const std::vector<OutMail>& mails, const std::string& address) {
    std::vector<OutMail> out;
    for (const auto& m : mails)
        if (m.to == address) out.push_back(m);
    return out;
}

// True when `text` holds `part`.
inline bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The one mail of `mails` addressed to `address` (the test fails unless there is exactly one).
inline OutMail only(const std::vector<OutMail>& mails, const std::string& address) {
    auto mine = to(mails, address);
    REQUIRE(mine.size() == 1);
    return mine[0];
}

// The decoded bytes of the attachment named `name` in a raw mail the daemon sent; nullopt when
// absent.
inline std::optional<std::string> attachment(const std::string& raw, const std::string& name) {
    const auto at = raw.find("filename=\"" + name + "\"");
    if (at == std::string::npos) return std::nullopt;
    const auto body = raw.find("\r\n\r\n", at);
    const auto end = raw.find("\r\n--", body);
    return ck::mail::base64_decode(raw.substr(body + 4, end - body - 4));
}

class DaemonFixture {
public:
    // `name` goes into the temp directory's name (with the pid); `configure` may change the
    // configuration before the daemon opens.
    explicit DaemonFixture(const std::string& name, core::TimePoint start = fixed_start(),
                           const std::function<void(league::Config&)>& configure = {})
        : root_(std::filesystem::temp_directory_path() /
                ("ck-" + name + "-" + std::to_string(::getpid()))),
          clock_(start) {
        std::filesystem::remove_all(root_);
        std::filesystem::create_directories(root_ / "var");
        config_.store_dir = (root_ / "var/games").string();
        config_.inbox = (root_ / "var/inbox").string();
        config_.outbox = (root_ / "var/outbox").string();
        config_.secret_file = (root_ / "var/secret").string();
        if (configure) configure(config_);
        REQUIRE(mail::ensure_maildir(config_.inbox));
        REQUIRE(mail::ensure_maildir(config_.outbox));
        REQUIRE(core::write_file_atomic(config_.secret_file, FixedSecret + "\n", 0600));
        reopen();
    }
    ~DaemonFixture() {
        daemon_.reset();
        std::error_code ec;
        std::filesystem::remove_all(root_, ec);
    }
    DaemonFixture(const DaemonFixture&) = delete;
    DaemonFixture& operator=(const DaemonFixture&) = delete;

    // Closes the daemon (and its store lock) and opens it again on the same files, as a
    // restart does.
    void reopen() {
        daemon_.reset();
        auto d = Daemon::open(config_, std::filesystem::path(CK_TEST_DATA) / "../../templates");
        if (!d) FAIL("open: " << d.error());
        daemon_.emplace(std::move(*d));
    }

    Daemon& daemon() { return *daemon_; }
    core::FixedClock& clock() { return clock_; }
    const league::Config& config() const { return config_; }

    void add_player(const std::string& name, const std::string& address) {
        REQUIRE(daemon_->add_player(name, address));
    }

    // Registers the bot NAME playing `engine` (daemon/bots.hpp stage_bot), up to `games` games
    // by challenge, and reopens the daemon (which reads the registry again).
    league::Bot add_bot(const std::string& name, const std::string& engine, int games = 8) {
        auto players = league::Players::load(daemon_->store());
        REQUIRE(players);
        store::Transaction tx(clock_.now());
        BotSpec spec;
        spec.name = name;
        spec.engine = engine;
        spec.games = games;
        auto bot = stage_bot(*players, config_, spec, tx);
        REQUIRE(bot);
        REQUIRE(daemon_->store().commit(tx));
        reopen();
        return *bot;
    }

    std::string reply_address(const std::string& game, rules::Color c) const {
        auto a = build_reply_address(config_.referee_address, game, c, FixedSecret);
        REQUIRE(a);
        return *a;
    }

    // Puts `raw` into the inbox Maildir, delivered at the clock's time (its arrival, README
    // "Time controls"), or at `arrived`.
    void deliver(const std::string& raw, std::optional<core::TimePoint> arrived = {}) {
        mail::MaildirSink inbox(config_.inbox);
        REQUIRE(inbox.deliver(raw, arrived ? *arrived : clock_.now()));
    }

    // A plain-text reply from `from` to `to` holding `body`, with Message-ID <`message_id`>,
    // delivered an hour after the last, then one pass (which must fail on nothing); the mails
    // it gave.
    std::vector<OutMail> reply_pass(const std::string& from, const std::string& to,
                                    const std::string& body, const std::string& message_id) {
        deliver("Return-Path: <" + from + ">\r\nDelivered-To: " + to + "\r\nFrom: <" + from +
                ">\r\nTo: <" + to +
                ">\r\nSubject: Re: game\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                message_id +
                ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body +
                "\r\n");
        clock_.advance(std::chrono::hours(1));
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    // Creates the game `spec` (Daemon::new_game), sends its game-start mails and sets them
    // aside (new_outgoing will not return them); the new game's id.
    store::GameId start_game(const NewGame& spec) {
        auto id = daemon_->new_game(spec, clock_);
        INFO("new game: " << (id ? std::string("created") : id.error().detail));
        REQUIRE(id);
        flush();
        new_outgoing();
        return *id;
    }

    // One mail pass at the clock's time (the clock pass, the inbox, the outbox flush).
    StepReport step() {
        mail::MaildirSource source(config_.inbox);
        mail::MaildirSink sink(config_.outbox);
        return daemon_->step(source, sink, clock_);
    }

    // Sends what the outbox holds (after a commit outside a pass).
    void flush() {
        mail::MaildirSink sink(config_.outbox);
        CHECK(daemon_->flush(sink, clock_));
    }

    // The outbox mails not returned before, in delivery order.
    std::vector<OutMail> new_outgoing() {
        std::vector<OutMail> out;
        std::vector<std::filesystem::path> files;
        for (const auto& e :
             std::filesystem::directory_iterator(std::filesystem::path(config_.outbox) / "new"))
            if (!seen_.count(e.path().filename().string())) files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            seen_.insert(f.filename().string());
            auto raw = core::read_file(f);
            REQUIRE(raw);
            auto parsed = mail::parse_message(*raw);
            REQUIRE(parsed);
            REQUIRE(parsed->to.size() == 1);
            out.push_back({parsed->to[0], parsed->subject, *raw, parsed->full_text});
        }
        return out;
    }

protected:
    std::filesystem::path root_;
    league::Config config_;
    core::FixedClock clock_;
    std::optional<Daemon> daemon_;
    std::set<std::string> seen_;
};

}  // namespace ck::daemon::test
