// The referee's game object: requests -> rulings (docs/referee-protocol.md, CrazyKrieg rules
// and "Details the checks rely on").
#include "referee/game.hpp"

#include <algorithm>
#include <utility>

#include "core/text.hpp"
#include "referee/check_direction.hpp"
#include "referee/open_reason.hpp"
#include "referee/own_board.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace ck::referee {

using rules::Color;
using rules::Move;
using rules::MoveKind;
using rules::MoveList;
using rules::Piece;
using rules::PieceType;
using rules::Square;

namespace {

int lowest_square(rules::Bitboard b) { return __builtin_ctzll(b); }

Announcement make(AnnouncementType t) {
    Announcement a;
    a.type = t;
    return a;
}

// Reserve identity of a captured unit (spec: "Captures" and detail 10).
std::string capture_identity(const rules::Variant& v, PieceType t, bool promoted) {
    if (promoted && rules::has_pockets(v) && v.promoted_returns_as_pawn) t = PieceType::Pawn;
    return std::string(rules::type_word(t));
}

// The player's legal pawn captures (docs/rulesets.md, "Terms"): the (from, to) of each legal
// move that is a pawn stepping diagonally, en passant included, a promotion capture once.
std::vector<std::pair<Square, Square>> legal_pawn_captures(const rules::Position& pos) {
    MoveList legal;
    rules::generate_legal(pos, legal);
    std::vector<std::pair<Square, Square>> out;
    for (Move m : legal) {
        if (m.is_drop() || m.kind() == MoveKind::Castling) continue;
        if (rules::type_of(pos.piece_on(m.from())) != PieceType::Pawn) continue;
        if (rules::file_of(m.from()) == rules::file_of(m.to())) continue;
        const std::pair<Square, Square> ft{m.from(), m.to()};
        bool seen = false;
        for (const auto& o : out) seen = seen || o == ft;
        if (!seen) out.push_back(ft);
    }
    return out;
}

// What a capture names (docs/rulesets.md, "Announcements of a legal move" 2): with pockets the
// reserve identity in every rule set, otherwise as the rule set says.
std::string capture_piece(const KriegspielRules& k, const rules::Variant& v, PieceType t,
                          bool promoted) {
    if (rules::has_pockets(v)) return capture_identity(v, t, promoted);
    switch (k.plain_capture) {
        case PlainCapture::Identity:
            return capture_identity(v, t, promoted);
        case PlainCapture::PawnOrPiece:
            return t == PieceType::Pawn ? "pawn" : "piece";
        case PlainCapture::SquareOnly:
            break;
    }
    return {};
}

// A promotion written without its piece ("exf8"): what to write instead, from the player's
// own text ("exf8 needs the piece the pawn becomes, as in exf8=Q"; issue 24, D6).
std::string needs_piece(std::string_view text) {
    std::string move(text);
    while (!move.empty() && std::string_view("+#!?").find(move.back()) != std::string_view::npos)
        move.pop_back();
    return std::string(text) + " needs the piece the pawn becomes, as in " + move + "=Q";
}

}  // namespace

core::Result<Game, SetupError> Game::create(const GameSetup& setup) {
    if (!setup.variant) return core::unexpected(SetupError{"no variant given"});
    std::optional<rules::Position> pos;
    if (setup.fen) {
        auto parsed = rules::Position::from_fen(*setup.fen, *setup.variant);
        if (!parsed) return core::unexpected(SetupError{"bad FEN: " + parsed.error().message});
        pos = std::move(*parsed);
    } else {
        pos = rules::Position::startpos(*setup.variant);
    }
    if (!setup.hidden && setup.rules != RuleSet::CrazyKrieg)
        return core::unexpected(SetupError{"the " + std::string(rule_set_name(setup.rules)) +
                                           " rules are Kriegspiel rules: they need hidden play"});
    Game g(std::move(*pos));
    g.hidden_ = setup.hidden;
    g.rules_ = setup.rules;
    // A start position that is already mate or stalemate is a finished game: every request is
    // answered "the game is over" (nobody moved, so nobody is told anything).
    MoveList legal;
    rules::generate_legal(g.position_, legal);
    if (legal.empty()) {
        const bool loses = g.position_.in_check() ||
                           g.kriegspiel().stalemate == StalemateResult::StalematedSideLoses;
        if (loses)
            g.result_ = loss_of(g.position_.side_to_move());
        else
            g.result_ = GameResult::Draw;
    }
    return g;
}

Ruling Game::request(std::string_view line) {
    Ruling r;
    // Blanks around a request: ASCII white space, form feed and vertical tab included.
    const std::string trimmed = core::trim_ascii(line, " \t\r\n\f\v");
    const std::string_view text = trimmed;
    r.n = ++requests_;
    r.request = std::string(text);
    r.side = position_.side_to_move();
    if (over()) {
        r.error = "the game is over";
    } else if (core::iequals_ascii(text, "any?")) {
        ask_any(r);
    } else if (core::iequals_ascii(text, "resign")) {
        resign(r);
    } else if (hidden_) {
        attempt(text, r);
    } else {
        attempt_open(text, r);
    }
    r.result = result_;
    for (int c = 0; c < 2; ++c) heard_[c].append(r.told[c].begin(), r.told[c].end());
    return r;
}

void Game::tell(Color c, Ruling& r, Announcement a) {
    r.told[rules::index_of(c)].push_back(std::move(a));
}

void Game::tell_both(Ruling& r, const Announcement& a) {
    tell(Color::White, r, a);
    tell(Color::Black, r, a);
}

// Refusals (detail 3; docs/rulesets.md, "Rulings" 4): the mover hears the answer and the
// attempt; the opponent hears `no` and `impossible` without the attempt where the rule set says
// so, never a refusal under the `any?` duty or of a second `any?` (`mover_only`), nor open
// play's `illegal`.
void Game::refuse(Ruling& r, Answer answer, bool mover_only) {
    r.answer = answer;
    Announcement mine = make(AnnouncementType::Illegal);
    mine.answer = std::string(answer_word(answer));
    mine.attempt = r.request;
    tell(r.side, r, mine);
    const KriegspielRules& k = kriegspiel();
    const bool heard = answer == Answer::No           ? k.opponent_hears_no
                       : answer == Answer::Impossible ? k.opponent_hears_impossible && !mover_only
                                                      : false;
    if (heard) {
        Announcement theirs = make(AnnouncementType::Illegal);
        theirs.answer = mine.answer;
        tell(~r.side, r, theirs);
    }
}

// `any?` (detail 4; docs/rulesets.md, "any?"): once per turn where the rule set has it; `try`
// when a legal pawn capture (en passant included) exists, and then the duty to try a pawn
// capture. Both players hear question and answer.
void Game::ask_any(Ruling& r) {
    if (hidden_ && kriegspiel().any == AnyRule::None) {
        r.error =
            "the " + std::string(kriegspiel().name) + " rules have no any?" +
            (kriegspiel().pawn_tries != PawnTries::None ? ": the referee announces the pawn tries"
                                                        : "");
        return;
    }
    if (asked_any_) {
        refuse(r, Answer::Impossible, true);
        return;
    }
    asked_any_ = true;
    const bool capture = !legal_pawn_captures(position_).empty();
    r.answer = capture ? Answer::Try : Answer::No;
    duty_ = hidden_ && capture;
    any_no_ = !capture;
    Announcement a = make(AnnouncementType::Any);
    a.answer = capture ? "try" : "no";
    tell_both(r, a);
}

// Detail 7.
void Game::resign(Ruling& r) {
    r.answer = Answer::Legal;
    end_game(r, loss_of(r.side), "resignation");
}

void Game::end_game(Ruling& r, GameResult result, std::string reason) {
    Announcement a = make(AnnouncementType::GameOver);
    a.result = result;
    a.reason = std::move(reason);
    tell_both(r, a);
    result_ = result;
}

core::Result<Ruling, std::string> Game::end_by(GameResult result, const std::string& reason) {
    if (over()) return core::unexpected(std::string("the game is over"));
    const bool draw = result == GameResult::Draw;
    const bool decisive_only = reason == "forfeit" || reason == "resignation";
    if (reason == "agreement" ? !draw : decisive_only ? draw : reason != "adjudication")
        return core::unexpected("result " + std::string(result_text(result)) +
                                " does not fit the reason '" + reason + "'");
    Ruling r;
    r.ending = true;
    r.side = position_.side_to_move();
    r.request = reason;
    r.answer = Answer::Legal;
    end_game(r, result, reason);
    r.result = result_;
    for (int c = 0; c < 2; ++c) heard_[c].append(r.told[c].begin(), r.told[c].end());
    return r;
}

void Game::start_turn() {
    asked_any_ = false;
    duty_ = false;
    any_no_ = false;
    refused_.clear();
}

// The same attempt as one answered `no` this turn: the whole move as the player named it, same
// from, to and promotion piece, or the same drop, and in Replacement/Putback the same placement
// and pending choice: every (capture, placement) pair is its own move (docs/rulesets.md,
// "Terms"; README "Replacement and Putback").
bool Game::refused_this_turn(Move m) const {
    for (Move o : refused_)
        if (o.from() == m.from() && o.to() == m.to() && o.piece() == m.piece() &&
            o.is_drop() == m.is_drop() && o.place() == m.place() &&
            o.pending_choice() == m.pending_choice())
            return true;
    return false;
}

// docs/rulesets.md, "Rulings": an own-board move is askable unless the rule set remembers it
// was refused this turn, or it is a pawn-capture attempt after `any?` -> `no` (same rule sets)
// or one the automatic pawn-tries announcement does not cover.
bool Game::askable(Move m, bool pawn_capture) const {
    const KriegspielRules& k = kriegspiel();
    if (k.remembers_refusals && refused_this_turn(m)) return false;
    if (!pawn_capture) return true;
    if (k.remembers_refusals && any_no_) return false;
    if (k.pawn_tries == PawnTries::None) return true;
    const auto captures = legal_pawn_captures(position_);
    if (k.pawn_tries != PawnTries::Squares) return !captures.empty();
    for (const auto& c : captures)
        if (c.first == m.from()) return true;
    return false;
}

// After a legal move, unless the game is over: what the rule set announces automatically about
// the side now to move (docs/rulesets.md, "Announcements of a legal move" 5).
void Game::announce_pawn_tries(Ruling& r) {
    const PawnTries form = kriegspiel().pawn_tries;
    if (form == PawnTries::None || over()) return;
    const auto captures = legal_pawn_captures(position_);
    Announcement a = make(AnnouncementType::PawnTries);
    if (form == PawnTries::Count) a.count = static_cast<int>(captures.size());
    if (form == PawnTries::Available) a.available = !captures.empty();
    if (form == PawnTries::Squares) {
        std::vector<Square> from;
        for (const auto& c : captures) from.push_back(c.first);
        std::sort(from.begin(), from.end());  // a1, b1, ..., h8
        from.erase(std::unique(from.begin(), from.end()), from.end());
        a.squares.emplace();
        for (Square s : from) a.squares->push_back(rules::square_name(s));
    }
    tell_both(r, a);
}

// A hidden-play attempt: resolve on the mover's own board (error / impossible), apply the
// `any?` duty, then rule on the true board (legal / no).
void Game::attempt(std::string_view text, Ruling& r) {
    auto parsed = rules::parse_move_text(text);
    if (!parsed) {
        r.error = "not a request";
        return;
    }
    // Putback: a waiting pawn is the piece the text chooses for it (a queen when it names none,
    // as on the true board below), so that piece may make the move.
    const PieceType choice =
        parsed->pending_choice != PieceType::None ? parsed->pending_choice : PieceType::Queen;
    const OwnBoard own = OwnBoard::of(position_, r.side).with_choice(choice);
    const OwnResolution res = resolve_on_own_board(own, *parsed);
    switch (res.kind) {
        case OwnResolution::Kind::Ambiguous:
            r.error = res.reason;
            return;
        case OwnResolution::Kind::NeedsPiece:
            r.error = needs_piece(text);
            return;
        case OwnResolution::Kind::Impossible:
        case OwnResolution::Kind::Move:
            break;
    }
    // docs/rulesets.md, "Rulings" 1-3. The attempt as named: the own-board move with the
    // placement and pending choice the text gives (none when it gives none).
    const bool on_own_board = res.kind == OwnResolution::Kind::Move;
    const bool pawn_capture = on_own_board && is_pawn_capture(own, res.move);
    Move named = res.move;
    if (parsed->place) named = named.with_place(*parsed->place);
    if (parsed->pending_choice != PieceType::None)
        named = named.with_pending_choice(parsed->pending_choice);
    const bool ask = on_own_board && askable(named, pawn_capture);
    if (duty_ && !(ask && pawn_capture)) {
        refuse(r, Answer::Impossible, true);  // keeps the duty
        return;
    }
    if (!ask) {
        const bool no = !kriegspiel().says_impossible;
        if (no && on_own_board) refused_.push_back(named);
        refuse(r, no ? Answer::No : Answer::Impossible);
        return;
    }
    MoveList legal;
    rules::generate_legal(position_, legal);
    Move chosen = Move::none();
    for (Move m : legal) {
        if (!same_intent(res.move, m)) continue;
        // Replacement/Putback: the text may name the placement ("/d6") and the pending
        // promotion choice ("=Q:"). When it does not, the referee takes the legal placement on
        // the lowest square (a1, b1, ..., h8) and a queen for the pending choice.
        if (parsed->place && m.place() != *parsed->place) continue;
        if (m.pending_choice() != PieceType::None && m.pending_choice() != choice) continue;
        if (chosen.is_none() || m.place() < chosen.place()) chosen = m;
    }
    if (chosen.is_none()) {
        // One failed pawn-capture try releases the duty, where the rule set says so.
        if (duty_ && pawn_capture && kriegspiel().any == AnyRule::ReleasedByFailedTry)
            duty_ = false;
        refused_.push_back(named);
        refuse(r, Answer::No);
        return;
    }
    play(chosen, r);
}

// Open play: legal or illegal with a reason; ambiguity is judged on the whole board.
void Game::attempt_open(std::string_view text, Ruling& r) {
    auto parsed = rules::parse_move_text(text);
    if (!parsed) {
        r.error = "not a request";
        return;
    }
    auto m = rules::parse_move(position_, text);
    if (m) {
        play(*m, r);
        return;
    }
    if (m.error().code == rules::NotationError::Code::Ambiguous) {
        // The rules' words name what is missing: the candidates ("Nd2 is ambiguous: Nbd2,
        // Nfd2"), the promotion piece, the placement square or the Putback choice, with an
        // example (the whole board is public in open play).
        r.error = m.error().message;
        return;
    }
    const PieceType choice =
        parsed->pending_choice != PieceType::None ? parsed->pending_choice : PieceType::Queen;
    const OwnResolution res =
        resolve_on_own_board(OwnBoard::of(position_, r.side).with_choice(choice), *parsed);
    if (res.kind == OwnResolution::Kind::NeedsPiece) {
        r.error = needs_piece(text);
        return;
    }
    refuse(r, Answer::Illegal);
    switch (res.kind) {
        case OwnResolution::Kind::Move:
            r.reason = open_play_reason(position_, res.move);
            break;
        case OwnResolution::Kind::Impossible:
            r.reason = res.reason;
            break;
        default:
            r.reason = "none of the moves it could mean is legal here";
            break;
    }
}

// A legal move and its announcements, in the order of detail 1: moved, capture or drop, one
// check per direction, game-over.
void Game::play(Move m, Ruling& r) {
    const Color us = r.side, them = ~us;
    const std::string san = rules::to_san(position_, m);
    const rules::Variant& v = position_.variant();

    Piece before[64];
    for (Square s = 0; s < 64; ++s) before[s] = position_.piece_on(s);
    const rules::Bitboard promoted_before = position_.promoted();
    const rules::Bitboard theirs_before = position_.pieces(them);

    position_.make_move(m);
    start_turn();
    r.answer = Answer::Legal;
    r.move = san;

    Announcement mine = make(AnnouncementType::Moved);
    mine.move = san;
    tell(us, r, mine);
    Announcement theirs = make(AnnouncementType::Moved);
    if (!hidden_) theirs.move = san;
    tell(them, r, theirs);

    // The captured unit left its square (en passant: the passed pawn's square); a put-back
    // piece appears on a square that was empty, so it does not hide the captured square.
    const rules::Bitboard removed = theirs_before & ~position_.pieces(them);
    const KriegspielRules& k = kriegspiel();
    if (!m.is_drop() && removed) {
        const Square sq = static_cast<Square>(lowest_square(removed));
        const bool arrival =
            m.kind() == MoveKind::EnPassant && k.en_passant_square == EnPassantSquare::Arrival;
        Announcement cap = make(AnnouncementType::Capture);
        cap.square = rules::square_name(arrival ? m.to() : sq);
        cap.piece = capture_piece(k, v, rules::type_of(before[sq]), (promoted_before >> sq) & 1);
        tell(us, r, cap);
        if (m.place() != rules::NoSquare) cap.placed = rules::square_name(m.place());
        tell(them, r, cap);
    }
    if (m.is_drop()) {
        Announcement drop = make(AnnouncementType::Drop);
        drop.piece = std::string(rules::type_word(m.piece()));
        drop.square = rules::square_name(m.to());
        tell(us, r, drop);
        if (hidden_) drop.square.clear();
        tell(them, r, drop);
    }
    if (k.announces_promotion && hidden_ &&
        (m.kind() == MoveKind::Promotion || m.pending_choice() != PieceType::None))
        tell_both(r, make(AnnouncementType::Promotion));
    const Square king = position_.king_square(them);
    for (rules::Bitboard c = position_.checkers(); c; c &= c - 1) {
        const Square s = static_cast<Square>(lowest_square(c));
        Announcement chk = make(AnnouncementType::Check);
        chk.direction =
            std::string(check_direction(king, s, rules::type_of(position_.piece_on(s))));
        tell_both(r, chk);
    }

    // Automatic game end (detail 9; docs/rulesets.md, "Announcements of a legal move" 6): mate
    // and stalemate first, then the draws the rule set has.
    MoveList replies;
    rules::generate_legal(position_, replies);
    const GameResult win = loss_of(~us);
    if (replies.empty()) {
        if (position_.in_check())
            end_game(r, win, "checkmate");
        else
            end_game(r, k.stalemate == StalemateResult::Draw ? GameResult::Draw : win, "stalemate");
    } else if (k.automatic_draws && position_.repetition_count() >= 3) {
        end_game(r, GameResult::Draw, "repetition");
    } else if (k.automatic_draws && position_.halfmove_clock() >= 100) {
        end_game(r, GameResult::Draw, "fifty-moves");
    } else if (position_.insufficient_material()) {
        end_game(r, GameResult::Draw, "insufficient-material");
    }
    if (hidden_) announce_pawn_tries(r);
}

// The only place a view's pieces come from: `player`'s own pieces (every piece in open play)
// and the pockets, which are public in every variant (captures and drops are announced).
OwnPieces Game::own_pieces(Color player) const {
    OwnPieces o;
    for (Square s = 0; s < 64; ++s) {
        const Piece p = position_.piece_on(s);
        const bool shown = rules::is_piece(p) && (!hidden_ || rules::color_of(p) == player);
        o.board[s] = shown ? p : Piece::NoPiece;
        if (shown && position_.is_promoted(s)) o.promoted |= rules::bb(s);
    }
    for (Color c : {Color::White, Color::Black})
        for (int t = 0; t < rules::PocketTypes; ++t)
            o.pockets[rules::index_of(c)][t] = position_.pocket_count(c, static_cast<PieceType>(t));
    return o;
}

std::string Game::view_text(Color player) const {
    PlayerView v;
    v.player = player;
    v.pieces = own_pieces(player);
    return v.board_text();
}

PlayerView Game::view(Color player) const {
    PlayerView v;
    v.player = player;
    v.variant = std::string(position_.variant().name);
    v.hidden = hidden_;
    v.rules = rules_;
    v.pieces = own_pieces(player);
    v.heard = heard_[rules::index_of(player)];
    v.move_number = position_.fullmove_number();
    v.to_move = position_.side_to_move();
    v.result = result_;
    return v;
}

}  // namespace ck::referee
