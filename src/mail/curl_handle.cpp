#include "mail/curl_handle.hpp"

#include <mutex>

namespace ck::mail::detail {

CurlHandle::CurlHandle() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    curl_ = curl_easy_init();
}

CurlHandle::~CurlHandle() {
    if (curl_ != nullptr) curl_easy_cleanup(curl_);
}

size_t append_to_string(char* data, size_t size, size_t n, void* user) {
    static_cast<std::string*>(user)->append(data, size * n);
    return size * n;
}

void set_tls_options(CURL* c, TlsMode mode, bool verify, const std::string& ca_file) {
    curl_easy_setopt(c, CURLOPT_USE_SSL,
                     mode == TlsMode::Required ? static_cast<long>(CURLUSESSL_ALL)
                     : mode == TlsMode::Try    ? static_cast<long>(CURLUSESSL_TRY)
                                               : static_cast<long>(CURLUSESSL_NONE));
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, verify ? 1L : 0L);
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, verify ? 2L : 0L);
    // nullptr restores libcurl's built-in default (the system bundle).
    curl_easy_setopt(c, CURLOPT_CAINFO, ca_file.empty() ? nullptr : ca_file.c_str());
}

bool is_certificate_error(CURLcode rc) {
    return rc == CURLE_PEER_FAILED_VERIFICATION || rc == CURLE_SSL_CACERT_BADFILE ||
           rc == CURLE_SSL_CERTPROBLEM || rc == CURLE_SSL_ISSUER_ERROR;
}

bool is_transient_curl_error(CURLcode rc) {
    switch (rc) {
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_COULDNT_RESOLVE_PROXY:
        case CURLE_COULDNT_CONNECT:
        case CURLE_OPERATION_TIMEDOUT:
        case CURLE_SEND_ERROR:
        case CURLE_RECV_ERROR:
        case CURLE_GOT_NOTHING:
        case CURLE_SSL_CONNECT_ERROR:
        case CURLE_WEIRD_SERVER_REPLY:
        case CURLE_AGAIN:
            return true;
        default:
            return false;
    }
}

std::string redact_url(const std::string& url) {
    std::string out = url;
    const size_t scheme = out.find("://");
    const size_t start = scheme == std::string::npos ? 0 : scheme + 3;
    const size_t at = out.find('@', start);
    const size_t slash = out.find('/', start);
    if (at != std::string::npos && (slash == std::string::npos || at < slash))
        out.erase(start, at + 1 - start);
    return out;
}

}  // namespace ck::mail::detail
