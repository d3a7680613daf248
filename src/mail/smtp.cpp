#include "mail/smtp.hpp"

#include <cstring>

#include "mail/curl_handle.hpp"
#include "mail/smtp_pipeline.hpp"

namespace ck::mail {
namespace {

struct UploadState {
    const std::string* data;
    size_t pos;
};

size_t read_upload(char* buf, size_t size, size_t n, void* user) {
    auto* st = static_cast<UploadState*>(user);
    const size_t room = size * n;
    const size_t left = st->data->size() - st->pos;
    const size_t len = left < room ? left : room;
    std::memcpy(buf, st->data->data() + st->pos, len);
    st->pos += len;
    return len;
}

std::string to_crlf(std::string_view s) {
    std::string out;
    out.reserve(s.size() + s.size() / 40);
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\n' && (i == 0 || s[i - 1] != '\r')) out += '\r';
        out += s[i];
    }
    if (out.size() < 2 || out.compare(out.size() - 2, 2, "\r\n") != 0) out += "\r\n";
    return out;
}

bool is_safe_address(const std::string& a) {
    return a.find_first_of("<>\r\n \t") == std::string::npos;
}

// Adds "/helo" when the URL has no path (libcurl uses the path as the EHLO name).
std::string url_with_helo(const std::string& url, const std::string& helo) {
    const size_t scheme = url.find("://");
    const size_t slash = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
    if (slash != std::string::npos && slash + 1 < url.size()) return url;
    std::string out = url;
    if (slash == std::string::npos) out += '/';
    return out + helo;
}

// The options a send and a check share: server, TLS, timeouts, authentication.
void set_connection_options(CURL* c, const SmtpConfig& config, const std::string& url,
                            char* errbuf) {
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, config.connect_timeout_seconds);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, config.timeout_seconds);
    detail::set_tls_options(c, config.tls, config.verify_tls_peer, config.ca_file);
    if (!config.username.empty()) {
        curl_easy_setopt(c, CURLOPT_USERNAME, config.username.c_str());
        curl_easy_setopt(c, CURLOPT_PASSWORD, config.password.c_str());
    }
}

// A failed transfer: a 5xx reply is permanent, a 4xx reply or a connection error transient.
MailError classify(CURLcode rc, long code, const std::string& url, const char* errbuf) {
    MailError e;
    e.response_code = code;
    std::string what =
        errbuf[0] != '\0' ? std::string(errbuf) : std::string(curl_easy_strerror(rc));
    e.message = "SMTP " + detail::redact_url(url) + ": " + what;
    if (code != 0) e.message += " (reply " + std::to_string(code) + ")";
    if (detail::is_certificate_error(rc)) {
        e.code = MailErrorCode::Certificate;
        e.message = "SMTP " + detail::redact_url(url) + ": TLS certificate problem: " + what;
        e.transient = false;
    } else if (code >= 500) {
        e.code = MailErrorCode::Rejected;
        e.transient = false;
    } else if (code >= 400) {
        e.code = MailErrorCode::Rejected;
        e.transient = true;
    } else {
        e.code = rc == CURLE_LOGIN_DENIED ? MailErrorCode::Rejected : MailErrorCode::Connect;
        e.transient = detail::is_transient_curl_error(rc);
    }
    return e;
}

}  // namespace

SmtpSink::SmtpSink(SmtpConfig config)
    : config_(std::move(config)), curl_(std::make_unique<detail::CurlHandle>()) {}

SmtpSink::~SmtpSink() = default;

core::Result<void, MailError> SmtpSink::send(const std::string& envelope_from,
                                             const std::vector<std::string>& recipients,
                                             std::string_view raw_message) {
    if (!*curl_)
        return core::unexpected(
            MailError{MailErrorCode::Connect, "curl_easy_init failed", 0, true});
    if (recipients.empty())
        return core::unexpected(MailError{MailErrorCode::InvalidInput, "no recipients", 0, false});
    if (!is_safe_address(envelope_from))
        return core::unexpected(
            MailError{MailErrorCode::InvalidInput, "bad envelope sender", 0, false});
    curl_slist* rcpt = nullptr;
    for (const std::string& r : recipients) {
        if (r.empty() || !is_safe_address(r)) {
            curl_slist_free_all(rcpt);
            return core::unexpected(
                MailError{MailErrorCode::InvalidInput, "bad recipient '" + r + "'", 0, false});
        }
        rcpt = curl_slist_append(rcpt, ("<" + r + ">").c_str());
    }
    const std::string data = to_crlf(raw_message);
    const std::string url = url_with_helo(config_.url, config_.helo_name);
    if (!pipeline_) {
        detail::RawLogin login{url,
                               config_.username,
                               config_.password,
                               config_.tls,
                               config_.verify_tls_peer,
                               config_.ca_file,
                               config_.connect_timeout_seconds,
                               config_.timeout_seconds};
        pipeline_ = std::make_unique<detail::SmtpPipeline>(std::move(login),
                                                           url.substr(url.rfind('/') + 1));
    }
    if (auto sent = pipeline_->send(envelope_from, recipients, data)) {
        curl_slist_free_all(rcpt);
        return std::move(*sent);
    }
    UploadState upload{&data, 0};
    CURL* c = curl_->get();
    char errbuf[CURL_ERROR_SIZE] = {};
    const std::string from = "<" + envelope_from + ">";
    set_connection_options(c, config_, url, errbuf);
    curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
    curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt);
    curl_easy_setopt(c, CURLOPT_READFUNCTION, read_upload);
    curl_easy_setopt(c, CURLOPT_READDATA, &upload);
    curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(data.size()));
    const CURLcode rc = curl_easy_perform(c);
    long code = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
    curl_easy_setopt(c, CURLOPT_MAIL_RCPT, nullptr);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, nullptr);
    curl_slist_free_all(rcpt);
    if (rc == CURLE_OK && (code == 0 || (code >= 200 && code < 300))) return {};
    return core::unexpected(classify(rc, code, url, errbuf));
}

core::Result<void, MailError> SmtpSink::check() {
    if (!*curl_)
        return core::unexpected(
            MailError{MailErrorCode::Connect, "curl_easy_init failed", 0, true});
    CURL* c = curl_->get();
    char errbuf[CURL_ERROR_SIZE] = {};
    std::string reply;
    const std::string url = url_with_helo(config_.url, config_.helo_name);
    set_connection_options(c, config_, url, errbuf);
    // No recipient and no upload: libcurl sends the custom command instead of HELP.
    curl_easy_setopt(c, CURLOPT_UPLOAD, 0L);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, "NOOP");
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, detail::append_to_string);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &reply);
    const CURLcode rc = curl_easy_perform(c);
    long code = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, nullptr);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, nullptr);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, nullptr);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, nullptr);
    if (rc == CURLE_OK && (code == 0 || (code >= 200 && code < 300))) return {};
    return core::unexpected(classify(rc, code, url, errbuf));
}

}  // namespace ck::mail
