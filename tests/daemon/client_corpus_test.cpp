// The client corpus (tests/data/mail/clients, README "What a reply may contain"): every reply
// shape a mail client gives is read to exactly the expected commands, and in a whole game pass
// draws exactly one mail back to its sender, with "not understood" only for the lines that are
// no command (never for a client's boilerplate).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "daemon/commands.hpp"
#include "daemon_fixture.hpp"
#include "mail/message.hpp"

namespace fs = std::filesystem;
using ck::daemon::Command;
using ck::daemon::test::DaemonFixture;
using Kind = Command::Kind;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";
const fs::path CorpusDir = fs::path(CK_TEST_DATA) / "mail/clients";

// A command as the .expected files write it (tests/data/mail/clients/make_corpus.py).
std::string line_of(const Command& c) {
    switch (c.kind) {
        case Kind::Move:
            return c.text;
        case Kind::AnyQuery:
            return "any?";
        case Kind::Say:
            return "say " + c.as<ck::daemon::NoteArgs>().note;
        case Kind::Message: {
            std::string note = c.as<ck::daemon::NoteArgs>().note;
            for (std::size_t p = note.find('\n'); p != std::string::npos; p = note.find('\n', p))
                note.replace(p, 1, " / ");
            return "message: " + note;
        }
        case Kind::Unknown:
            return "? " + c.text;
        default: {
            // The command's first argument as written: its word, a challenge's address, a
            // bye's tournament, a setting's key.
            std::string arg = c.argument();
            if (const auto* ch = std::get_if<ck::daemon::ChallengeArgs>(&c.args)) arg = ch->address;
            if (const auto* b = std::get_if<ck::daemon::ByeArgs>(&c.args)) arg = b->tournament;
            if (const auto* s = std::get_if<ck::daemon::SetArgs>(&c.args)) arg = s->key;
            return c.text + (arg.empty() ? std::string() : " " + arg);
        }
    }
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

std::vector<std::string> corpus_names() {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(CorpusDir))
        if (e.path().extension() == ".eml") names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::string read(const fs::path& p) {
    auto r = ck::core::read_file(p);
    REQUIRE(r);
    return *r;
}

// `raw` with the corpus's placeholder addresses replaced in its header section.
std::string addressed(std::string raw, const std::string& from, const std::string& to) {
    std::size_t end = raw.find("\r\n\r\n");
    if (end == std::string::npos) end = raw.find("\n\n");
    std::string head = raw.substr(0, end);
    const auto replace_all = [&](const std::string& a, const std::string& b) {
        for (std::size_t p = head.find(a); p != std::string::npos; p = head.find(a, p + b.size()))
            head.replace(p, a.size(), b);
    };
    replace_all("player@client.test", from);
    replace_all("referee+token@club.test", to);
    return head + raw.substr(end);
}

}  // namespace

TEST_CASE("client corpus: at least 30 replies, each with its expected commands", "[corpus]") {
    const auto names = corpus_names();
    CHECK(names.size() >= 30);
    for (const std::string& name : names) {
        INFO(name);
        auto parsed = ck::mail::parse_message(read(CorpusDir / (name + ".eml")));
        REQUIRE(parsed);
        INFO("new text:\n" << parsed->body_text);
        std::vector<std::string> got;
        for (const Command& c : ck::daemon::parse_commands(parsed->body_text))
            got.push_back(line_of(c));
        CHECK(got == lines_of(read(CorpusDir / (name + ".expected"))));
    }
}

TEST_CASE("client corpus: one mail back per reply in a game pass", "[corpus][mail_pass]") {
    for (const std::string& name : corpus_names()) {
        INFO(name);
        DaemonFixture club("corpus-" + name);
        club.add_player("Ada White", Ada);
        club.add_player("Bob Black", Bob);
        ck::daemon::NewGame spec;
        spec.variant = "crazykrieg";
        spec.white = Ada;
        spec.black = Bob;
        REQUIRE(club.daemon().new_game(spec, club.clock()));
        club.step();
        CHECK(club.new_outgoing().size() == 2);  // the game-start mails

        const std::string raw = read(CorpusDir / (name + ".eml"));
        club.deliver(addressed(raw, Ada, club.reply_address("1", ck::rules::Color::White)));
        const auto report = club.step();
        CHECK(report.handled == 1);
        CHECK(report.failed == 0);
        const auto mails = club.new_outgoing();
        const auto to_ada = ck::daemon::test::to(mails, Ada);
        REQUIRE(to_ada.size() == 1);
        const std::string expected = read(CorpusDir / (name + ".expected"));
        const bool has_unknown = expected.find("? ") != std::string::npos;
        CHECK((to_ada[0].text.find("Not understood, nothing done:") != std::string::npos) ==
              has_unknown);
        CHECK(to_ada[0].subject.find("Unknown command") == std::string::npos);
        CHECK(to_ada[0].subject.find("Help") == std::string::npos);
        // A move was played: Bob hears of it.
        const bool moved =
            std::any_of(mails.begin(), mails.end(), [](const auto& m) { return m.to == Bob; });
        const auto exp_lines = lines_of(expected);
        const bool has_move = std::any_of(exp_lines.begin(), exp_lines.end(), [](const auto& l) {
            return l != "board" && l != "pgn" && l.rfind("? ", 0) != 0 && l.rfind("say", 0) != 0 &&
                   l.rfind("message:", 0) != 0;
        });
        CHECK(moved == has_move);
    }
}

TEST_CASE("a reply with no command: one mail quoting its lines (a few), with help",
          "[corpus][mail_pass]") {
    DaemonFixture club("corpus-nocommand");
    club.add_player("Ada White", Ada);
    club.add_player("Bob Black", Bob);
    ck::daemon::NewGame spec;
    spec.variant = "crazykrieg";
    spec.white = Ada;
    spec.black = Bob;
    REQUIRE(club.daemon().new_game(spec, club.clock()));
    club.step();
    club.new_outgoing();
    std::string body;
    for (int i = 1; i <= 12; ++i) body += "chatter line " + std::to_string(i) + "\r\n";
    club.deliver("From: <" + Ada + ">\r\nTo: <" + club.reply_address("1", ck::rules::Color::White) +
                 ">\r\nSubject: Re: game\r\nMessage-ID: <chatter@example.org>\r\n\r\n" + body);
    club.step();
    const auto mails = club.new_outgoing();
    REQUIRE(mails.size() == 1);
    CHECK(mails[0].to == Ada);
    const std::string& text = mails[0].text;
    CHECK(text.find("> chatter line 1\n") != std::string::npos);
    CHECK(text.find("Not understood, nothing done:\n> chatter line 2\n") != std::string::npos);
    CHECK(text.find("> chatter line 9\n> ...\n") != std::string::npos);
    CHECK(text.find("chatter line 10") == std::string::npos);
    CHECK(text.find("Commands, one a line") != std::string::npos);  // with help
}
