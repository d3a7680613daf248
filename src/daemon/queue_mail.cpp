#include "daemon/queue_mail.hpp"

#include <utility>

namespace ck::daemon {

using league::Config;
core::Result<void, core::Error> queue_mail(store::Transaction& tx, const Config& config,
                                           const std::string& address, compose::MailResult mail,
                                           std::optional<mail::Attachment> attachment) {
    if (!mail) return core::unexpected(core::invalid_error(mail.error().message));
    if (attachment) mail->attachments.push_back(std::move(*attachment));
    tx.queue_outgoing(config.referee_address, address, std::move(*mail));
    return {};
}

core::Result<void, core::Error> queue_own_mail(store::Transaction& tx, const Config& config,
                                               const std::string& address, compose::MailResult mail,
                                               std::optional<mail::Attachment> attachment) {
    if (!mail) return core::unexpected(core::invalid_error(mail.error().message));
    if (attachment) mail->attachments.push_back(std::move(*attachment));
    tx.queue_mail(store::SpooledMail{config.referee_address, {address}, mail::render_mime(*mail)});
    return {};
}

}  // namespace ck::daemon
