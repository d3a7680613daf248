#pragma once
// The referee's record of a hidden (or open) game in extended PGN (docs/pgn.md,
// "Hidden games"), its verification by replay, and each player's record rebuilt from it.
//
// REFEREE RECORD. An ordinary PGN of the true game: any PGN reader sees a normal legal game.
// Tags: the seven-tag roster (Event Site Date Round White Black Result), then
// `[Variant "..."]` (not for chess, as for open games), `[Kriegspiel "RULESET"]` (hidden play
// only; e.g. "crazykrieg"), `[SetUp "1"]` + `[FEN "..."]` when the start is not the standard one,
// then any other tags given (e.g. `[Mode "EM"]` for play by mail).
// Movetext: the SAN moves of the true game. Right after each move stands one comment holding,
// in order, every request of the turn that this move ended (refused tries, `any?`, errors, the
// legal attempt last), each followed by the announcements it caused. Requests after the last move
// (trailing refusals, `resign`, requests after the end) go in one final comment after the last
// move's comment, before the result. Anything else in a comment (free text, `[%clk ...]`,
// unknown `[%name ...]`) and everything inside variations is ignored by the verifier. The
// verifier takes the annotations of all comments as one stream: each `[%ann]` belongs to the
// nearest `[%req]` before it; a request may not stand after a move token whose turn it does not
// belong to, nor a move token after requests of a later turn.
//
//   request      = "[%req" SP side SP quoted SP answer "]"
//   announcement = "[%ann" SP audience SP type *(SP key "=" value) "]"
//   view         = "[%view" SP side SP quoted "]"            ; player records only
//   end          = "[%end" SP result SP reason "]"           ; an end outside the requests
//   result       = "1-0" / "0-1" / "1/2-1/2"
//   reason       = "agreement" / "forfeit" / "resignation"   ; referee::Game::end_by
//                  / "adjudication"                          ; (resignation: out of turn)
//   side         = "white" / "black"                         ; who made the request
//   audience     = side / "both"                             ; who was told
//   answer       = "legal" / "no" / "impossible" / "illegal" / "try" / "error"
//   type         = "moved" / "illegal" / "any" / "capture" / "drop" / "check" / "game-over"
//                  / "pawn-tries" / "promotion"              ; docs/rulesets.md
//   key          = "move" / "answer" / "attempt" / "piece" / "square" / "placed"
//                  / "direction" / "result" / "reason"       ; written in this order, then
//                  / "count" / "available" / "squares"       ; pawn-tries only: count=2,
//                                                            ; available=false, squares="c4,e4"
//                                                            ; (squares="" when none)
//   value        = bare / quoted
//   bare         = 1*( ALPHA / DIGIT / "+" / "#" / "=" / "@" / "/" / "." / "_" / "~" / "!"
//                      / "?" / "-" )
//   quoted       = DQUOTE *( safe-char / "\\" / "\"" / "\x" 2HEXDIG ) DQUOTE
//                  ; `{`, `}` and control characters are written as \xHH, so a comment is
//                  ; always one PGN comment
// Spaces between annotations and between fields may be any whitespace, line breaks included
// (the writer breaks lines at 80 columns only between annotations, never inside one, and
// indents a line that would start with `[` by one space so that no tool takes it for a tag;
// the first movetext line never ends with `]`: a comment that does not fit on it starts on the
// next line). Every black move is numbered `N...`, since a comment always precedes it.
// The request text is always quoted; announcement values are bare when they can be. Absent
// (empty) announcement fields are not written. Each player's announcement list is the
// announcements addressed to them (their colour or `both`) in file order; the writer marks an
// announcement `both` when both players were told the same thing at the same point.
// Example (hidden crazyhouse; line breaks aside):
//   1. e4 {[%req white "Qh5" impossible] [%ann white illegal answer=impossible attempt=Qh5]
//   [%req white "e4" legal] [%ann white moved move=e4] [%ann black moved]} 1... d5 {...}
//
// ENDS OUTSIDE THE REQUESTS (draw agreed by mail, loss on time, a resignation while the
// opponent is to move, adjudication) are not requests:
// `[%end RESULT REASON]` stands in the final comment where a request would, followed by its
// announcements (`[%ann both game-over result=... reason=...]`); the verifier replays it with
// referee::Game::end_by and checks them like a request's. The writer then also sets
// `[Termination "normal"]` (agreement, resignation), `"time forfeit"` (forfeit) or
// `"adjudication"`; the
// verifier ignores that tag. A player record leaves `[%end]` out (it is nobody's request) and
// keeps the game-over announcement.
//
// FAIRNESS RECEIPTS (hidden games; README "Fairness receipts"). The game's secret salt (64 hex
// digits, drawn at creation, kept in game.ini) commits the referee to the true position after
// every ply: receipt N = referee::Game::commitment(salt, N) (upper-case hex, so that no run of
// it reads as a square), N = moves played so far (0 = the
// start). `[%commit N HEX]` stands last in the comment of move N (receipt 0 first in the first
// comment); once the game is over the tag `[Salt "HEX"]` reveals the salt. The verifier ignores
// receipts while no salt is known and, with one, recomputes every ply and rejects a record whose
// receipt does not match. Records without receipts (open games, older records) stay valid.
//   commit       = "[%commit" SP ply SP 64HEXDIG "]"        ; ply = 1*DIGIT
//
// PLAYER RECORD (what one player knew). Same tags plus `[View "White"|"Black"]`; the movetext
// holds no moves (the true game is not the player's to know), only one comment per turn, then
// the result: the player's own requests (`[%req]`, as above; requests answered `error` are left
// out, since they are not attempts and may come from either side), everything they were told
// (`[%ann]` with their colour as audience) and, last, `[%view SIDE "BOARD"]` with their picture
// after the turn (PlayerView::board_text: own pieces, then both pockets). Each `[%commit]` of
// the referee record is copied, before the `[%view]` of its turn.
#include <array>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "pgn/referee_record_format.hpp"
#include "referee/game.hpp"
#include "referee/ruling.hpp"
#include "rules/types.hpp"

namespace ck::pgn {

// Collects the rulings of one game as it is played and writes its records.
class RecordBuilder {
public:
    explicit RecordBuilder(referee::GameSetup setup);

    // Roster tags (Event Site Date Round White Black) replace the "?" default; any other tag
    // (Mode, TimeControl, ...) is written after the setup tags in the order first given.
    // Result, Variant, Kriegspiel, SetUp and FEN come from the setup and rulings and are ignored.
    void set_tag(const std::string& name, const std::string& value);
    // Every ruling the referee's Game returned, in order (errors included).
    void add(const referee::Ruling& ruling);
    // The same, keeping both players' pictures of `after` (the game right after the ruling)
    // when the ruling ends a turn (a move or a result), so that player_record needs no replay.
    void add(const referee::Ruling& ruling, const referee::Game& after);
    // The same with the pictures already taken (White's, Black's view_text after the ruling).
    void add(const referee::Ruling& ruling, std::array<std::string, 2> pictures);
    // Fairness receipts: the salt is written (`[Salt]`) only once the result is known; the
    // receipt of ply N goes at the end of move N's comment.
    void set_salt(std::string salt) { salt_ = std::move(salt); }
    const std::string& salt() const { return salt_; }
    void add_commitment(int ply, std::string hex);
    const std::map<int, std::string>& commitments() const { return commitments_; }
    int plies() const;  // moves recorded so far
    // A player's note to the opponent (README "Notes to the opponent"), written after `ply`
    // moves: free text in that move's comment (before the first move: in the first comment),
    // `NAME writes: TEXT` with NAME the White or Black tag. Braces become parentheses, "[%"
    // loses its '%' and line breaks become " / ", so the note can never be read as an
    // annotation or end the comment. Readers skip free text in comments.
    void add_note(int ply, rules::Color by, const std::string& text);
    // A move played by a player's conditional move (docs/conditionals.md, issue 19): `text` (the
    // line that fired, cleaned as a note is) goes into the comment of ply `ply` (1 = the first
    // move) as `NAME's conditional move: TEXT`, but only once the result is known: while the
    // game is in progress the record (mailed by `pgn` in open play) says nothing of it.
    void add_conditional_comment(int ply, rules::Color by, const std::string& text);

    // The records are rendered incrementally (see Fold below): the cost of a call grows with
    // the rulings added since the last one, not with the game's length, except for the one
    // copy of the text into the result (the kept movetext is not copied to be finished: the
    // open comment and the result are laid out after it, LineWrapper::continued) and a
    // referee record of a game that is over (rendered whole).
    std::string referee_record() const;
    // The player record of `player` (format above) from the rulings in memory, byte-identical
    // to pgn::player_record(referee_record(), player); `now` is the game after the last ruling.
    // nullopt when a turn-ending ruling was added without its pictures (add(ruling) alone).
    std::optional<std::string> player_record(rules::Color player, const referee::Game& now) const;

    const std::vector<referee::Ruling>& rulings() const { return rulings_; }
    // The value given for a tag, or nullptr.
    const std::string* tag(const std::string& name) const;

private:
    // The movetext of a record rendered up to the first `rulings` rulings: a left fold over the
    // rulings, so the next render resumes it instead of starting again. It stays true while
    // what it read of earlier plies stays as it was: rulings are only appended; a receipt or a
    // note for a ply it already folded drops it (add_commitment, add_note); the referee
    // record's fold is kept only while the result is "*" (once the game is over, conditional
    // comments enter earlier plies' comments). Copies of the builder carry their folds along.
    struct Fold {
        record::LineWrapper movetext;
        std::vector<std::string> open;  // annotations of the comment not yet closed
        std::size_t rulings = 0;        // rulings folded in
        int ply = 0;                    // moves folded in
        int number = 1;                 // referee record: the next move's number and side
        bool white = true;
    };
    Fold start_referee_fold() const;
    Fold start_player_fold() const;
    // Folds in the rulings past f.rulings (`over`: conditional comments go in).
    void fold_referee(Fold& f, bool over) const;
    // False when a turn-ending ruling has no pictures (f is then left part-way).
    bool fold_player(Fold& f, rules::Color player) const;
    // Drops the folds that read ply `ply`'s receipt or notes.
    void forget_folds_from(int ply);

    // The tags as referee_record writes them (Termination and Salt set from the rulings) and
    // the result.
    std::vector<std::pair<std::string, std::string>> final_tags(std::string& result) const;
    // The White or Black tag, else "White" / "Black".
    std::string player_name(rules::Color by) const;

    referee::GameSetup setup_;
    std::vector<std::pair<std::string, std::string>> tags_;
    std::vector<referee::Ruling> rulings_;
    int plies_ = 0;  // rulings_ that played a move
    // Per ruling: White's and Black's pictures after it, for turn-ending rulings added with
    // the game; nullopt otherwise.
    std::vector<std::optional<std::array<std::string, 2>>> pictures_;
    std::string salt_;
    std::map<int, std::string> commitments_;
    std::map<int, std::vector<std::string>> notes_;                 // ply -> comment words
    std::map<int, std::vector<std::string>> conditional_comments_;  // ply -> words, after the end
    // The result and the last end outside the requests (its Termination word) among the first
    // `scanned_` rulings, each ruling read once (final_tags; rulings are only appended).
    mutable std::size_t scanned_ = 0;
    mutable std::string scanned_result_ = "*";
    mutable const char* termination_ = nullptr;
    mutable std::optional<Fold> referee_fold_;
    mutable std::array<std::optional<Fold>, 2> player_folds_;  // White's, Black's
};

struct RecordCheck {
    int plies = 0;       // moves of the true game
    int requests = 0;    // requests replayed
    std::string result;  // "1-0", "0-1", "1/2-1/2" or "*"
};

struct RecordError {
    int ply = 0;   // the half-move whose turn held the defect (1 = White's first); 0: tags
    int line = 0;  // line of the offending annotation or token (0 when unknown)
    std::string message;
};

// Replays every recorded request through a fresh referee Game built from the tags and checks
// each recorded side, answer and announcement (with its audience), that each move token is the
// move the referee played and stands before the comment of its turn, and the result.
// `first_line` is the line of text[0] in its file (GameText::first_line), for RecordError::line.
core::Result<RecordCheck, RecordError> verify_referee_record(const std::string& text,
                                                             int first_line = 1);

// A verified referee record opened to go on playing (the daemon's way to load a game): the
// referee's Game after every recorded request and end, and a RecordBuilder holding the record's
// tags and the same rulings, so that builder.referee_record() after more add() calls is the
// record with the new rulings appended.
struct OpenedRecord {
    referee::Game game;
    RecordBuilder builder;
    RecordCheck check;
};
// `salt` (the game's, from game.ini): when the record has no `[Salt]` tag yet, the receipts are
// recomputed and checked with it, and the builder gets the salt and every ply's receipt.
core::Result<OpenedRecord, RecordError> open_referee_record(const std::string& text,
                                                            const std::string& salt = {});

// `crazykrieg verify`: a finished hidden game's record replayed with its revealed `[Salt]`; every
// `[%commit]` it holds must match. Fails (ply 0) without a Salt tag or for an open game.
struct CommitmentCheck {
    RecordCheck check;
    std::vector<std::string> commitments;  // index = ply, 0 .. check.plies: recomputed
    int recorded = 0;                      // `[%commit]` annotations found (all matched)
};
core::Result<CommitmentCheck, RecordError> verify_commitments(const std::string& text);

// Receipts a player kept: `[%commit N HEX]` annotations (a player or referee record), lines
// "N HEX", or mail lines "Receipt (ply N): HEX" (HEX may stand on the next line; any case, given
// back in upper case). An error names
// the line of a malformed entry or a ply given twice with different values.
struct Receipt {
    int ply = 0;
    std::string hex;
    int line = 0;
};
core::Result<std::vector<Receipt>, std::string> read_receipts(const std::string& text);
// The first receipt (in the given order, ply order from read_receipts) that the verified record
// does not give (a ply beyond the game included); nullopt when every one matches.
std::optional<Receipt> first_mismatch(const CommitmentCheck& check,
                                      const std::vector<Receipt>& receipts);

struct RebuiltViews {
    std::string white;  // PlayerView::board_text() of each side at the end of the record
    std::string black;
};
// The players' pictures at the end, from the file alone (verifies it first).
core::Result<RebuiltViews, RecordError> rebuild_views(const std::string& text);

// The player record of `player` (format above), from a referee record (verifies it first).
core::Result<std::string, RecordError> player_record(const std::string& referee_record_text,
                                                     rules::Color player);

}  // namespace ck::pgn
