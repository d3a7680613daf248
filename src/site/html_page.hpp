#pragma once
// The page shell every site page shares: valid HTML5 (the W3C Nu Html Checker and axe-core find
// nothing: tests/html), a header with the navigation and a main landmark with the one h1, UTF-8, a
// viewport for phones, inline CSS
// and (for game pages) the inline replay script; no external resource, so the pages work from
// file:// and from any static server. Links are relative: `root` is "" for pages at the top and
// "../" for pages one folder down.
#include <string>

#include "core/html.hpp"

namespace ck::site {

using core::html_escape;

std::string page(const std::string& title, const std::string& root, const std::string& body,
                 bool with_replay_script = false);

// The page file of a player: players/p-<first 12 hex digits of SHA-256 of the address>.html,
// so a public page names no address.
std::string player_slug(const std::string& address);

}  // namespace ck::site
