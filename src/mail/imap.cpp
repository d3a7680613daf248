#include "mail/imap.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include "mail/curl_handle.hpp"
#include "mail/imap_batch.hpp"

namespace ck::mail {
namespace {

std::string percent_encode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += ch;
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

bool is_uid(const std::string& id) {
    if (id.empty() || id.size() > 10) return false;
    for (char c : id)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return id != "0";
}

std::string base_url(const std::string& url) {
    std::string u = url;
    while (!u.empty() && u.back() == '/') u.pop_back();
    return u;
}

}  // namespace

ImapSource::ImapSource(ImapConfig config)
    : config_(std::move(config)), curl_(std::make_unique<detail::CurlHandle>()) {}

ImapSource::~ImapSource() = default;

std::string ImapSource::mailbox_url() const {
    return base_url(config_.url) + "/" + percent_encode(config_.mailbox);
}

core::Result<std::string, MailError> ImapSource::perform(const std::string& url,
                                                         const char* custom) {
    if (!*curl_)
        return core::unexpected(
            MailError{MailErrorCode::Connect, "curl_easy_init failed", 0, true});
    CURL* c = curl_->get();
    std::string out;
    char errbuf[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, custom);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, detail::append_to_string);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &out);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, config_.connect_timeout_seconds);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, config_.timeout_seconds);
    curl_easy_setopt(c, CURLOPT_USERNAME, config_.username.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, config_.password.c_str());
    detail::set_tls_options(c, config_.tls, config_.verify_tls_peer, config_.ca_file);
    const CURLcode rc = curl_easy_perform(c);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, nullptr);
    if (rc == CURLE_OK) return out;
    MailError e;
    const std::string what =
        errbuf[0] != '\0' ? std::string(errbuf) : std::string(curl_easy_strerror(rc));
    e.message = "IMAP " + detail::redact_url(url) +
                (custom ? std::string(" ") + custom : std::string()) + ": " +
                (detail::is_certificate_error(rc) ? "TLS certificate problem: " : "") + what;
    e.transient = detail::is_transient_curl_error(rc);
    e.code = detail::is_certificate_error(rc)    ? MailErrorCode::Certificate
             : rc == CURLE_LOGIN_DENIED          ? MailErrorCode::Connect
             : rc == CURLE_QUOTE_ERROR           ? MailErrorCode::Rejected
             : rc == CURLE_REMOTE_FILE_NOT_FOUND ? MailErrorCode::NotFound
             : e.transient                       ? MailErrorCode::Connect
                                                 : MailErrorCode::Protocol;
    return core::unexpected(e);
}

core::Result<std::string, MailError> ImapSource::command(const std::string& url,
                                                         const std::string& cmd) {
    return perform(url, cmd.c_str());
}

core::Result<std::vector<SourceId>, MailError> ImapSource::list_pending() {
    auto r = command(mailbox_url(),
                     config_.done_folder.empty() ? "UID SEARCH UNSEEN" : "UID SEARCH UNDELETED");
    if (!r) return core::unexpected(r.error());
    std::vector<SourceId> ids;
    prefetched_.clear();
    std::istringstream lines(r.value());
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind("* SEARCH", 0) != 0) continue;
        std::istringstream words(line.substr(8));
        std::string w;
        while (words >> w)
            if (is_uid(w)) ids.push_back(w);
    }
    listed_ = ids;
    return ids;
}

core::Result<std::string, MailError> ImapSource::fetch(const SourceId& id) {
    if (!is_uid(id))
        return core::unexpected(
            MailError{MailErrorCode::InvalidInput, "bad IMAP UID '" + id + "'", 0, false});
    if (auto it = prefetched_.find(id); it != prefetched_.end()) {
        std::string raw = std::move(it->second);
        prefetched_.erase(it);
        return raw;
    }
    if (auto batched = fetch_batch(id); batched) return std::move(*batched);
    auto r = perform(mailbox_url() + ";UID=" + id, nullptr);
    if (!r) return r;
    if (r.value().empty())
        return core::unexpected(
            MailError{MailErrorCode::NotFound, "no message with UID " + id, 0, false});
    if (config_.done_folder.empty()) {
        auto unseen = command(mailbox_url(), "UID STORE " + id + " -FLAGS.SILENT (\\Seen)");
        if (!unseen) return core::unexpected(unseen.error());
    }
    return r;
}

// `id` and the UIDs listed after it, with one command; nullopt when that is not possible.
std::optional<std::string> ImapSource::fetch_batch(const SourceId& id) {
    if (fetcher_broken_) return std::nullopt;
    auto at = std::find(listed_.begin(), listed_.end(), id);
    if (at == listed_.end()) return std::nullopt;
    std::vector<std::string> uids;
    for (; at != listed_.end() && uids.size() < FetchBatch; ++at) uids.push_back(*at);
    if (!fetcher_) fetcher_ = std::make_unique<detail::ImapBatchFetcher>(config_);
    auto got = fetcher_->fetch(uids);
    if (!got) {
        // A refusal (BAD/NO) will not go away: fetch one by one from now on. A connection
        // failure is left to the single fetch, which reports it.
        if (!got.error().transient && got.error().code != MailErrorCode::Certificate)
            fetcher_broken_ = true;
        return std::nullopt;
    }
    std::optional<std::string> out;
    for (auto& [uid, raw] : *got) {
        if (uid == id)
            out = std::move(raw);
        else
            prefetched_[uid] = std::move(raw);
    }
    return out;
}

core::Result<void, MailError> ImapSource::mark_done(const SourceId& id) {
    if (!is_uid(id))
        return core::unexpected(
            MailError{MailErrorCode::InvalidInput, "bad IMAP UID '" + id + "'", 0, false});
    if (batching_) {
        batch_.push_back(id);
        return {};
    }
    return mark_set_done(id);
}

void ImapSource::begin_batch() {
    batching_ = true;
    batch_.clear();
}

core::Result<void, MailError> ImapSource::end_batch() {
    batching_ = false;
    std::string set;
    for (const SourceId& id : batch_) set += (set.empty() ? "" : ",") + id;
    batch_.clear();
    if (set.empty()) return {};
    return mark_set_done(set);
}

// `uid_set`: one UID or a comma-separated list (RFC 3501 sequence-set).
core::Result<void, MailError> ImapSource::mark_set_done(const std::string& uid_set) {
    if (config_.done_folder.empty()) {
        auto r = command(mailbox_url(), "UID STORE " + uid_set + " +FLAGS.SILENT (\\Seen)");
        if (!r) return core::unexpected(r.error());
        return {};
    }
    const std::string folder = detail::quote_imap_string(config_.done_folder);
    if (!folder_checked_) {
        // CREATE fails harmlessly when the folder exists ([ALREADYEXISTS]); a real failure
        // shows up in the MOVE below.
        (void)command(base_url(config_.url) + "/", "CREATE " + folder);
        folder_checked_ = true;
    }
    auto moved = command(mailbox_url(), "UID MOVE " + uid_set + " " + folder);
    if (moved) return {};
    // Servers without RFC 6851 MOVE: copy, flag deleted, expunge just these UIDs (RFC 4315).
    auto copied = command(mailbox_url(), "UID COPY " + uid_set + " " + folder);
    if (!copied) return core::unexpected(moved.error());
    auto del = command(mailbox_url(), "UID STORE " + uid_set + " +FLAGS.SILENT (\\Deleted)");
    if (!del) return core::unexpected(del.error());
    auto exp = command(mailbox_url(), "UID EXPUNGE " + uid_set);
    if (!exp) return core::unexpected(exp.error());
    return {};
}

}  // namespace ck::mail
