// libFuzzer target: the input is one raw mail. Contract checked (docs/mail-protocol.md):
//  - parse_message never crashes (nor throws: mimetic's exceptions must be caught), and a
//    parsed mail's subject, from_name, full_text and body_text are valid UTF-8;
//  - the pieces with their own entry points never crash and give valid UTF-8:
//    decode_header_value (RFC 2047) and parse_address_list on any bytes; html_to_text, unflow
//    and extract_new_text (reply cutting) on any UTF-8 (what to_utf8 makes of the input).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "mail/charset.hpp"
#include "mail/html_text.hpp"
#include "mail/message.hpp"
#include "mail/reply_text.hpp"
#include "mail/rfc2047.hpp"

using namespace ck::mail;

namespace {

void need_utf8(std::string_view input, std::string_view out, const char* what) {
    if (is_valid_utf8(out)) return;
    std::fprintf(stderr,
                 "fuzz_mime: %s is not valid UTF-8\n--- input ---\n%.*s\n--- %s ---\n%.*s\n", what,
                 static_cast<int>(input.size()), input.data(), what, static_cast<int>(out.size()),
                 out.data());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    auto message = parse_message(input);
    if (message) {
        need_utf8(input, message->subject, "subject");
        need_utf8(input, message->from_name, "from_name");
        need_utf8(input, message->full_text, "full_text");
        need_utf8(input, message->body_text, "body_text");
    } else if (message.error().message.empty()) {
        std::fprintf(stderr, "fuzz_mime: parse error without a message\n");
        std::abort();
    }

    // decode_header_value takes raw bytes; the body helpers take UTF-8 (their contracts), so
    // they get the input as to_utf8 converts it.
    need_utf8(input, decode_header_value(input), "decode_header_value");
    std::string utf8 = to_utf8(input, "utf-8");
    need_utf8(input, utf8, "to_utf8");
    need_utf8(input, html_to_text(utf8), "html_to_text");
    std::string flowed = unflow(utf8, size % 2 == 0);
    need_utf8(input, flowed, "unflow");
    need_utf8(input, extract_new_text(utf8), "extract_new_text");
    for (const ParsedAddress& a : parse_address_list(input))
        need_utf8(input, a.name, "address name");
    return 0;
}
