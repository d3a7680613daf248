#pragma once
// The referee's answer to one request (docs/referee-protocol.md, "Responses"). An illegal
// Kriegspiel attempt is a ruling, not an error (docs/design.md); `Answer::Error` is a request that
// is not an attempt at all (gibberish, ambiguous, after the end) and changes nothing.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/announcement.hpp"
#include "rules/types.hpp"

namespace ck::referee {

enum class Answer : unsigned char { Legal, No, Impossible, Illegal, Try, Error };
std::string_view answer_word(Answer a);

struct Ruling {
    int n = 0;                                // request number from 1, errors included
    rules::Color side = rules::Color::White;  // who asked (on an error: the side to move)
    std::string request;                      // the line as given, trimmed
    Answer answer = Answer::Error;
    std::string reason;                 // Illegal (open play): plain words
    std::string error;                  // Error: plain words
    std::optional<std::string> move;    // SAN of the move played
    std::vector<Announcement> told[2];  // by colour index: what each player is told
    std::optional<GameResult> result;   // the game's result after this request
    // Game::end_by: an end outside the requests (draw agreed, loss on time, adjudication).
    // Then n is 0, request holds the reason, answer is Legal, side is the side to move, and
    // both players are told game-over.
    bool ending = false;
};

}  // namespace ck::referee
