#pragma once
// The new text of a reply: what the sender typed, without the quoted mail and the signature.
#include <string>
#include <string_view>

namespace ck::mail {

// Undoes format=flowed (RFC 3676): joins soft-broken lines of the same quote depth, removes
// space-stuffing, and with DelSp=yes the space before each soft break. Quoted lines come out
// as ">" * depth + " " + text.
std::string unflow(std::string_view text, bool delsp);

// PGP inline signatures (RFC 4880 7): the signed text of each "-----BEGIN PGP SIGNED
// MESSAGE-----" block with its dash-escaping undone; the armour header, the signature block and
// any "-----BEGIN PGP MESSAGE-----" block (which we cannot read) dropped; other lines kept.
std::string read_pgp_inline(std::string_view text);

// Extracts the new text from a decoded UTF-8 body with LF line ends (docs/mail-protocol.md, "What
// the referee reads"; README "What a reply may contain"). First read_pgp_inline, then line by line:
//  - stop at the signature separator "-- " (also "--" whose trailing space was eaten);
//  - stop at a mail app's signature line ("Sent from my iPhone", "Get Outlook for Android",
//    "Von meinem iPhone gesendet", "Envoyé de mon iPhone", "Enviado desde mi Galaxy",
//    "Inviato da iPhone", "Verzonden vanaf mijn iPhone", "Enviado do meu iPhone", K-9, Yahoo,
//    Samsung, Mail for Windows, ...);
//  - stop at forwarded-message markers ("---------- Forwarded message ---------",
//    "Begin forwarded message:" and their translations);
//  - stop at "-----Original Message-----" (and the spaced and German forms), at an Outlook
//    separator of underscores, and at an Outlook header block ("From:" followed within four
//    lines by "Sent:" or "Date:", also German/French forms): the original follows unquoted;
//  - drop quoted lines (first non-blank character '>');
//  - drop attribution lines: "On ... wrote:" (also wrapped over up to 3 lines, as Gmail does),
//    "Am ... schrieb ...:", "Le ... a écrit :", "El ... escribió:", "Il ... ha scritto:",
//    "Op ... schreef ...:", "Em ... escreveu:", other word orders that name an address or a
//    date ("Bob <b@x> schrieb am 24.11.2026:"), mutt's "* Name <addr> [date]:", and any other line
//    ending in ':' that mentions an address or "wrote" and is followed by a quoted line. If what
//    follows an attribution is not quoted, the original follows unmarked: stop there.
//  - keep every other line, so text after a quote (bottom-posting, interleaved answers) is
//    kept; lines lose trailing white space; leading and trailing blank lines are dropped and
//    runs of blank lines (left where quotes were removed) become one.
// The result has no trailing newline.
std::string extract_new_text(std::string_view text);

}  // namespace ck::mail
