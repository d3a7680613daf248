#include "store/transaction.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

namespace ck::store {
namespace {

bool has_line_break_or_nul(const std::string& s) {
    return s.find_first_of(std::string("\r\n\0", 3)) != std::string::npos;
}

core::IoError invalid(std::string what) {
    return core::IoError{std::make_error_code(std::errc::invalid_argument), "", std::move(what)};
}

}  // namespace

void Transaction::write_game_file(GameId game, std::string name, std::string bytes) {
    for (auto& f : files_) {
        if (f.game == game && f.name == name) {
            f.bytes = std::move(bytes);
            return;
        }
    }
    files_.push_back(FileWrite{game, std::move(name), std::move(bytes)});
}

void Transaction::put_record(Namespace ns, std::string key, std::string bytes) {
    for (auto& r : records_) {
        if (r.ns == ns && r.key == key) {
            r.bytes = std::move(bytes);
            return;
        }
    }
    records_.push_back(RecordWrite{ns, std::move(key), std::move(bytes)});
}

void Transaction::erase_record(Namespace ns, std::string key) {
    for (auto& r : records_) {
        if (r.ns == ns && r.key == key) {
            r.bytes.reset();
            return;
        }
    }
    records_.push_back(RecordWrite{ns, std::move(key), std::nullopt});
}

const RecordWrite* Transaction::find_record(Namespace ns, const std::string& key) const {
    for (const auto& r : records_)
        if (r.ns == ns && r.key == key) return &r;
    return nullptr;
}

void Transaction::mark_seen(std::string message_id) {
    if (std::find(seen_.begin(), seen_.end(), message_id) == seen_.end()) {
        seen_.push_back(std::move(message_id));
    }
}

void Transaction::queue_mail(SpooledMail mail) { mails_.push_back({std::move(mail), {}}); }

void Transaction::queue_outgoing(std::string envelope_from, std::string recipient,
                                 mail::OutgoingMail mail) {
    mails_.push_back(
        {SpooledMail{std::move(envelope_from), {std::move(recipient)}, {}}, std::move(mail)});
}

mail::OutgoingMail* Transaction::first_outgoing_to(const std::string& recipient) {
    for (Queued& q : mails_)
        if (q.held && q.spooled.recipients.front() == recipient) return &*q.held;
    return nullptr;
}

void Transaction::merge_outgoing(const std::string& recipient,
                                 mail::OutgoingMail (*merge)(std::vector<mail::OutgoingMail>)) {
    std::vector<mail::OutgoingMail> parts;
    std::size_t first = mails_.size();
    std::vector<Queued> kept;
    for (std::size_t i = 0; i < mails_.size(); ++i) {
        Queued& q = mails_[i];
        if (q.held && q.spooled.recipients.front() == recipient) {
            if (parts.empty()) first = kept.size();
            parts.push_back(std::move(*q.held));
            if (parts.size() == 1) kept.push_back(std::move(q));
            continue;
        }
        kept.push_back(std::move(q));
    }
    if (!parts.empty())
        kept[first].held = parts.size() == 1 ? std::move(parts.front()) : merge(std::move(parts));
    mails_ = std::move(kept);
}

void Transaction::append(Transaction&& part) {
    for (FileWrite& f : part.files_) write_game_file(f.game, std::move(f.name), std::move(f.bytes));
    for (RecordWrite& r : part.records_) {
        if (r.bytes)
            put_record(r.ns, std::move(r.key), std::move(*r.bytes));
        else
            erase_record(r.ns, std::move(r.key));
    }
    for (std::string& id : part.seen_) mark_seen(std::move(id));
    for (Queued& q : part.mails_) mails_.push_back(std::move(q));
    part = Transaction(part.now_);
}

std::size_t Transaction::drop_outgoing(
    const std::function<bool(const std::string&, const mail::OutgoingMail&)>& drop) {
    const std::size_t before = mails_.size();
    mails_.erase(std::remove_if(mails_.begin(), mails_.end(),
                                [&](const Queued& q) {
                                    return q.held && drop(q.spooled.recipients.front(), *q.held);
                                }),
                 mails_.end());
    return before - mails_.size();
}

std::vector<SpooledMail> Transaction::mails() const {
    std::vector<SpooledMail> out;
    out.reserve(mails_.size());
    for (const Queued& q : mails_) {
        out.push_back(q.spooled);
        if (q.held) out.back().raw_message = mail::render_mime(*q.held);
    }
    return out;
}

std::vector<const SpooledMail*> Transaction::envelopes() const {
    std::vector<const SpooledMail*> out;
    out.reserve(mails_.size());
    for (const Queued& q : mails_) out.push_back(&q.spooled);
    return out;
}

bool valid_game_file_name(const std::string& name) {
    if (name.empty() || name.size() > 100 || name[0] == '.') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '.' || c == '_' || c == '-';
    });
}

core::Result<void, core::IoError> validate(const Transaction& tx) {
    for (const auto& f : tx.files()) {
        if (!valid_game_file_name(f.name)) {
            return core::unexpected(invalid("bad game file name '" + f.name + "'"));
        }
    }
    for (const auto& r : tx.records()) {
        if (!valid_record_key(r.key)) {
            return core::unexpected(
                invalid("bad " + std::string(namespace_name(r.ns)) + " record key"));
        }
    }
    for (const auto& id : tx.seen_ids()) {
        if (id.empty() || has_line_break_or_nul(id)) {
            return core::unexpected(invalid("bad Message-ID for the ledger"));
        }
    }
    for (const SpooledMail* m : tx.envelopes()) {
        if (m->recipients.empty())
            return core::unexpected(invalid("outgoing mail without recipient"));
        if (has_line_break_or_nul(m->envelope_from)) {
            return core::unexpected(invalid("bad envelope sender"));
        }
        for (const auto& r : m->recipients) {
            if (r.empty() || has_line_break_or_nul(r)) {
                return core::unexpected(invalid("bad envelope recipient"));
            }
        }
    }
    return {};
}

}  // namespace ck::store
