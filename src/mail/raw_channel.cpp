#include "mail/raw_channel.hpp"

#include <poll.h>

#include "mail/curl_handle.hpp"

namespace ck::mail::detail {
namespace {

// Waits until the socket is ready for `events`, at most `ms` milliseconds.
bool wait_socket(curl_socket_t sock, short events, int ms) {
    pollfd p{sock, events, 0};
    return ::poll(&p, 1, ms) > 0;
}

}  // namespace

RawChannel::RawChannel(std::string label) : label_(std::move(label)) {}

RawChannel::~RawChannel() = default;

MailError RawChannel::failure(const std::string& what, bool transient) const {
    return MailError{transient ? MailErrorCode::Connect : MailErrorCode::Protocol,
                     label_ + ": " + what, 0, transient};
}

void RawChannel::close() { curl_.reset(); }

core::Result<void, MailError> RawChannel::open(const RawLogin& login) {
    close();
    auto handle = std::make_unique<CurlHandle>();
    if (!*handle) return core::unexpected(failure("curl_easy_init failed", true));
    CURL* c = handle->get();
    char errbuf[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(c, CURLOPT_URL, login.url.c_str());
    curl_easy_setopt(c, CURLOPT_CONNECT_ONLY, 1L);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, login.connect_timeout_seconds);
    if (!login.username.empty()) {
        curl_easy_setopt(c, CURLOPT_USERNAME, login.username.c_str());
        curl_easy_setopt(c, CURLOPT_PASSWORD, login.password.c_str());
    }
    set_tls_options(c, login.tls, login.verify_tls_peer, login.ca_file);
    const CURLcode rc = curl_easy_perform(c);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, nullptr);
    if (rc != CURLE_OK) {
        MailError e = failure(errbuf[0] != '\0' ? errbuf : curl_easy_strerror(rc),
                              is_transient_curl_error(rc));
        if (is_certificate_error(rc)) e.code = MailErrorCode::Certificate;
        return core::unexpected(e);
    }
    curl_ = std::move(handle);
    timeout_seconds_ = login.timeout_seconds;
    return {};
}

core::Result<void, MailError> RawChannel::send_all(const std::string& bytes) {
    if (!curl_) return core::unexpected(failure("not connected", true));
    curl_socket_t sock = CURL_SOCKET_BAD;
    curl_easy_getinfo(curl_->get(), CURLINFO_ACTIVESOCKET, &sock);
    for (std::size_t sent = 0; sent < bytes.size();) {
        std::size_t n = 0;
        const CURLcode rc =
            curl_easy_send(curl_->get(), bytes.data() + sent, bytes.size() - sent, &n);
        if (rc == CURLE_AGAIN) {
            if (!wait_socket(sock, POLLOUT, static_cast<int>(timeout_seconds_ * 1000))) {
                close();
                return core::unexpected(failure("timeout sending", true));
            }
            continue;
        }
        if (rc != CURLE_OK) {
            close();
            return core::unexpected(failure(curl_easy_strerror(rc), true));
        }
        sent += n;
    }
    return {};
}

core::Result<void, MailError> RawChannel::receive(std::string& into) {
    if (!curl_) return core::unexpected(failure("not connected", true));
    curl_socket_t sock = CURL_SOCKET_BAD;
    curl_easy_getinfo(curl_->get(), CURLINFO_ACTIVESOCKET, &sock);
    char buf[65536];
    for (;;) {
        std::size_t n = 0;
        const CURLcode rc = curl_easy_recv(curl_->get(), buf, sizeof buf, &n);
        if (rc == CURLE_AGAIN) {
            if (!wait_socket(sock, POLLIN, static_cast<int>(timeout_seconds_ * 1000))) {
                close();
                return core::unexpected(failure("timeout reading", true));
            }
            continue;
        }
        if (rc != CURLE_OK || n == 0) {
            close();
            return core::unexpected(failure(
                rc != CURLE_OK ? curl_easy_strerror(rc) : "connection closed by the server", true));
        }
        into.append(buf, n);
        return {};
    }
}

}  // namespace ck::mail::detail
