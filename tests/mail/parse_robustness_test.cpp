// parse_message on deterministic mutations of the corpus: never throws, always well-formed
// UTF-8 out (run under the sanitizer build for memory errors).
#include <catch2/catch.hpp>

#include <cstdint>

#include "mail/charset.hpp"
#include "mail/message.hpp"
#include "test_util.hpp"

using namespace ck::mail;

TEST_CASE("parse_message survives mutated corpus mails", "[parse][robustness]") {
    std::uint32_t state = 12345;
    auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (const char* name : {"gmail_reply.eml", "outlook_reply.eml", "thunderbird_flowed.eml",
                             "apple_mail.eml", "html_only.eml", "base64_body.eml", "bounce.eml",
                             "rfc2047_headers.eml", "latin1_body.eml"}) {
        const std::string original = test::read_eml(name);
        for (int round = 0; round < 150; ++round) {
            std::string raw = original;
            const int edits = 1 + static_cast<int>(next() % 8);
            for (int e = 0; e < edits && !raw.empty(); ++e) {
                const size_t pos = next() % raw.size();
                switch (next() % 4) {
                    case 0:
                        raw[pos] = static_cast<char>(next() & 0xFF);
                        break;
                    case 1:
                        raw.erase(pos, 1 + next() % 40);
                        break;
                    case 2:
                        raw.insert(pos, raw.substr(next() % raw.size(), next() % 60));
                        break;
                    default:
                        raw.resize(pos);
                        break;
                }
            }
            INFO(name << " round " << round);
            ck::core::Result<MailMessage, ParseError> r = parse_message("");
            REQUIRE_NOTHROW(r = parse_message(raw));
            if (r.has_value()) {
                CHECK(is_valid_utf8(r->body_text));
                CHECK(is_valid_utf8(r->subject));
                CHECK(is_valid_utf8(r->from_name));
            }
        }
    }
}
