#pragma once
// The daemon speaks the club library's names unqualified (src/league: the game repository and
// the record codecs, players, events, ratings, leaves, clocks and deadlines): the daemon is the
// orchestrator of that library, and its passes, handlers and answers read as club code. Only
// src/daemon includes this header; the modules beside the daemon write `league::`.
namespace ck::league {}

namespace ck::daemon {
using namespace ck::league;
}  // namespace ck::daemon
