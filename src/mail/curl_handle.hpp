#pragma once
// One libcurl easy handle, global init done once. Private to the mail module.
#include <curl/curl.h>

#include <string>

#include "mail/error.hpp"
#include "mail/tls_mode.hpp"

namespace ck::mail::detail {

class CurlHandle {
public:
    CurlHandle();
    ~CurlHandle();
    CurlHandle(const CurlHandle&) = delete;
    CurlHandle& operator=(const CurlHandle&) = delete;
    CURL* get() const { return curl_; }
    explicit operator bool() const { return curl_ != nullptr; }

private:
    CURL* curl_ = nullptr;
};

// Write callback appending to a std::string passed as CURLOPT_WRITEDATA.
size_t append_to_string(char* data, size_t size, size_t n, void* user);

// TLS for IMAP and SMTP alike: STARTTLS per `mode`, peer and host name verified when `verify`,
// against the CA certificates of `ca_file` (a PEM bundle) or the system's when it is empty.
void set_tls_options(CURL* c, TlsMode mode, bool verify, const std::string& ca_file);

// The server's certificate could not be verified (untrusted CA, expired, wrong host) or the CA
// file is unusable: permanent until the operator fixes the set-up (MailErrorCode::Certificate).
bool is_certificate_error(CURLcode rc);

// Connection-level failures that a later attempt may survive.
bool is_transient_curl_error(CURLcode rc);

// Strips "user:password@" and the query from a URL for messages (credentials never in logs).
std::string redact_url(const std::string& url);

}  // namespace ck::mail::detail
