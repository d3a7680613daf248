#pragma once
// `belief` (README "Computer opponents"): our engine for hidden games of every variant and rule
// set. It keeps a BeliefState (sampled positions consistent with everything heard) and chooses
// each attempt by trying every candidate attempt on a sample of those positions, as if the
// referee answered there: where the attempt is legal it scores the position after it (material
// with pockets, mate, the opponent's best capture in reply weighted by how likely a blind
// opponent finds it, the enemy king's room, pawns' progress), where it is not the answer is `no`
// and the turn goes on (a small cost). It asks `any?` where the rule set has it when some
// sampled position has a pawn capture, and tries pawn captures under the duty. The rule set's
// pawn-tries announcements, `no` answers and `any?` answers all narrow the positions.
// Budget: `particles` positions kept (default 96), `samples` tried per candidate (default 32),
// and a CPU cap per move (`budget`, default 1 s, every attempt of the turn together) that cuts
// the sample short when reached.
#include <cstdint>
#include <memory>

#include "bot/engine_interface.hpp"

namespace ck::bot {

std::unique_ptr<Engine> make_belief(const EngineSpec& spec, const referee::PlayerView& start,
                                    std::uint64_t seed);

}  // namespace ck::bot
