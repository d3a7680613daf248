#include "compose/kept_lines.hpp"

#include <cstring>

#include "compose/kept_per_game.hpp"
#include "compose/text_wrap.hpp"
#include "mail/codec.hpp"

namespace ck::compose {
namespace {

constexpr std::size_t MaxKept = 64;

KeptPerGame<KeptLines, MaxKept>& all() {
    thread_local KeptPerGame<KeptLines, MaxKept> k;
    return k;
}

}  // namespace

void KeptLines::hold(std::string_view lines) {
    if (lines.size() < text_.size() || std::memcmp(lines.data(), text_.data(), text_.size()) != 0) {
        text_.clear();
        wrapped_.clear();
        encoded_.clear();
    }
    if (lines.size() == text_.size()) return;
    // Line by line, so the new lines alone are wrapped and encoded (both end with '\n').
    const std::string added(lines.substr(text_.size()));
    const std::string wrapped = wrap_lines(added, width_);
    mail::qp_encode_into(wrapped, encoded_);
    wrapped_ += wrapped;
    text_ += added;
}

std::string wrap_body(const std::string& body, std::size_t width, const std::string& moves,
                      core::GameId game, rules::Color player, std::vector<mail::EncodedRun>& runs) {
    const std::size_t last = moves.rfind('\n');
    const std::size_t at =
        last == std::string::npos ? std::string::npos : body.find(moves.data(), 0, last + 1);
    if (at == std::string::npos || (at > 0 && body[at - 1] != '\n')) return wrap_lines(body, width);
    KeptLines& kept = all().at(game, player);
    if (kept.width() != width) kept = KeptLines(width);
    kept.hold(std::string_view(moves).substr(0, last + 1));
    // Each part ends a line, and wrap_lines treats each line on its own.
    std::string out = wrap_lines(body.substr(0, at), width);
    runs.push_back(mail::EncodedRun{out.size(), kept.wrapped().size(), kept.encoded()});
    out += kept.wrapped();
    out += wrap_lines(body.substr(at + last + 1), width);
    return out;
}

std::size_t kept_lines_count() { return all().size(); }

void forget_kept_lines() { all().clear(); }

}  // namespace ck::compose
