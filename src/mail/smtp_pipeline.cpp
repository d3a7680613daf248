#include "mail/smtp_pipeline.hpp"

#include <cctype>

#include "mail/curl_handle.hpp"

namespace ck::mail::detail {

bool take_smtp_reply(std::string& buffer, SmtpReply& out) {
    SmtpReply r;
    std::size_t p = 0;
    for (;;) {
        const std::size_t eol = buffer.find("\r\n", p);
        if (eol == std::string::npos) return false;
        const std::string line = buffer.substr(p, eol - p);
        p = eol + 2;
        int code = 0;
        if (line.size() >= 3 && std::isdigit(static_cast<unsigned char>(line[0])) &&
            std::isdigit(static_cast<unsigned char>(line[1])) &&
            std::isdigit(static_cast<unsigned char>(line[2])))
            code = std::stoi(line.substr(0, 3));
        r.code = code;
        r.lines.push_back(line.size() > 4 ? line.substr(4) : std::string());
        r.text = r.lines.back();
        if (line.size() < 4 || line[3] != '-') break;  // "250 last" (or a bare "250")
    }
    buffer.erase(0, p);
    out = std::move(r);
    return true;
}

std::string dot_stuff(const std::string& crlf_text) {
    std::string out;
    out.reserve(crlf_text.size() + 64);
    bool line_start = true;
    for (char c : crlf_text) {
        if (line_start && c == '.') out += '.';
        out += c;
        line_start = c == '\n';
    }
    if (!line_start) out += "\r\n";
    return out + ".\r\n";
}

SmtpPipeline::SmtpPipeline(RawLogin login, std::string helo_name)
    : login_(std::move(login)),
      helo_(std::move(helo_name)),
      channel_("SMTP " + redact_url(login_.url)) {}

SmtpPipeline::~SmtpPipeline() {
    if (channel_.is_open()) (void)channel_.send_all("QUIT\r\n");
}

core::Result<SmtpReply, MailError> SmtpPipeline::read_reply() {
    SmtpReply r;
    while (!take_smtp_reply(buffer_, r)) {
        if (auto got = channel_.receive(buffer_); !got) return core::unexpected(got.error());
    }
    return r;
}

// Opens the connection and asks again for EHLO (libcurl keeps the first answer to itself):
// false when the server is unreachable here or does not pipeline.
bool SmtpPipeline::connect() {
    buffer_.clear();
    if (!channel_.open(login_)) return false;
    if (!channel_.send_all("EHLO " + helo_ + "\r\n")) return false;
    auto ehlo = read_reply();
    if (!ehlo || ehlo->code != 250) {
        channel_.close();
        return false;
    }
    for (const std::string& l : ehlo->lines) {
        std::string word = l.substr(0, l.find(' '));
        for (char& ch : word) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        if (word == "PIPELINING") return true;
    }
    unsupported_ = true;
    channel_.close();
    return false;
}

MailError SmtpPipeline::refusal(const std::string& stage, const SmtpReply& r) const {
    MailError e = channel_.failure(stage + " failed: " + std::to_string(r.code) + " " + r.text,
                                   r.code >= 400 && r.code < 500);
    e.code = MailErrorCode::Rejected;
    e.response_code = r.code;
    if (r.code < 400) e.code = MailErrorCode::Protocol;  // an unexpected positive reply
    return e;
}

std::optional<core::Result<void, MailError>> SmtpPipeline::send(
    const std::string& from, const std::vector<std::string>& rcpts,
    const std::string& crlf_message) {
    using Outcome = core::Result<void, MailError>;
    if (unsupported_) return std::nullopt;
    // A connection the server closed while idle fails at once: one fresh attempt.
    for (int attempt = 0; attempt < 2; ++attempt) {
        const bool fresh = !channel_.is_open();
        if (fresh && !connect()) return std::nullopt;
        std::string envelope = "MAIL FROM:<" + from + ">\r\n";
        for (const auto& r : rcpts) envelope += "RCPT TO:<" + r + ">\r\n";
        envelope += "DATA\r\n";
        auto mail = channel_.send_all(envelope)
                        ? read_reply()
                        : core::Result<SmtpReply, MailError>(
                              core::unexpected(channel_.failure("connection lost", true)));
        if (!mail) {
            channel_.close();
            if (!fresh) continue;
            return Outcome(core::unexpected(mail.error()));
        }
        std::optional<SmtpReply> refused;
        if (mail->code / 100 != 2) refused = *mail;
        for (std::size_t i = 0; i < rcpts.size(); ++i) {
            auto r = read_reply();
            if (!r) return Outcome(core::unexpected(r.error()));
            if (!refused && r->code / 100 != 2) refused = *r;
        }
        auto data = read_reply();
        if (!data) return Outcome(core::unexpected(data.error()));
        if (data->code != 354) {
            (void)channel_.send_all("RSET\r\n");
            if (!channel_.is_open() || !read_reply()) channel_.close();
            return Outcome(core::unexpected(
                refused ? refusal(mail->code / 100 != 2 ? "MAIL" : "RCPT", *refused)
                        : refusal("DATA", *data)));
        }
        if (refused) {
            // Some recipient was refused but the server waits for the message: all or
            // nothing, so drop the connection instead of sending it.
            channel_.close();
            return Outcome(core::unexpected(refusal("RCPT", *refused)));
        }
        if (auto sent = channel_.send_all(dot_stuff(crlf_message)); !sent)
            return Outcome(core::unexpected(sent.error()));
        auto done = read_reply();
        if (!done) return Outcome(core::unexpected(done.error()));
        if (done->code / 100 != 2) return Outcome(core::unexpected(refusal("DATA", *done)));
        return Outcome();
    }
    return std::nullopt;
}

}  // namespace ck::mail::detail
