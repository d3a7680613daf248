#pragma once
// One libcurl easy handle, global init done once. Private to the mail module.
#include <curl/curl.h>

#include <string>

#include "mail/error.hpp"

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

// Connection-level failures that a later attempt may survive.
bool is_transient_curl_error(CURLcode rc);

// Strips "user:password@" and the query from a URL for messages (credentials never in logs).
std::string redact_url(const std::string& url);

}  // namespace ck::mail::detail
