#include "mail/reply_text.hpp"

#include <vector>

#include "core/text.hpp"

namespace ck::mail {
namespace {

std::vector<std::string> split_lines(std::string_view text) {
    std::vector<std::string> lines;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos) {
            if (pos < text.size()) lines.emplace_back(text.substr(pos));
            break;
        }
        lines.emplace_back(text.substr(pos, eol - pos));
        pos = eol + 1;
    }
    return lines;
}

// A line's blanks: leading ones are spaces and tabs, trailing ones may include a CR as well.
constexpr std::string_view Leading = " \t";
constexpr std::string_view Trailing = " \t\r";

std::string_view ltrim(std::string_view s) { return core::trim_start_ascii(s, Leading); }
std::string rstrip(std::string_view s) { return std::string(core::trim_end_ascii(s, Trailing)); }

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
bool contains(std::string_view s, std::string_view p) {
    return s.find(p) != std::string_view::npos;
}

bool is_quoted(std::string_view line) { return starts_with(ltrim(line), ">"); }
bool is_blank(std::string_view line) { return ltrim(line).empty(); }

// Lower case with U+00A0 (no-break space, French clients put one before ':') as a space.
std::string folded(std::string_view line) {
    std::string l = core::lower_ascii(ltrim(line));
    for (size_t p = l.find("\xC2\xA0"); p != std::string::npos; p = l.find("\xC2\xA0", p))
        l.replace(p, 2, " ");
    return rstrip(l);
}

bool contains_any(std::string_view l, std::initializer_list<std::string_view> words) {
    for (std::string_view w : words)
        if (contains(l, w)) return true;
    return false;
}

// "-----Original Message-----", "---------- Forwarded message ---------" and their
// translations, "Begin forwarded message:", or an Outlook rule of underscores: the original
// follows unquoted.
bool is_original_message_separator(std::string_view line) {
    const std::string l = folded(line);
    if (starts_with(l, "---") &&
        contains_any(
            l, {"original message", "ursprüngliche nachricht", "originalnachricht",
                "message d'origine", "message original", "mensaje original", "messaggio originale",
                "oorspronkelijk bericht", "mensagem original", "forwarded message",
                "weitergeleitete nachricht", "message transféré", "mensaje reenviado",
                "messaggio inoltrato", "doorgestuurd bericht", "mensagem encaminhada"}))
        return true;
    if (contains_any(l, {"begin forwarded message:", "anfang der weitergeleiteten nachricht",
                         "début du message réexpédié", "inicio del mensaje reenviado",
                         "inizio messaggio inoltrato", "begin doorgestuurd bericht",
                         "início da mensagem reencaminhada"}) &&
        l.size() < 60)
        return true;
    // Outlook draws a line of underscores above its header block.
    return l.size() >= 10 && l.find_first_not_of('_') == std::string::npos;
}

// The signatures mail apps add without the "-- " delimiter ("Sent from my iPhone", "Get
// Outlook for Android", K-9's, Samsung's, Yahoo's, Mail for Windows') and their German, French,
// Spanish, Italian, Dutch and Portuguese forms, and the phones' own line ("Sent from my iPhone",
// "... Galaxy") in Swedish, Danish, Norwegian, Finnish, Polish, Czech, Russian, Ukrainian,
// Turkish, Japanese and Chinese. A short line that starts (or, where the verb comes last, ends)
// with one of these.
bool is_client_signature(std::string_view line) {
    const std::string l = folded(line);
    if (l.empty() || l.size() > 80) return false;
    static constexpr std::string_view Starts[] = {
        // English
        "sent from my ",
        "sent from mail for windows",
        "sent from yahoo mail",
        "sent from outlook",
        "sent from the all new aol",
        "sent from aol",
        "sent via ",
        "sent with k-9",
        "sent from k-9",
        "sent with proton",
        "sent from proton",
        "get outlook for ",
        "sent from samsung",
        "sent from xfinity",
        "sent using ",
        "sent from gmail",
        "sent from fairemail",
        "sent with spark",
        "sent from tutanota",
        // German
        "gesendet von ",
        "gesendet mit ",
        "gesendet vom ",
        "outlook für ",
        "mit k-9",
        "gesendet über ",
        // French
        "envoyé de mon ",
        "envoyé depuis ",
        "envoyé avec ",
        "envoyé à partir de ",
        "obtenir outlook pour ",
        "télécharger outlook pour ",
        // Spanish
        "enviado desde mi ",
        "enviado desde ",
        "enviado con ",
        "obtener outlook para ",
        // Italian
        "inviato da ",
        "inviato dal mio ",
        "inviato con ",
        "scarica outlook per ",
        "ottieni outlook per ",
        // Dutch
        "verzonden vanaf mijn ",
        "verstuurd vanaf mijn ",
        "verzonden met ",
        "verstuurd met ",
        "verzonden vanuit ",
        "verzonden vanaf ",
        "outlook voor ",
        // Portuguese
        "enviado do meu ",
        "enviado de meu ",
        "enviado do ",
        "enviado pelo ",
        "enviado a partir do ",
        "obter o outlook para ",
        "obtenha o outlook para ",
        // Swedish, Danish and Norwegian, Finnish, Polish, Czech
        "skickat från ",
        "sendt fra ",
        "lähetetty ",
        "wysłane z ",
        "wysłano z ",
        "odesláno z ",
        // Russian, Ukrainian (Cyrillic: the folding lowers ASCII only, so both cases), Chinese
        "отправлено с ",
        "Отправлено с ",
        "надіслано з ",
        "Надіслано з ",
        "发自我的",
    };
    for (std::string_view p : Starts)
        if (starts_with(l, p)) return true;
    // German puts the verb last: "Von meinem iPhone gesendet", "Von meinem Samsung Galaxy
    // Smartphone gesendet." (a line that only starts "Von meinem ..." is the player's own).
    std::string_view end = l;
    while (!end.empty() && (end.back() == '.' || end.back() == ' ')) end.remove_suffix(1);
    if (starts_with(l, "von meinem ") && ends_with(end, " gesendet")) return true;
    // Turkish and Japanese too: "iPhone'umdan gönderildi", "iPhoneから送信".
    return ends_with(end, "dan gönderildi") || ends_with(end, "den gönderildi") ||
           ends_with(end, "から送信");
}

bool is_header_line(std::string_view line, std::initializer_list<std::string_view> names) {
    const std::string l = core::lower_ascii(ltrim(line));
    for (std::string_view n : names)
        if (starts_with(l, n)) return true;
    return false;
}

// Outlook's plain-text original: "From: ..." then "Sent: ..." (or Date:) within four lines.
bool is_outlook_header_block(const std::vector<std::string>& lines, size_t i) {
    if (!is_header_line(lines[i], {"from:", "von:", "de :", "de:", "da:", "van:"})) return false;
    for (size_t k = i + 1; k < lines.size() && k <= i + 4; ++k)
        if (is_header_line(lines[k],
                           {"sent:", "date:", "gesendet:", "datum:", "envoyé :", "envoyé:",
                            "enviado:", "enviada:", "enviado el:", "enviada em:", "enviado em:",
                            "fecha:", "inviato:", "data:", "verzonden:", "verstuurd:", "datum :"}))
            return true;
    return false;
}

// Attribution recognised on `joined` (one or more lines joined by spaces).
bool is_attribution_text(std::string_view joined, bool single_line, std::string_view first) {
    const std::string l = folded(joined);
    if (l.empty() || l.back() != ':') return false;
    if (starts_with(l, "on ") && ends_with(l, "wrote:")) return true;
    if (starts_with(l, "am ") && contains(l, "schrieb")) return true;
    if (starts_with(l, "le ") && (ends_with(l, "a écrit :") || ends_with(l, "a écrit:")))
        return true;
    if (starts_with(l, "el ") && ends_with(l, "escribió:")) return true;
    if (starts_with(l, "il ") && ends_with(l, "ha scritto:")) return true;
    if (starts_with(l, "op ") && (contains(l, "schreef") || ends_with(l, "geschreven:")))
        return true;
    if (starts_with(l, "em ") && ends_with(l, "escreveu:")) return true;
    // Other word orders ("Bob <b@x> schrieb am 24.11.2026:", "Bob a écrit le ... :") name an
    // address or a date.
    // Wrapped, the first line must already name the sender (`first` holds it).
    const bool names_who_or_when =
        contains(l, "@") || l.find_first_of("0123456789") != std::string::npos;
    if (names_who_or_when && (single_line || contains(first, "@") || contains(first, "<")) &&
        (contains(l, " schrieb") || ends_with(l, " a écrit :") || ends_with(l, " a écrit:") ||
         ends_with(l, " escribió:") || ends_with(l, " ha scritto:") || contains(l, " schreef") ||
         ends_with(l, " escreveu:") || ends_with(l, " wrote:")))
        return true;
    if (single_line && starts_with(l, "* ") && ends_with(l, "]:")) return true;  // mutt
    return false;
}

// Number of lines (1..3) forming an attribution at lines[i], or 0.
size_t attribution_length(const std::vector<std::string>& lines, size_t i) {
    if (is_blank(lines[i]) || is_quoted(lines[i])) return 0;
    std::string joined;
    for (size_t k = 0; k < 3 && i + k < lines.size(); ++k) {
        if (is_blank(lines[i + k]) || is_quoted(lines[i + k])) break;
        if (k > 0) joined += ' ';
        joined += rstrip(lines[i + k]);
        if (is_attribution_text(joined, k == 0, lines[i])) return k + 1;
    }
    return 0;
}

// Index of the next non-blank line at or after i, or lines.size().
size_t next_non_blank(const std::vector<std::string>& lines, size_t i) {
    while (i < lines.size() && is_blank(lines[i])) ++i;
    return i;
}

// A line ending in ':' that names an address or says "wrote" right before a quote is an
// attribution in some form we do not know by name.
bool is_generic_attribution(const std::vector<std::string>& lines, size_t i) {
    const std::string l = core::lower_ascii(rstrip(lines[i]));
    if (l.empty() || l.back() != ':' || is_quoted(l)) return false;
    if (!contains(l, "@") && !contains(l, "wrote") && !contains(l, "writes")) return false;
    const size_t j = next_non_blank(lines, i + 1);
    return j < lines.size() && is_quoted(lines[j]);
}

bool is_armour(std::string_view line, std::string_view what) {
    const std::string l(rstrip(std::string(ltrim(line))));
    return l == "-----BEGIN PGP " + std::string(what) + "-----";
}

}  // namespace

std::string read_pgp_inline(std::string_view text) {
    const std::vector<std::string> lines = split_lines(text);
    std::vector<std::string> out;
    size_t i = 0;
    while (i < lines.size()) {
        if (is_armour(lines[i], "SIGNED MESSAGE")) {
            ++i;
            while (i < lines.size() && !is_blank(lines[i])) ++i;  // "Hash: SHA256"
            if (i < lines.size()) ++i;
            for (; i < lines.size() && !is_armour(lines[i], "SIGNATURE"); ++i) {
                std::string_view l = lines[i];
                if (starts_with(l, "- ")) l.remove_prefix(2);  // RFC 4880 7.1 dash-escaping
                out.emplace_back(l);
            }
        }
        if (i < lines.size() &&
            (is_armour(lines[i], "SIGNATURE") || is_armour(lines[i], "MESSAGE"))) {
            // The armour (or an encrypted block we cannot read): up to its END line.
            while (i < lines.size() && !starts_with(ltrim(lines[i]), "-----END PGP ")) ++i;
            ++i;
            continue;
        }
        if (i < lines.size()) out.push_back(lines[i]);
        ++i;
    }
    std::string joined;
    for (const std::string& l : out) {
        joined += l;
        joined += '\n';
    }
    return joined;
}

std::string unflow(std::string_view text, bool delsp) {
    std::vector<std::string> out;
    int open_depth = -1;  // depth of the paragraph still open (last line was flowed), or -1
    for (const std::string& raw : split_lines(text)) {
        std::string_view line = raw;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        int depth = 0;
        while (!line.empty() && line.front() == '>') {
            ++depth;
            line.remove_prefix(1);
        }
        if (!line.empty() && line.front() == ' ') line.remove_prefix(1);  // space-stuffing
        const bool sig = line == "-- ";
        const bool flowed = !sig && !line.empty() && line.back() == ' ';
        std::string content(line);
        if (flowed && delsp) content.pop_back();
        if (open_depth == depth && !out.empty()) {
            out.back() += content;
        } else {
            std::string prefix =
                depth > 0 ? std::string(static_cast<size_t>(depth), '>') + " " : "";
            out.push_back(prefix + content);
        }
        open_depth = flowed ? depth : -1;
    }
    std::string joined;
    for (const std::string& l : out) {
        joined += l;
        joined += '\n';
    }
    return joined;
}

std::string extract_new_text(std::string_view text) {
    const std::vector<std::string> lines = split_lines(read_pgp_inline(text));
    std::vector<std::string> kept;
    size_t i = 0;
    while (i < lines.size()) {
        const std::string& raw = lines[i];
        std::string_view no_cr = raw;
        if (!no_cr.empty() && no_cr.back() == '\r') no_cr.remove_suffix(1);
        if (no_cr == "-- " || no_cr == "--") break;
        if (is_original_message_separator(raw) || is_outlook_header_block(lines, i)) break;
        if (is_client_signature(raw)) break;
        if (is_quoted(raw)) {
            ++i;
            continue;
        }
        size_t attribution = attribution_length(lines, i);
        if (attribution == 0 && is_generic_attribution(lines, i)) attribution = 1;
        if (attribution > 0) {
            const size_t j = next_non_blank(lines, i + attribution);
            if (j < lines.size() && !is_quoted(lines[j])) break;
            i += attribution;
            continue;
        }
        kept.push_back(rstrip(raw));
        ++i;
    }
    size_t b = 0;
    size_t e = kept.size();
    while (b < e && kept[b].empty()) ++b;
    while (e > b && kept[e - 1].empty()) --e;
    std::string out;
    for (size_t k = b; k < e; ++k) {
        if (kept[k].empty() && kept[k - 1].empty()) continue;  // one blank line is enough
        if (k > b) out += '\n';
        out += kept[k];
    }
    return out;
}

}  // namespace ck::mail
