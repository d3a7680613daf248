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

// The quoted INTERNALDATE and the UID of one "* n FETCH (...)" line; false for other lines.
bool parse_fetch_date(const std::string& line, std::string& uid, std::string& date) {
    if (line.rfind("* ", 0) != 0) return false;
    const std::size_t open = line.find(" FETCH (");
    if (open == std::string::npos) return false;
    const std::size_t u = line.find("UID ", open);
    const std::size_t d = line.find("INTERNALDATE \"", open);
    if (u == std::string::npos || d == std::string::npos) return false;
    std::size_t e = u + 4;
    while (e < line.size() && std::isdigit(static_cast<unsigned char>(line[e]))) ++e;
    uid = line.substr(u + 4, e - u - 4);
    const std::size_t q = d + 14;
    const std::size_t close = line.find('"', q);
    if (close == std::string::npos) return false;
    date = line.substr(q, close - q);
    return is_uid(uid);
}

}  // namespace

std::optional<core::TimePoint> parse_imap_date_time(std::string_view text) {
    // date-day-fixed "-" date-month "-" date-year SP time SP zone
    static const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    std::string t(text);
    if (t.size() == 25) t = " " + t;  // a one-digit day without its pad
    if (t.size() != 26 || t[2] != '-' || t[6] != '-' || t[11] != ' ' || t[14] != ':' ||
        t[17] != ':' || t[20] != ' ' || (t[21] != '+' && t[21] != '-'))
        return std::nullopt;
    const auto num = [&](std::size_t at, std::size_t n, int& out) {
        out = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            const char c = t[i] == ' ' && i == at ? '0' : t[i];
            if (!std::isdigit(static_cast<unsigned char>(c))) return false;
            out = out * 10 + (c - '0');
        }
        return true;
    };
    core::CivilTime c;
    int zh = 0, zm = 0;
    if (!num(0, 2, c.day) || !num(7, 4, c.year) || !num(12, 2, c.hour) || !num(15, 2, c.minute) ||
        !num(18, 2, c.second) || !num(22, 2, zh) || !num(24, 2, zm))
        return std::nullopt;
    c.month = 0;
    for (int m = 0; m < 12; ++m)
        if (t.compare(3, 3, months[m]) == 0) c.month = m + 1;
    if (c.month == 0 || c.day < 1 || c.day > 31 || c.hour > 23 || c.minute > 59 || c.second > 60 ||
        zh > 23 || zm > 59)
        return std::nullopt;
    const auto offset = std::chrono::minutes(zh * 60 + zm);
    const core::TimePoint local = core::from_civil(c);
    return t[21] == '+' ? local - offset : local + offset;
}

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
    // The arrival times of the listed messages (MailSource::arrival), in chunks so that no
    // command line grows without bound; a failure leaves them unknown (the daemon uses now).
    arrivals_.clear();
    constexpr std::size_t Chunk = 500;
    for (std::size_t from = 0; from < ids.size(); from += Chunk) {
        std::string set;
        for (std::size_t i = from; i < std::min(ids.size(), from + Chunk); ++i)
            set += (set.empty() ? "" : ",") + ids[i];
        auto dates = command(mailbox_url(), "UID FETCH " + set + " (UID INTERNALDATE)");
        if (!dates) break;
        std::istringstream fetched(dates.value());
        std::string uid, date;
        while (std::getline(fetched, line))
            if (parse_fetch_date(line, uid, date))
                if (auto at = parse_imap_date_time(date)) arrivals_[uid] = *at;
    }
    return ids;
}

std::optional<core::TimePoint> ImapSource::arrival(const SourceId& id) {
    const auto it = arrivals_.find(id);
    if (it == arrivals_.end()) return std::nullopt;
    return it->second;
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
